import { z } from 'zod';

// Only the fields Vigie reads, in both the current API shape and the older one (periods on the subscription,
// `invoice.subscription`), so an account pinned to an older API version works too.

const Id = z.string().min(1);
const Expandable = z.union([Id, z.object({ id: Id })]).transform((value) => (typeof value === 'string' ? value : value.id));
const Timestamp = z.number().int().nonnegative();
const Metadata = z.record(z.string(), z.string()).nullish();

export const StripeEventEnvelope = z.object({
  id: Id,
  type: z.string().min(1),
  created: Timestamp,
  data: z.object({ object: z.unknown() }),
});
export type StripeEventEnvelope = z.infer<typeof StripeEventEnvelope>;

export const CheckoutSessionPayload = z.object({
  id: Id,
  mode: z.string(),
  client_reference_id: z.string().nullish(),
  customer: Expandable.nullish(),
  subscription: Expandable.nullish(),
  metadata: Metadata,
});

const SubscriptionItemPayload = z.object({
  price: z.object({ id: Id, recurring: z.object({ interval: z.string() }).nullish() }),
  current_period_start: Timestamp.nullish(),
  current_period_end: Timestamp.nullish(),
});

export const SubscriptionPayload = z.object({
  id: Id,
  customer: Expandable,
  status: z.string().min(1),
  cancel_at_period_end: z.boolean(),
  cancel_at: Timestamp.nullish(),
  trial_end: Timestamp.nullish(),
  current_period_start: Timestamp.nullish(),
  current_period_end: Timestamp.nullish(),
  items: z.object({ data: z.array(SubscriptionItemPayload) }),
  metadata: Metadata,
});
export type SubscriptionPayload = z.infer<typeof SubscriptionPayload>;

export const InvoicePayload = z.object({
  id: Id,
  subscription: Expandable.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: Expandable }).nullish() }).nullish(),
});

export function fromUnixTime(seconds: number | null | undefined): Date | null {
  return seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
}
