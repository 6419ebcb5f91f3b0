import { AppError } from '../errors.ts';

export const INVALID_PROMO_CODE = 'Invalid promo code';
export const PROMO_CODE_REQUIRED = 'Please enter a promo code';
export const PROMO_CODE_VALID = 'Promo code valid';

export class BillingOffError extends AppError {
  constructor() {
    super(409, 'billing_off', 'Billing is not enabled on this server: every account already has the Standard plan');
  }
}

export class InvalidPromoCodeError extends AppError {
  /** 404 when looking a code up, 400 when a checkout names one. */
  constructor(status: 400 | 404) {
    super(status, 'invalid_promo', INVALID_PROMO_CODE, status === 404 ? { valid: false } : { field: 'promoCode' });
  }
}

export class SubscriptionRequiredError extends AppError {
  constructor() {
    super(403, 'subscription_required', 'An active subscription or trial is required to create or activate alerts; start one on the Subscription page');
  }
}

export class SubscriptionExistsError extends AppError {
  constructor() {
    super(409, 'subscription_exists', 'You already have a subscription; change or cancel it in the billing portal');
  }
}

export class NoBillingAccountError extends AppError {
  constructor() {
    super(404, 'no_billing_account', 'You have no billing account yet; subscribe first');
  }
}

export class PaymentProviderError extends AppError {
  constructor() {
    super(502, 'payment_provider_error', 'The payment provider could not be reached or refused the request; please try again later');
  }
}

export class InvalidWebhookSignatureError extends AppError {
  constructor() {
    super(400, 'invalid_signature', 'Stripe signature missing or invalid');
  }
}

/** Signed by Stripe but not shaped as we read it: a 400 stops Stripe's days of retries of an event that cannot succeed. */
export class MalformedStripeEventError extends AppError {
  constructor() {
    super(400, 'malformed_event', 'Stripe event is signed but malformed; nothing was changed');
  }
}
