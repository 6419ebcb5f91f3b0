import { useQuery } from '@tanstack/react-query';
import { Icon } from './icon.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QueueStatus } from '../api/types.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { formatNumber } from '../lib/format.ts';

/** Compact admin block on the dashboard (admins only, docs/architecture.md). */
export function AdminPanel() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data, isLoading, isError } = useQuery<QueueStatus>({ queryKey: ['/api/queue/status'] });
  const items = [
    ['pending', data?.pending],
    ['processing', data?.processing],
    ['completed', data?.completed],
    ['failed', data?.failed],
  ] as const;
  return (
    <section className="card admin-panel" aria-labelledby="admin-panel-title">
      <div className="card-head">
        <h2 id="admin-panel-title">
          <Icon name="tool" size={18} /> {t('admin.panelTitle')}
        </h2>
        <Link to="/admin" className="button button-small">
          {t('admin.open')}
        </Link>
      </div>
      {isLoading ? (
        <p className="muted">{t('common.loading')}</p>
      ) : isError || !data ? (
        <p className="muted">{t('admin.noQueueData')}</p>
      ) : (
        <ul className="inline-stats">
          {items.map(([key, value]) => (
            <li key={key}>
              <span className="muted small">{t(`admin.queue.${key}`)}</span> <strong>{formatNumber(value, language)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
