/**
 * Every `error` code the API answers with (`{ error: code, message }`); the SPA translates by code
 * (`errors.codes.<code>` in web/src/locales), falling back to the server's English message.
 */
export const API_ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'invalid_json',
  'unsupported_encoding',
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'admin_required',
  'origin_mismatch',
  'not_found',
  'method_not_allowed',
  'not_implemented',
  'conflict',
  'username_taken',
  'email_taken',
  'already_verified',
  'invalid_token',
  'alert_limit_reached',
  'scrape_running',
  'payload_too_large',
  'rate_limited',
  'billing_off',
  'invalid_promo',
  'subscription_required',
  'subscription_exists',
  'no_billing_account',
  'payment_provider_error',
  'invalid_signature',
  'malformed_event',
  'unsafe_text',
  'restarting',
  'internal_error',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
