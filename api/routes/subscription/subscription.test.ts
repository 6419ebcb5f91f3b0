import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertPromoCode, type NewPromoCode } from '../../../db/promo-codes.ts';
import { startTestApi, testPipeline, TEST_PUBLIC_URL, type SignedUpUser, type TestApi } from '../../../test-support/api-client.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../../../test-support/fake-stripe-server.ts';

let stripe: FakeStripeServer;
let api: TestApi;
let promoSequence = 0;

async function promo(api: TestApi, fields: Partial<NewPromoCode> & Pick<NewPromoCode, 'type' | 'value'>): Promise<string> {
  promoSequence += 1;
  const code = fields.code ?? `PROMO${promoSequence}`;
  await insertPromoCode(api.db.knex, { maxRedemptions: null, expiresAt: null, ...fields, code });
  return code;
}

async function setStatus(user: SignedUpUser, status: string): Promise<void> {
  await api.db
    .knex('subscriptions')
    .insert({ userId: user.id, status, stripeCustomerId: `cus_${user.id}` })
    .onConflict('userId')
    .merge(['status']);
}

beforeAll(async () => {
  stripe = await startFakeStripeServer();
  api = await startTestApi({ env: { ...stripe.env(), TRIAL_DAYS: '14' }, pipeline: testPipeline({ scoreAlertNow: async () => ({ scored: 0, matches: 0 }) }) });
});
afterAll(async () => {
  await api?.close();
  await stripe?.close();
});
beforeEach(() => {
  stripe.requests.length = 0;
});

describe('GET /api/subscription with billing on', () => {
  it('answers status none and the alert limit for a user who never subscribed', async () => {
    const user = await api.signUp();
    const response = await user.client.get('/api/subscription');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      billing: 'on',
      status: 'none',
      plan: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      activeAlertCount: 0,
      maxAlerts: 3,
    });
  });
});

