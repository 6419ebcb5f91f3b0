import type { Billing } from './billing-context.ts';
import { PaymentProviderError } from './billing-errors.ts';

/** A Stripe API call whose failure becomes a 502 for the browser and a logged reason for the operator. */
export async function callStripe<T>(billing: Pick<Billing, 'logger' | 'stripe'>, action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof billing.stripe.errors.StripeError)) throw error;
    billing.logger.error({ action, type: error.type, code: error.code, statusCode: error.statusCode, message: error.message }, 'Stripe call failed');
    throw new PaymentProviderError();
  }
}
