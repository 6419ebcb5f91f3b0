import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPromoCode } from '../../../db/promo-codes.ts';
import { startTestApi, testPipeline, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../../../test-support/fake-stripe-server.ts';

let stripe: FakeStripeServer;
let api: TestApi;
let eventSequence = 0;

const DAY = 86_400;
const T0 = Math.floor(Date.parse('2026-03-01T10:00:00Z') / 1000);

beforeAll(async () => {
  stripe = await startFakeStripeServer();
  api = await startTestApi({ env: stripe.env(), pipeline: testPipeline({ scoreAlertNow: async () => ({ scored: 0, matches: 0 }) }) });
});
afterAll(async () => {
  await api?.close();
  await stripe?.close();
});

async function deliver(event: { id?: string; type: string; created?: number; object: unknown }, signature?: string) {
  const signed = stripe.signEvent({ id: event.id ?? `evt_test_${++eventSequence}`, type: event.type, created: event.created, object: event.object });
  return api.client({ origin: null }).post('/api/webhooks/stripe', signed.payload, {
    'Content-Type': 'application/json; charset=utf-8',
    'Stripe-Signature': signature ?? signed.signature,
  });
}

/** A user who went through checkout: the customer the app created is linked to them. */
async function subscriber(): Promise<SignedUpUser & { customer: string }> {
  const user = await api.signUp();
  expect((await user.client.post('/api/subscription/checkout', { plan: 'monthly' })).status).toBe(200);
  const row = await api.db.knex('subscriptions').where({ userId: user.id }).first();
  return { ...user, customer: row.stripeCustomerId };
}

function subscription(
  customer: string,
  fields: Partial<{
    id: string;
    status: string;
    price: string;
    start: number;
    end: number;
    trialEnd: number | null;
    cancelAtPeriodEnd: boolean;
    metadata: Record<string, string>;
  }> = {},
) {
  const start = fields.start ?? T0;
  const end = fields.end ?? start + 30 * DAY;
  return {
    id: fields.id ?? `sub_${customer}`,
    object: 'subscription',
    customer,
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    trial_end: fields.trialEnd ?? null,
    metadata: fields.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          price: { id: fields.price ?? stripe.priceMonthly, recurring: { interval: 'month' } },
          current_period_start: start,
          current_period_end: end,
        },
      ],
    },
  };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('POST /api/webhooks/stripe', () => {
  it('answers 400 on a missing or bad signature and records nothing', async () => {
    const signed = stripe.signEvent({ id: 'evt_forged', type: 'customer.subscription.updated', object: subscription('cus_x') });
    const forged = await api
      .client({ origin: null })
      .post('/api/webhooks/stripe', signed.payload.replace('active', 'trialing'), { 'Stripe-Signature': signed.signature });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ error: 'invalid_signature', message: 'Stripe signature missing or invalid' });
    expect((await api.client({ origin: null }).post('/api/webhooks/stripe', signed.payload)).status).toBe(400);
    expect((await deliver({ type: 'customer.subscription.updated', object: subscription('cus_x') }, 't=1,v1=deadbeef')).status).toBe(400);
    expect(await api.db.knex('stripeEvents').where({ id: 'evt_forged' })).toHaveLength(0);
  });

  it('accepts deliveries from Stripe without an Origin check or a JSON body limit', async () => {
    const fromBrowserOrigin = stripe.signEvent({ id: 'evt_origin', type: 'balance.available', object: { object: 'balance', note: 'x'.repeat(150_000) } });
    const response = await api
      .client({ origin: 'https://stripe.com' })
      .post('/api/webhooks/stripe', fromBrowserOrigin.payload, { 'Stripe-Signature': fromBrowserOrigin.signature });
    expect(response.status).toBe(200);
  });

  it('answers 200 for an unknown event type and records it', async () => {
    const response = await deliver({ id: 'evt_unknown', type: 'charge.succeeded', object: { id: 'ch_1', object: 'charge' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, outcome: 'ignored' });
    const row = await api.db.knex('stripeEvents').where({ id: 'evt_unknown' }).first();
    expect(row).toMatchObject({ type: 'charge.succeeded', processedAt: expect.any(Date) });
  });

  it('reflects the subscription lifecycle in GET /api/subscription: trialing, active, canceling, deleted', async () => {
    const user = await subscriber();
    const trialEnd = T0 + 14 * DAY;
    const created = await deliver({
      type: 'customer.subscription.created',
      created: T0,
      object: subscription(user.customer, { status: 'trialing', end: trialEnd, trialEnd }),
    });
    expect(created.body).toEqual({ received: true, outcome: 'processed' });
    expect((await user.client.get('/api/subscription')).body).toEqual({
      billing: 'on',
      status: 'trialing',
      plan: 'monthly',
      currentPeriodStart: iso(T0),
      currentPeriodEnd: iso(trialEnd),
      trialEnd: iso(trialEnd),
      cancelAtPeriodEnd: false,
      activeAlertCount: 0,
      maxAlerts: 3,
    });
    expect((await user.client.post('/api/alerts', { prompt: 'Cleaning of school buildings in Vaud' })).status).toBe(201);

    const renewed = subscription(user.customer, { status: 'active', price: stripe.priceYearly, start: trialEnd, end: trialEnd + 365 * DAY, trialEnd });
    await deliver({ type: 'customer.subscription.updated', created: trialEnd, object: renewed });
    expect((await user.client.get('/api/subscription')).body).toMatchObject({
      status: 'active',
      plan: 'yearly',
      currentPeriodStart: iso(trialEnd),
      currentPeriodEnd: iso(trialEnd + 365 * DAY),
      activeAlertCount: 1,
    });

    await deliver({ type: 'customer.subscription.updated', created: trialEnd + DAY, object: { ...renewed, cancel_at_period_end: true } });
    expect((await user.client.get('/api/subscription')).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    await deliver({
      type: 'customer.subscription.deleted',
      created: trialEnd + 365 * DAY,
      object: { ...renewed, status: 'canceled', cancel_at_period_end: true },
    });
    expect((await user.client.get('/api/subscription')).body).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    const reactivate = await user.client.post('/api/alerts', { prompt: 'Road maintenance in Geneva please' });
    expect(reactivate.status).toBe(403);
    expect(reactivate.body.error).toBe('subscription_required');
  });

  it('ignores a redelivery and an older snapshot arriving late', async () => {
    const user = await subscriber();
    const active = { type: 'customer.subscription.updated', created: T0 + 10, object: subscription(user.customer, { status: 'active' }) };
    expect((await deliver({ ...active, id: 'evt_redelivered' })).body.outcome).toBe('processed');
    await api.db.knex('subscriptions').where({ userId: user.id }).update({ status: 'tampered' });
    const again = await deliver({ ...active, id: 'evt_redelivered' });
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe('duplicate');
    expect((await user.client.get('/api/subscription')).body.status).toBe('tampered');
    await api.db.knex('subscriptions').where({ userId: user.id }).update({ status: 'active' });

    await deliver({ type: 'customer.subscription.created', created: T0, object: subscription(user.customer, { status: 'trialing', trialEnd: T0 + 14 * DAY }) });
    expect((await user.client.get('/api/subscription')).body.status).toBe('active');
  });

  it('links the checkout to its user and redeems its promo code once, even when redelivered', async () => {
    await insertPromoCode(api.db.knex, { code: 'HOOK10', type: 'discount', value: 10, maxRedemptions: 5, expiresAt: null });
    const user = await subscriber();
    const session = {
      id: 'cs_test_hook',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: String(user.id),
      customer: user.customer,
      subscription: 'sub_from_checkout',
      metadata: { userId: String(user.id), promoCode: 'HOOK10' },
    };
    for (let i = 0; i < 2; i += 1) expect((await deliver({ id: 'evt_checkout', type: 'checkout.session.completed', object: session })).status).toBe(200);
    expect(await api.db.knex('subscriptions').where({ userId: user.id }).first()).toMatchObject({
      stripeCustomerId: user.customer,
      stripeSubscriptionId: 'sub_from_checkout',
      status: 'incomplete',
    });
    expect((await api.db.knex('promoCodes').where({ code: 'HOOK10' }).first()).redemptions).toBe(1);

    await deliver({
      type: 'customer.subscription.created',
      object: subscription(user.customer, { id: 'sub_from_checkout', status: 'trialing', trialEnd: T0 + 14 * DAY }),
    });
    expect((await user.client.get('/api/subscription')).body.status).toBe('trialing');
  });

  it('finds the user through the subscription metadata when the subscription event comes first', async () => {
    const user = await api.signUp();
    await deliver({
      type: 'customer.subscription.created',
      object: subscription('cus_unlinked', { status: 'trialing', metadata: { userId: String(user.id) } }),
    });
    expect((await user.client.get('/api/subscription')).body.status).toBe('trialing');
    const stranger = await deliver({ type: 'customer.subscription.created', object: subscription('cus_nobody', { metadata: { userId: '999999' } }) });
    expect(stranger.status).toBe(200);
  });

  it('marks an active subscription past due when a renewal payment fails', async () => {
    const user = await subscriber();
    await deliver({ type: 'customer.subscription.updated', created: T0, object: subscription(user.customer, { id: 'sub_failing' }) });
    const invoice = { id: 'in_1', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_failing' } } };
    expect((await deliver({ type: 'invoice.payment_failed', created: T0 + DAY, object: invoice })).body.outcome).toBe('processed');
    expect((await user.client.get('/api/subscription')).body.status).toBe('past_due');
    expect((await user.client.post('/api/alerts', { prompt: 'Cleaning of school buildings in Vaud' })).status).toBe(403);
  });

  it('answers 400 to a signed but malformed event, logs it, changes nothing, and processes a corrected delivery', async () => {
    const user = await subscriber();
    const before = await api.db.knex('subscriptions').where({ userId: user.id }).first();
    for (const [id, type, object] of [
      ['evt_malformed', 'customer.subscription.updated', { ...subscription(user.customer, { status: 'active' }), items: undefined }],
      ['evt_malformed_checkout', 'checkout.session.completed', { id: 'cs_bad', mode: 42 }],
      ['evt_malformed_invoice', 'invoice.payment_failed', { id: null }],
    ] as const) {
      const refused = await deliver({ id, type, object });
      expect(refused.status, type).toBe(400);
      expect(refused.body).toEqual({ error: 'malformed_event', message: 'Stripe event is signed but malformed; nothing was changed' });
      expect(await api.db.knex('stripeEvents').where({ id })).toHaveLength(0);
    }
    const signed = stripe.signEvent({ id: 'evt_bad_envelope', type: 'customer.subscription.updated', object: {} });
    const envelope = JSON.stringify({ ...JSON.parse(signed.payload), created: 'yesterday' });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: envelope, secret: stripe.webhookSecret });
    expect((await api.client({ origin: null }).post('/api/webhooks/stripe', envelope, { 'Stripe-Signature': signature })).status).toBe(400);
    expect(await api.db.knex('subscriptions').where({ userId: user.id }).first()).toEqual(before);

    const corrected = await deliver({ id: 'evt_malformed', type: 'customer.subscription.updated', object: subscription(user.customer, { status: 'active' }) });
    expect(corrected.status).toBe(200);
    expect(corrected.body.outcome).toBe('processed');
    expect((await user.client.get('/api/subscription')).body.status).toBe('active');
  });

  it('processes concurrent deliveries of one event once', async () => {
    await insertPromoCode(api.db.knex, { code: 'RACE', type: 'trial', value: 30, maxRedemptions: null, expiresAt: null });
    const user = await subscriber();
    const session = {
      id: 'cs_race',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: String(user.id),
      customer: user.customer,
      subscription: 'sub_race',
      metadata: { promoCode: 'RACE' },
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver({ id: 'evt_race', type: 'checkout.session.completed', object: session })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.outcome === 'processed')).toHaveLength(1);
    expect((await api.db.knex('promoCodes').where({ code: 'RACE' }).first()).redemptions).toBe(1);
  });
});
