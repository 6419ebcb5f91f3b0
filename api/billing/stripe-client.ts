import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';

export type StripeSettings = NonNullable<Config['stripe']>;

const clients = new WeakMap<StripeSettings, Stripe>();

/** STRIPE_API_BASE points the SDK at another host (a local fake in tests); the SDK adds the /v1 paths itself. */
function connectionOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * The SDK is read when billing is on and a client is first made, not at every start: its ~220 modules cost a
 * process ~0.6 s of CPU, which a server without billing and every CLI command would pay for nothing.
 */
function stripeSdk(): typeof Stripe {
  return createRequire(import.meta.url)('stripe') as typeof Stripe;
}

/** One SDK client per configuration, shared by the routes that need it. */
export function stripeClientFor(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    const Sdk = stripeSdk();
    client = new Sdk(settings.secretKey, { ...connectionOptions(settings.apiBase), telemetry: false, appInfo: { name: 'vigie' } });
    clients.set(settings, client);
  }
  return client;
}
