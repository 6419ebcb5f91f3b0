import { useTranslation } from 'react-i18next';
import { PLAN_PRICES_CHF } from '../../../domain/plans.ts';
import { Icon } from './icon.tsx';
import type { IconName } from './icon.tsx';

const FEATURES = [
  { key: 'realtime', icon: 'clock' },
  { key: 'matching', icon: 'target' },
  { key: 'multilingual', icon: 'globe' },
  { key: 'secure', icon: 'lock' },
] as const satisfies readonly { key: string; icon: IconName }[];

const PLAN_FEATURES = ['alerts', 'daily', 'matching', 'summaries', 'updates'] as const;

/** The landing's sections: plain links and no app data, so that the landing entry ships without router or query code. */
export function LandingContent() {
  const { t } = useTranslation();
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-text">
            <p className="eyebrow">{t('landing.eyebrow')}</p>
            <h1 className="hero-title">{t('landing.title')}</h1>
            <p className="hero-subtitle">{t('landing.subtitle')}</p>
            <div className="hero-actions">
              <a href="/auth?tab=register" className="button button-accent button-large">
                {t('landing.cta')}
              </a>
              <a href="/auth" className="button button-ghost-light button-large">
                {t('landing.login')}
              </a>
            </div>
          </div>
          <div className="hero-card" aria-hidden="true">
            <p className="hero-card-label">{t('landing.sample.label')}</p>
            <p className="hero-card-prompt">“{t('landing.sample.prompt')}”</p>
            <div className="hero-card-match">
              <span>{t('landing.sample.project')}</span>
              <span className="badge badge-success">92%</span>
            </div>
            <div className="hero-card-match">
              <span>{t('landing.sample.project2')}</span>
              <span className="badge badge-warning">74%</span>
            </div>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t('landing.featuresTitle')}
        </h2>
        <div className="feature-grid">
          {FEATURES.map((feature) => (
            <div key={feature.key} className="card feature-card">
              <span className="feature-icon">
                <Icon name={feature.icon} size={26} />
              </span>
              <h3>{t(`landing.features.${feature.key}.title`)}</h3>
              <p className="muted">{t(`landing.features.${feature.key}.text`)}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="pricing-title">
        <div className="container">
          <h2 id="pricing-title" className="section-title">
            {t('landing.pricingTitle')}
          </h2>
          <div className="pricing-card card">
            <p className="pricing-name">{t('landing.plan.name')}</p>
            <p className="pricing-price">
              <span className="price">{PLAN_PRICES_CHF.monthly} CHF</span> <span className="muted">{t('landing.plan.perMonth')}</span>
            </p>
            <ul className="check-list">
              {PLAN_FEATURES.map((feature) => (
                <li key={feature}>{t(`landing.plan.features.${feature}`)}</li>
              ))}
            </ul>
            <a href="/auth?tab=register" className="button button-primary button-block">
              {t('landing.plan.cta')}
            </a>
          </div>
        </div>
      </section>

      <section className="section container disclaimer-strip">
        <p className="muted small">
          {t('landing.disclaimerShort')} <a href="/disclaimer">{t('footer.disclaimer')}</a>
        </p>
      </section>
    </>
  );
}
