import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '../api/types.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isActiveSubscription, SUBSCRIPTION_KEY } from '../hooks/use-subscription.ts';

export const CONFIRMATION_POLL_MS = 3000;

export function SubscriptionSuccessPage() {
  const { t } = useTranslation();
  // The payment provider confirms by webhook, maybe after this page opens: say only what is known, and look again.
  const { data } = useQuery<Subscription>({
    queryKey: SUBSCRIPTION_KEY,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => (isActiveSubscription(query.state.data) ? false : CONFIRMATION_POLL_MS),
  });
  const confirmed = isActiveSubscription(data);
  return (
    <div className="card center-card narrow-page">
      <p className={confirmed ? 'big-icon success' : 'big-icon'} aria-hidden="true">
        {confirmed ? '✓' : '…'}
      </p>
      <h2>{confirmed ? t('subscriptionSuccess.title') : t('subscriptionSuccess.pendingTitle')}</h2>
      <p role="status">{confirmed ? t('subscriptionSuccess.activeText') : t('subscriptionSuccess.pendingText')}</p>
      <div className="button-row center">
        <Link to="/" className="button button-ghost">
          {t('subscriptionSuccess.toDashboard')}
        </Link>
        <Link to="/projects" className="button button-primary">
          {t('subscriptionSuccess.toProjects')}
        </Link>
      </div>
    </div>
  );
}
