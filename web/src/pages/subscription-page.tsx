import type { TFunction } from 'i18next';
import { useMutation } from '@tanstack/react-query';
import { Icon } from '../components/icon.tsx';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import type { BillingRedirect, PromoValidation, Subscription } from '../api/types.ts';
import { Spinner } from '../components/spinner.tsx';
import { useLanguage } from '../hooks/use-language.ts';
import { isActiveSubscription, normaliseStatus, useSubscription } from '../hooks/use-subscription.ts';
import { useToast } from '../hooks/use-toast.tsx';
import { describeError } from '../lib/error-text.ts';
import { formatDate, formatNumber } from '../lib/format.ts';
import { MAX_ACTIVE_ALERTS, PLAN_PRICES_CHF, PLANS, type Plan } from '../../../domain/plans.ts';

const PLAN_FEATURES = ['alerts', 'languages', 'email', 'cancel'] as const;

/** What a valid promo code gives, from its type and value (the server's benefit sentence is English). */
function promoText(t: TFunction, promo: PromoValidation): string {
  if (promo.type === 'trial') return t('subscription.promoTrial', { days: promo.value ?? 0 });
  if (promo.type === 'discount') return t('subscription.promoDiscount', { percent: promo.value ?? 0 });
  return t('subscription.promoValid');
}

function redirectTo(url: string | undefined) {
  if (url) window.location.assign(url);
}

function PlanFeatures({ maxAlerts }: { maxAlerts?: number | null }) {
  const { t } = useTranslation();
  return (
    <ul className="check-list">
      {PLAN_FEATURES.map((feature) => (
        <li key={feature}>{t(`subscription.features.${feature}`, { max: maxAlerts ?? MAX_ACTIVE_ALERTS })}</li>
      ))}
    </ul>
  );
}

function IncludedCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  return (
    <section className="card plan-card" data-testid="plan-included">
      <div className="card-head">
        <h2>{t('subscription.includedTitle')}</h2>
        <span className="badge badge-success">{t('subscription.included')}</span>
      </div>
      <p>{t('subscription.includedText')}</p>
      <p>
        {t('subscription.alertsUsed')}:{' '}
        <strong>{t('subscription.usage', { current: subscription.activeAlertCount ?? 0, max: subscription.maxAlerts ?? MAX_ACTIVE_ALERTS })}</strong>
      </p>
      <PlanFeatures maxAlerts={subscription.maxAlerts} />
    </section>
  );
}

function CurrentPlanCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { toast } = useToast();
  const portal = useMutation({
    mutationFn: () => apiRequest<BillingRedirect>('POST', '/api/subscription/portal', { returnUrl: `${window.location.origin}/subscription` }),
    onSuccess: (result) => redirectTo(result?.url),
    onError: (error) => toast({ title: t('subscription.portalError'), description: describeError(t, error), variant: 'destructive' }),
  });
  const status = normaliseStatus(subscription.status);
  const rows = [
    { label: t('subscription.status'), value: t(`subscription.statuses.${status}`) },
    { label: t('subscription.plan'), value: subscription.plan === 'yearly' ? t('subscription.plans.yearly') : t('subscription.plans.monthly') },
    { label: t('subscription.periodStart'), value: formatDate(subscription.currentPeriodStart, language, t('common.na')) },
    { label: t('subscription.periodEnd'), value: formatDate(subscription.currentPeriodEnd, language, t('common.na')) },
    {
      label: t('subscription.alertsUsed'),
      value: t('subscription.usage', { current: subscription.activeAlertCount ?? 0, max: subscription.maxAlerts ?? MAX_ACTIVE_ALERTS }),
    },
  ];
  return (
    <section className="card plan-card">
      <div className="card-head">
        <h2>{t('subscription.currentPlan')}</h2>
        <span className={status === 'trialing' ? 'badge badge-info' : 'badge badge-success'}>{t(`subscription.statuses.${status}`)}</span>
      </div>
      <dl className="field-grid">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {status === 'trialing' && (
        <p className="notice notice-info">
          {t('subscription.trialUntil', { date: formatDate(subscription.trialEnd ?? subscription.currentPeriodEnd, language, t('common.na')) })}
        </p>
      )}
      {subscription.cancelAtPeriodEnd && (
        <p className="notice notice-warning">{t('subscription.cancelNotice', { date: formatDate(subscription.currentPeriodEnd, language, t('common.na')) })}</p>
      )}
      <button type="button" className="button button-primary" disabled={portal.isPending} onClick={() => portal.mutate()}>
        {portal.isPending ? t('common.redirecting') : t('subscription.manage')}
      </button>
    </section>
  );
}