describe('POST /api/subscription/checkout', () => {
  it('creates the customer and a subscription session with the monthly price and the trial, and answers its url', async () => {
    const user = await api.signUp();
    const response = await user.client.post('/api/subscription/checkout', { plan: 'monthly' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/) });

    const [customer] = stripe.requestsTo('POST', '/v1/customers');
    expect(customer!.body).toMatchObject({ email: user.email, name: user.username, metadata: { userId: String(user.id) } });
    expect(customer!.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    const [session] = stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(session!.body).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_/),
      client_reference_id: String(user.id),
      line_items: [{ price: stripe.priceMonthly, quantity: '1' }],
      subscription_data: { trial_period_days: '14', metadata: { userId: String(user.id) } },
      success_url: `${TEST_PUBLIC_URL}/subscription/success`,
      cancel_url: `${TEST_PUBLIC_URL}/subscription`,
    });
    expect(session!.body.discounts).toBeUndefined();
    const row = await api.db.knex('subscriptions').where({ userId: user.id }).first();
    expect(row).toMatchObject({ stripeCustomerId: session!.body.customer, status: 'none' });
    expect((await user.client.get('/api/subscription')).body.status).toBe('none');
  });

  it('reuses the customer on a second checkout and uses the yearly price', async () => {
    const user = await api.signUp();
    await user.client.post('/api/subscription/checkout', { plan: 'monthly' });
    const again = await user.client.post('/api/subscription/checkout', {
      plan: 'yearly',
      successUrl: `${TEST_PUBLIC_URL}/subscription/success?from=test`,
      cancelUrl: '/subscription?cancelled=1',
    });
    expect(again.status).toBe(200);
    expect(stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    const sessions = stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(sessions[1]!.body.customer).toBe(sessions[0]!.body.customer);
    expect(sessions[1]!.body).toMatchObject({
      line_items: [{ price: stripe.priceYearly }],
      success_url: `${TEST_PUBLIC_URL}/subscription/success?from=test`,
      cancel_url: `${TEST_PUBLIC_URL}/subscription?cancelled=1`,
    });
  });

  it('applies a discount promo through a Stripe coupon created once, and a trial promo through its days', async () => {
    const discount = await promo(api, { code: 'SPRING20', type: 'discount', value: 20 });
    const first = await api.signUp();
    expect((await first.client.post('/api/subscription/checkout', { plan: 'monthly', promoCode: ' spring20 ' })).status).toBe(200);
    const second = await api.signUp();
    expect((await second.client.post('/api/subscription/checkout', { plan: 'yearly', promoCode: discount })).status).toBe(200);

    const coupons = stripe.requestsTo('POST', '/v1/coupons');
    expect(coupons).toHaveLength(1);
    expect(coupons[0]!.body).toMatchObject({ percent_off: '20', duration: 'once', metadata: { promoCode: 'SPRING20' } });
    const stored = await api.db.knex('promoCodes').where({ code: 'SPRING20' }).first();
    expect(stored.stripeCouponId).toMatch(/^coupon_/);
    const sessions = stripe.requestsTo('POST', '/v1/checkout/sessions');
    for (const session of sessions) {
      expect(session.body.discounts).toEqual([{ coupon: stored.stripeCouponId }]);
      expect(session.body.subscription_data.trial_period_days).toBe('14');
      expect(session.body.metadata.promoCode).toBe('SPRING20');
    }

    const trial = await promo(api, { type: 'trial', value: 30 });
    const third = await api.signUp();
    expect((await third.client.post('/api/subscription/checkout', { plan: 'monthly', promoCode: trial })).status).toBe(200);
    const session = stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(session.body.subscription_data.trial_period_days).toBe('30');
    expect(session.body.discounts).toBeUndefined();
  });

  it('refuses an invalid promo code with 400 and creates nothing in Stripe', async () => {
    const user = await api.signUp();
    const response = await user.client.post('/api/subscription/checkout', { plan: 'monthly', promoCode: 'NOPE' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'invalid_promo', message: 'Invalid promo code' });
    expect(stripe.requests).toHaveLength(0);
  });

  it('accepts return URLs on PUBLIC_URL only, and validates the plan', async () => {
    const user = await api.signUp();
    for (const body of [
      { plan: 'monthly', successUrl: 'https://evil.example/steal' },
      { plan: 'monthly', cancelUrl: '//evil.example/x' },
      { plan: 'monthly', successUrl: 'javascript:alert(1)' },
    ]) {
      const response = await user.client.post('/api/subscription/checkout', body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('validation_failed');
      expect(response.body.message).toContain('http://vigie.test');
    }
    const plan = await user.client.post('/api/subscription/checkout', { plan: 'weekly' });
    expect(plan.body).toMatchObject({ error: 'validation_failed', message: 'Plan must be monthly or yearly', field: 'plan' });
    expect(stripe.requests).toHaveLength(0);
  });

  it('refuses a second subscription while one is live, and gives the default trial only once', async () => {
    const user = await api.signUp();
    await setStatus(user, 'trialing');
    const refused = await user.client.post('/api/subscription/checkout', { plan: 'monthly' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('subscription_exists');

    await api.db
      .knex('subscriptions')
      .where({ userId: user.id })
      .update({ status: 'canceled', stripeSubscriptionId: `sub_old_${user.id}` });
    expect((await user.client.post('/api/subscription/checkout', { plan: 'monthly' })).status).toBe(200);
    const session = stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(session.body.customer).toBe(`cus_${user.id}`);
    expect(session.body.subscription_data.trial_period_days).toBeUndefined();
  });

  it('answers 502 with a clear message when Stripe fails', async () => {
    const user = await api.signUp();
    stripe.failNext({ method: 'POST', path: '/v1/checkout/sessions', status: 400, message: 'No such price' });
    const response = await user.client.post('/api/subscription/checkout', { plan: 'monthly' });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ error: 'payment_provider_error', message: expect.stringContaining('payment provider') });
  });

  it('needs a session', async () => {
    expect((await api.client().post('/api/subscription/checkout', { plan: 'monthly' })).status).toBe(401);
  });
});

