import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type FormValue = string | FormObject | FormValue[];
interface FormObject {
  [key: string]: FormValue;
}

export interface RecordedStripeRequest {
  method: string;
  /** Path without the query, e.g. `/v1/checkout/sessions`. */
  path: string;
  /** The form body decoded into nested objects and arrays (`line_items[0][price]` → `line_items[0].price`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the decoded form fields directly
  body: Record<string, any>;
  headers: IncomingHttpHeaders;
}

export interface StripeFault {
  method: string;
  path: string;
  status: number;
  message?: string;
}

export interface FakeStripeServer {
  /** For STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  priceMonthly: string;
  priceYearly: string;
  requests: RecordedStripeRequest[];
  requestsTo(method: string, path: string): RecordedStripeRequest[];
  /** The next request to `method path` answers a Stripe error with this status. */
  failNext(fault: StripeFault): void;
  /** The STRIPE_* variables that turn billing on against this server. */
  env(): Record<string, string>;
  /** A webhook request body and its Stripe-Signature header, signed with the real SDK helper. */
  signEvent(event: { id: string; type: string; created?: number; object: unknown }): { payload: string; signature: string };
  close(): Promise<void>;
}

function setPath(target: FormObject, keys: string[], value: string): void {
  let node: FormObject | FormValue[] = target;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const index = /^\d+$/.test(key) ? Number(key) : key;
    const slot = node as Record<string | number, FormValue>;
    if (last) {
      slot[index] = value;
      return;
    }
    slot[index] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = slot[index] as FormObject | FormValue[];
  });
}

/** Decodes Stripe's form encoding: `a[b][0][c]=x` → `{ a: { b: [{ c: 'x' }] } }`. */
export function parseStripeForm(text: string): FormObject {
  const result: FormObject = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.replace(/\]/g, '').split('[');
    setPath(result, keys, value);
  }
  return result;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${Date.now()}` });
  res.end(JSON.stringify(body));
}

function stripeError(status: number, message: string, type = 'invalid_request_error') {
  return { error: { type, message } };
}

/**
 * A local HTTP server speaking the Stripe endpoints Vigie uses (customers, checkout sessions, billing portal
 * sessions, coupons), recording every request; the real `stripe` SDK reaches it through STRIPE_API_BASE.
 */
export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const secretKey = 'sk_test_fake_vigie';
  const webhookSecret = 'whsec_test_fake_vigie';
  const requests: RecordedStripeRequest[] = [];
  const faults: StripeFault[] = [];
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_fake${++sequence}`;

  const routes: Record<string, (body: FormObject) => unknown> = {
    'POST /v1/customers': (body) => ({
      id: nextId('cus'),
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
    }),
    'POST /v1/checkout/sessions': (body) => {
      const id = nextId('cs_test');
      return { ...body, id, object: 'checkout.session', status: 'open', url: `https://checkout.stripe.test/c/pay/${id}` };
    },
    'POST /v1/billing_portal/sessions': (body) => {
      const id = nextId('bps');
      return { id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.test/p/session/${id}` };
    },
    'POST /v1/coupons': (body) => ({
      id: nextId('coupon'),
      object: 'coupon',
      percent_off: Number(body.percent_off),
      duration: body.duration,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      valid: true,
    }),
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const method = req.method ?? 'GET';
    const body = parseStripeForm(await readBody(req));
    requests.push({ method, path, body, headers: req.headers });
    if (req.headers.authorization !== `Bearer ${secretKey}`) return send(res, 401, stripeError(401, 'Invalid API Key provided'));
    const faultIndex = faults.findIndex((f) => f.method === method && f.path === path);
    if (faultIndex >= 0) {
      const [fault] = faults.splice(faultIndex, 1);
      return send(res, fault!.status, stripeError(fault!.status, fault!.message ?? 'Injected failure'));
    }
    const route = routes[`${method} ${path}`];
    if (!route) return send(res, 404, stripeError(404, `Unrecognized request URL (${method}: ${path})`));
    send(res, 200, route(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const priceMonthly = 'price_fake_monthly';
  const priceYearly = 'price_fake_yearly';

  return {
    url,
    secretKey,
    webhookSecret,
    priceMonthly,
    priceYearly,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    failNext: (fault) => faults.push(fault),
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_MONTHLY: priceMonthly,
      STRIPE_PRICE_YEARLY: priceYearly,
      STRIPE_API_BASE: url,
    }),
    signEvent({ id, type, created, object }) {
      const payload = JSON.stringify({ id, object: 'event', type, created: created ?? Math.floor(Date.now() / 1000), livemode: false, data: { object } });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
