import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SUBSCRIPTION_KEY } from '../hooks/use-subscription.ts';

export function SubscriptionSuccessPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
  }, [queryClient]);
  return (
    <div className="card center-card narrow-page">
      <p className="big-icon success" aria-hidden="true">
        ✓
      </p>
      <h2>{t('subscriptionSuccess.title')}</h2>
      <p>{t('subscriptionSuccess.text')}</p>
      <p className="muted">{t('subscriptionSuccess.email')}</p>
      <p className="muted">{t('subscriptionSuccess.trial')}</p>
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
