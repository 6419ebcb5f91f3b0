import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/app-layout.tsx';

const LIABILITY_ITEMS = ['accuracy', 'completeness', 'decisions', 'availability'] as const;

export function DisclaimerPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('disclaimer.title')}>
      <article className="container prose">
        <h1>{t('disclaimer.title')}</h1>
        <p className="lead">{t('disclaimer.intro')}</p>
        <section>
          <h2>{t('disclaimer.notAffiliated.title')}</h2>
          <p>{t('disclaimer.notAffiliated.text')}</p>
          <p>{t('disclaimer.notAffiliated.logo')}</p>
        </section>
        <section>
          <h2>{t('disclaimer.purpose.title')}</h2>
          <p>{t('disclaimer.purpose.text')}</p>
        </section>
        <section>
          <h2>{t('disclaimer.liability.title')}</h2>
          <p>{t('disclaimer.liability.text')}</p>
          <ul>
            {LIABILITY_ITEMS.map((item) => (
              <li key={item}>{t(`disclaimer.liability.items.${item}`)}</li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{t('disclaimer.data.title')}</h2>
          <p>{t('disclaimer.data.text')}</p>
        </section>
        <section>
          <h2>{t('disclaimer.official.title')}</h2>
          <p>{t('disclaimer.official.text')}</p>
          <p>
            <a className="button button-primary" href="https://www.simap.ch" target="_blank" rel="noopener noreferrer">
              {t('disclaimer.official.link')} ↗
            </a>
          </p>
        </section>
        <p>
          <Link to="/">{t('common.backHome')}</Link>
        </p>
      </article>
    </PublicLayout>
  );
}
