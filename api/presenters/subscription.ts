import type { SubscriptionRow } from '../../db/subscriptions.ts';

export function presentBillingOffSubscription(activeAlertCount: number, maxAlerts: number) {
  return {
    billing: 'off' as const,
    status: 'active',
    plan: 'monthly',
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    activeAlertCount,
    maxAlerts,
  };
}

export function presentSubscription(subscription: SubscriptionRow | undefined, activeAlertCount: number, maxAlerts: number) {
  return {
    billing: 'on' as const,
    status: subscription?.status ?? 'none',
    plan: subscription?.plan ?? null,
    currentPeriodStart: subscription?.currentPeriodStart ?? null,
    currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
    trialEnd: subscription?.trialEnd ?? null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    activeAlertCount,
    maxAlerts,
  };
}
