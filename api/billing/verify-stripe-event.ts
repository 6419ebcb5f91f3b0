import type { Billing } from './billing-context.ts';
import { InvalidWebhookSignatureError } from './billing-errors.ts';
import { StripeEventEnvelope } from './stripe-payloads.ts';

/** The event in a webhook request, once its Stripe-Signature is checked against STRIPE_WEBHOOK_SECRET over the raw body. */
export function verifyStripeEvent(billing: Pick<Billing, 'stripe' | 'settings'>, rawBody: Buffer, signature: string): StripeEventEnvelope {
  if (signature === '') throw new InvalidWebhookSignatureError();
  let event: unknown;
  try {
    event = billing.stripe.webhooks.constructEvent(rawBody, signature, billing.settings.webhookSecret);
  } catch {
    throw new InvalidWebhookSignatureError();
  }
  return StripeEventEnvelope.parse(event);
}
