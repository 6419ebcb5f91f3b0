/** The one plan (docs/billing.md): a user keeps at most this many active alerts. */
export const MAX_ACTIVE_ALERTS = 3;

export const PLANS = ['monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_PRICES_CHF: Readonly<Record<Plan, number>> = Object.freeze({ monthly: 49, yearly: 490 });