function Checkout({ subscription }: { subscription: Subscription | null }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { toast } = useToast();
  const [plan, setPlan] = useState<Plan>('monthly');
  const [code, setCode] = useState('');
  const [promo, setPromo] = useState<(PromoValidation & { code: string }) | null>(null);

  const validate = useMutation({
    mutationFn: (value: string) => apiRequest<PromoValidation>('GET', `/api/subscription/promo/${encodeURIComponent(value)}`),
    onSuccess: (result, value) => {
      if (result?.valid) {
        setPromo({ ...result, code: value });
        toast({ title: t('subscription.promoValid'), description: promoText(t, result), variant: 'success' });
      } else {
        setCode('');
        toast({ title: t('subscription.promoInvalid'), variant: 'destructive' });
      }
    },
    onError: (error) => {
      setCode('');
      toast({ title: t('subscription.promoInvalid'), description: describeError(t, error, 'subscription.promoInvalid'), variant: 'destructive' });
    },
  });
  const checkout = useMutation({
    mutationFn: () =>
      apiRequest<BillingRedirect>('POST', '/api/subscription/checkout', {
        plan,
        promoCode: promo?.code ?? undefined,
        successUrl: `${window.location.origin}/subscription/success`,
        cancelUrl: `${window.location.origin}/subscription`,
      }),
    onSuccess: (result) => redirectTo(result?.url),
    onError: (error) => toast({ title: t('subscription.checkoutError'), description: describeError(t, error), variant: 'destructive' }),
  });

  const applyPromo = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim().toUpperCase();
    if (value === '') {
      toast({ title: t('validation.promoRequired'), variant: 'destructive' });
      return;
    }
    validate.mutate(value);
  };

  const base = PLAN_PRICES_CHF[plan];
  const discount = promo?.type === 'discount' && typeof promo.value === 'number' ? promo.value : 0;
  const price = Math.round(base * (100 - discount)) / 100;
  const status = normaliseStatus(subscription?.status);

  return (
    <div className="stack">
      {subscription?.status && status !== 'inactive' && (
        <p className="notice notice-warning">{t('subscription.statusNotice', { status: t(`subscription.statuses.${status}`) })}</p>
      )}
      <section className="card plan-card">
        <h2>{t('subscription.choosePlan')}</h2>
        <div className="tabs" role="tablist">
          {PLANS.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={plan === value}
              className={plan === value ? 'tab active' : 'tab'}
              onClick={() => setPlan(value)}
            >
              {t(`subscription.plans.${value}`)}
              {value === 'yearly' && <span className="badge badge-success tab-badge">{t('subscription.twoMonthsFree')}</span>}
            </button>
          ))}
        </div>
        <p className="pricing-price">
          {discount > 0 && <span className="price-old">{formatNumber(base, language)} CHF</span>}{' '}
          <span className="price">{formatNumber(price, language)} CHF</span>{' '}
          <span className="muted">{plan === 'yearly' ? t('subscription.perYear') : t('subscription.perMonth')}</span>
        </p>
        {plan === 'yearly' && (
          <p className="saving">{t('subscription.yearlySaving', { amount: formatNumber(PLAN_PRICES_CHF.monthly * 12 - PLAN_PRICES_CHF.yearly, language) })}</p>
        )}
        <PlanFeatures maxAlerts={subscription?.maxAlerts} />

        <form className="promo-form" onSubmit={applyPromo}>
          <label htmlFor="promo-code">{t('subscription.promoLabel')}</label>
          <div className="toolbar">
            <input
              id="promo-code"
              className="input grow uppercase"
              value={promo ? promo.code : code}
              disabled={promo !== null}
              autoComplete="off"
              placeholder={t('subscription.promoPlaceholder')}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
            />
            {promo ? (
              <button
                type="button"
                className="button button-ghost"
                onClick={() => {
                  setPromo(null);
                  setCode('');
                }}
              >
                {t('subscription.promoRemove')}
              </button>
            ) : (
              <button type="submit" className="button" disabled={validate.isPending}>
                {validate.isPending ? t('common.working') : t('subscription.promoApply')}
              </button>
            )}
          </div>
          {promo && <p className="notice notice-success">{promoText(t, promo)}</p>}
        </form>

        <button type="button" className="button button-primary button-block button-large" disabled={checkout.isPending} onClick={() => checkout.mutate()}>
          {checkout.isPending ? t('common.redirecting') : t('subscription.checkout')}
        </button>
        <ul className="reassurance muted small">
          <li>
            <Icon name="lock" size={14} /> {t('subscription.reassurance.secure')}
          </li>
          <li>
            <Icon name="check" size={14} /> {t('subscription.reassurance.cancel')}
          </li>
          <li>
            <Icon name="gift" size={14} /> {t('subscription.reassurance.trial')}
          </li>
        </ul>
      </section>
    </div>
  );
}

export function SubscriptionPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, error } = useSubscription();
  if (isLoading) return <Spinner />;
  const subscription = isError ? null : (data ?? null);
  return (
    <div className="page subscription-page narrow-page">
      {isError && <p className="notice notice-danger">{describeError(t, error)}</p>}
      {subscription?.billing === 'off' ? (
        <IncludedCard subscription={subscription} />
      ) : subscription && isActiveSubscription(subscription) ? (
        <CurrentPlanCard subscription={subscription} />
      ) : (
        <Checkout subscription={subscription} />
      )}
    </div>
  );
}
