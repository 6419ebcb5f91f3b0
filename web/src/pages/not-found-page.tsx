import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/app-layout.tsx';
import { StatusHeading } from '../components/status-heading.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('notFound.title')}>
      <div className="container narrow">
        <div className="card center-card">
          <StatusHeading icon="404">{t('notFound.title')}</StatusHeading>
          <p>{t('notFound.text', { defaultValue: "La page que vous cherchez n'existe pas ou a été déplacée." })}</p>
          <Link to="/" className="button button-primary">
            {t('common.backHome')}
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
