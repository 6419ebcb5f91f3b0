import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '../api/types.ts';

export const SUBSCRIPTION_KEY = ['/api/subscription'] as const;

export function useSubscription(enabled = true) {
  return useQuery<Subscription>({ queryKey: SUBSCRIPTION_KEY, enabled, retry: false });
}

export type SubscriptionState = 'included' | 'none' | 'canceling' | 'trialing' | 'active';

const ACTIVE = new Set(['active']);
const TRIALING = new Set(['trialing', 'trial']);

/** Normalises the many spellings of docs/product.md §4 (pastDue, incompleteExpired, trial). */
export function normaliseStatus(status: string | null | undefined): string {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'canceled':
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
    case 'incomplete_expired':
      return status;
    case 'trial':
      return 'trialing';
    case 'pastDue':
      return 'past_due';
    case 'incompleteExpired':
      return 'incomplete_expired';
    default:
      return 'inactive';
  }
}

export function isActiveSubscription(subscription: Subscription | null | undefined): boolean {
  const status = subscription?.status ?? '';
  return ACTIVE.has(status) || TRIALING.has(status);
}

export function subscriptionState(subscription: Subscription | null | undefined): SubscriptionState {
  if (subscription?.billing === 'off') return 'included';
  if (!isActiveSubscription(subscription)) return 'none';
  if (subscription?.cancelAtPeriodEnd) return 'canceling';
  if (TRIALING.has(subscription?.status ?? '')) return 'trialing';
  return 'active';
}
