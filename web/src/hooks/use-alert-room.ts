import { MAX_ACTIVE_ALERTS } from '../../../domain/plans.ts';
import { useAlerts } from './use-alerts.ts';
import { isActiveSubscription, useSubscription } from './use-subscription.ts';

export interface AlertRoom {
  /** Why no alert can be created or activated now, if so: the plan's limit, or billing on and no subscription. */
  blocked: 'limit' | 'subscription' | null;
  active: number;
  max: number;
}

/** What the server would refuse (403 alert_limit_reached / subscription_required), known before the user types. */
export function useAlertRoom(): AlertRoom {
  const { data: alerts } = useAlerts();
  const { data: subscription } = useSubscription();
  const active = (alerts ?? []).filter((alert) => alert.isActive !== false).length;
  const max = subscription?.maxAlerts ?? MAX_ACTIVE_ALERTS;
  if (subscription && subscription.billing === 'on' && !isActiveSubscription(subscription)) return { blocked: 'subscription', active, max };
  return { blocked: alerts && active >= max ? 'limit' : null, active, max };
}
