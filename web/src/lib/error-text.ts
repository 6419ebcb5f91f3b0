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

function translated(t: TFunction, key: string, values?: Record<string, unknown>): string | undefined {
  const text = t(key, { ...values, defaultValue: '' });
  return text && text !== key ? text : undefined;
}

/**
 * The user's-language text for an error, chosen by the server's error `code` (the product's validation messages map
 * to their own keys). Never the server's English message, never the HTTP status: an unknown code says which kind of
 * failure it was (request refused, server, network) in the user's language.
 */
export function describeError(t: TFunction, error: unknown, fallbackKey?: string): string {
  if (error instanceof ApiError) {
    const validationKey = error.serverMessage ? VALIDATION_MESSAGES[error.serverMessage] : undefined;
    if (validationKey) return t(validationKey);
    // The body's other fields (e.g. origin_mismatch's expectedOrigin) fill the translation's placeholders.
    const byCode = error.code ? translated(t, `errors.codes.${error.code}`, error.body ?? undefined) : undefined;
    if (byCode) return byCode;
    if (fallbackKey) return t(fallbackKey);
    if (error.status === 400) return t('errors.badRequest');
    if (error.status >= 500) return t('errors.server');
    return t('errors.unexpected');
  }
  // fetch() rejects with a TypeError ("Failed to fetch", "NetworkError …", "Load failed") when no answer came back.
  if (error instanceof TypeError) return t('errors.network');
  return t(fallbackKey ?? 'errors.unexpected');
}
