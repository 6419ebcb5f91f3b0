import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';

/** The product's exact validation messages (docs/product.md §5) → their translation keys. */
export const VALIDATION_MESSAGES: Record<string, string> = {
  'Prompt must be at least 10 characters': 'validation.promptMin',
  'Username must be at least 3 characters': 'validation.usernameMin',
  'Password must be at least 6 characters': 'validation.passwordMin',
  'Password must be at least 10 characters': 'validation.passwordMin10',
  'This password is too common or too easy to guess': 'validation.passwordCommon',
  'Password must not be your username or e-mail address': 'validation.passwordAccount',
  'Password is required': 'validation.passwordRequired',
  'Username may contain only letters, digits, dots, underscores and hyphens': 'validation.usernameCharacters',
  'Please enter a valid email address': 'validation.email',
  'Confirm password is required': 'validation.confirmRequired',
  'Passwords do not match': 'validation.passwordsMismatch',
  'Please enter a promo code': 'validation.promoRequired',
  'Invalid promo code': 'subscription.promoInvalid',
  'No verification token found': 'verify.noToken',
};

/**
 * `status: text` where text is the localised message for the server's error code, falling back to
 * the server's message, then to the raw body. Non-API errors give their own message.
 */
export function describeError(t: TFunction, error: unknown, fallbackKey?: string): string {
  if (error instanceof ApiError) {
    const serverMessage = error.serverMessage;
    const validationKey = serverMessage ? VALIDATION_MESSAGES[serverMessage] : undefined;
    let text: string | undefined;
    if (validationKey) text = t(validationKey);
    else if (error.code && error.code !== 'validation_failed' && error.code !== 'bad_request') {
      const key = `errors.codes.${error.code}`;
      // The body's other fields (e.g. origin_mismatch's expectedOrigin) fill the translation's placeholders.
      const localised = t(key, { ...error.body, defaultValue: '' });
      text = localised && localised !== key ? localised : undefined;
    }
    text ??= serverMessage;
    if (!text) return error.message;
    return `${error.status}: ${text}`;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallbackKey ? t(fallbackKey) : t('errors.unexpected');
}
