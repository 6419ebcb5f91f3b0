import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLanguage } from '../hooks/use-language.ts';
import { subscriptionState, useSubscription } from '../hooks/use-subscription.ts';
import { formatDate } from '../lib/format.ts';
import { MAX_ACTIVE_ALERTS } from '../../../domain/plans.ts';

/** Header badge (docs/product.md §4), hidden while loading; billing off says the plan is included. */
export function SubscriptionBadge() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data, isLoading, isError } = useSubscription();
  if (isLoading) return null;
  const subscription = isError ? null : data;
  const state = subscriptionState(subscription);
  const usage = t('subscription.usage', { current: subscription?.activeAlertCount ?? 0, max: subscription?.maxAlerts ?? MAX_ACTIVE_ALERTS });
  const planLabel = subscription?.plan === 'yearly' ? t('subscription.plans.yearly') : t('subscription.plans.monthly');

  switch (state) {
    case 'none':
      return (
        <Link to="/subscription" className="button button-small button-accent">
          {t('subscription.subscribe')}
        </Link>
      );
    case 'included':
      return (
        <Link to="/subscription" className="badge badge-success sub-badge" title={t('subscription.includedTooltip', { usage })}>
          {t('subscription.included')} · {usage}
        </Link>
      );
    case 'canceling':
      return (
        <Link
          to="/subscription"
          className="badge badge-warning sub-badge"
          title={t('subscription.cancelingTooltip', { date: formatDate(subscription?.currentPeriodEnd, language, t('common.na')) })}
        >
          {t('subscription.canceling')}
        </Link>
      );
    case 'trialing':
      return (
        <Link
          to="/subscription"
          className="badge badge-info sub-badge"
          title={t('subscription.trialUntil', { date: formatDate(subscription?.trialEnd ?? subscription?.currentPeriodEnd, language, t('common.na')) })}
        >
          {planLabel} · {t('subscription.trial')} · {usage}
        </Link>
      );
    default:
      return (
        <Link to="/subscription" className="badge badge-success sub-badge" title={t('subscription.activeTooltip', { plan: planLabel, usage })}>
          {planLabel} · {usage}
        </Link>
      );
  }
}