describe('POST /api/subscription/portal', () => {
  it('opens a billing portal session for the customer', async () => {
    const user = await api.signUp();
    await user.client.post('/api/subscription/checkout', { plan: 'monthly' });
    const customer = stripe.requestsTo('POST', '/v1/checkout/sessions')[0]!.body.customer;
    const response = await user.client.post('/api/subscription/portal', {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\/p\/session\//) });
    expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions')[0]!.body).toEqual({ customer, return_url: `${TEST_PUBLIC_URL}/subscription` });

    await user.client.post('/api/subscription/portal', { returnUrl: `${TEST_PUBLIC_URL}/home` });
    expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions')[1]!.body.return_url).toBe(`${TEST_PUBLIC_URL}/home`);
    expect((await user.client.post('/api/subscription/portal', { returnUrl: 'https://evil.example' })).status).toBe(400);
  });

  it('answers 404 when the user has no customer', async () => {
    const user = await api.signUp();
    const response = await user.client.post('/api/subscription/portal', { returnUrl: `${TEST_PUBLIC_URL}/subscription` });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('no_billing_account');
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('GET /api/subscription/promo/:code', () => {
  it('validates codes case-insensitively with the benefit', async () => {
    const user = await api.signUp();
    await promo(api, { code: 'WELCOME20', type: 'discount', value: 20 });
    await promo(api, { code: 'TRY30', type: 'trial', value: 30 });
    const discount = await user.client.get('/api/subscription/promo/welcome20');
    expect(discount.status).toBe(200);
    expect(discount.body).toEqual({ valid: true, code: 'WELCOME20', type: 'discount', value: 20, benefit: '-20 %', message: 'Promo code valid' });
    const trial = await user.client.get('/api/subscription/promo/Try30');
    expect(trial.body).toEqual({ valid: true, code: 'TRY30', type: 'trial', value: 30, benefit: '30 days free', message: 'Promo code valid' });
  });

  it('answers 404 invalid for unknown, expired, inactive and exhausted codes', async () => {
    const user = await api.signUp();
    const expired = await promo(api, { type: 'discount', value: 10, expiresAt: new Date(Date.now() - 1000) });
    const exhausted = await promo(api, { type: 'discount', value: 10, maxRedemptions: 2 });
    await api.db.knex('promoCodes').where({ code: exhausted }).update({ redemptions: 2 });
    const inactive = await promo(api, { type: 'trial', value: 7 });
    await api.db.knex('promoCodes').where({ code: inactive }).update({ active: false });
    const stillValid = await promo(api, { type: 'discount', value: 10, maxRedemptions: 2, expiresAt: new Date(Date.now() + 86_400_000) });

    for (const code of ['UNKNOWN', expired, exhausted, inactive]) {
      const response = await user.client.get(`/api/subscription/promo/${code}`);
      expect(response.status, code).toBe(404);
      expect(response.body).toEqual({ valid: false, error: 'invalid_promo', message: 'Invalid promo code' });
    }
    expect((await user.client.get(`/api/subscription/promo/${stillValid}`)).status).toBe(200);
    expect((await user.client.post('/api/subscription/checkout', { plan: 'monthly', promoCode: expired })).status).toBe(400);
  });

  it('asks for a code when it is empty or blank', async () => {
    const user = await api.signUp();
    for (const path of ['/api/subscription/promo', '/api/subscription/promo/', '/api/subscription/promo/%20%20']) {
      const response = await user.client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.message).toBe('Please enter a promo code');
    }
  });
});

describe('alert entitlement with billing on', () => {
  it('refuses to create or activate alerts without an active or trialing subscription', async () => {
    const user = await api.signUp();
    const refused = await user.client.post('/api/alerts', { prompt: 'Cleaning of school buildings in Vaud' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'subscription_required', message: expect.stringContaining('subscription') });
    expect((await user.client.post('/api/alerts', { prompt: 'An inactive alert about roads', isActive: false })).status).toBe(403);

    await setStatus(user, 'trialing');
    const created = await user.client.post('/api/alerts', { prompt: 'Cleaning of school buildings in Vaud' });
    expect(created.status).toBe(201);
    expect((await user.client.put(`/api/alerts/${created.body.id}`, { isActive: false })).status).toBe(200);

    for (const status of ['past_due', 'canceled', 'none']) {
      await setStatus(user, status);
      const reactivate = await user.client.put(`/api/alerts/${created.body.id}`, { isActive: true });
      expect(reactivate.status, status).toBe(403);
      expect(reactivate.body.error).toBe('subscription_required');
    }
    await setStatus(user, 'active');
    expect((await user.client.put(`/api/alerts/${created.body.id}`, { isActive: true })).status).toBe(200);
    expect((await user.client.get('/api/subscription')).body).toMatchObject({ status: 'active', activeAlertCount: 1, maxAlerts: 3 });
  });
});

describe('billing off', () => {
  let off: TestApi;
  beforeAll(async () => {
    off = await startTestApi({ pipeline: testPipeline({ scoreAlertNow: async () => ({ scored: 0, matches: 0 }) }) });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('keeps the included plan, refuses checkout and portal with 409, and still validates promo codes', async () => {
    const user = await off.signUp();
    expect((await user.client.get('/api/subscription')).body).toEqual({
      billing: 'off',
      status: 'active',
      plan: 'monthly',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      activeAlertCount: 0,
      maxAlerts: 3,
    });
    for (const path of ['/api/subscription/checkout', '/api/subscription/portal']) {
      const response = await user.client.post(path, { plan: 'monthly' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: 'billing_off', message: expect.stringContaining('Billing is not enabled') });
    }
    expect((await user.client.post('/api/alerts', { prompt: 'Cleaning of school buildings in Vaud' })).status).toBe(201);
    await insertPromoCode(off.db.knex, { code: 'OFF10', type: 'discount', value: 10, maxRedemptions: null, expiresAt: null });
    expect((await user.client.get('/api/subscription/promo/off10')).body).toMatchObject({ valid: true, benefit: '-10 %' });
    expect((await user.client.get('/api/subscription/promo/nope')).status).toBe(404);
    expect((await off.client().post('/api/webhooks/stripe', '{}')).status).toBe(409);
  });
});
