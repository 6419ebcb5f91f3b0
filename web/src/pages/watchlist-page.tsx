import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WatchedProject } from '../api/types.ts';
import { Icon } from '../components/icon.tsx';
import { Spinner } from '../components/spinner.tsx';
import { WatchButton } from '../components/watch-button.tsx';
import { useLanguage } from '../hooks/use-language.ts';
import { useWatchlist } from '../hooks/use-watchlist.ts';
import { formatDate } from '../lib/format.ts';

const CHANGE_BADGE: Record<string, string> = { corrected: 'badge-warning', awarded: 'badge-success', revoked: 'badge-danger', abandoned: 'badge-danger' };

function WatchedCard({ project }: { project: WatchedProject }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <article className="project-card" data-testid="watched-card">
      <div className="project-card-head">
        <h3 className="project-title">
          <Link to={`/projects/${project.id}`}>{project.title}</Link>
        </h3>
        <WatchButton projectId={project.id} />
      </div>
      <p className="project-meta">
        {project.organization && (
          <span>
            <Icon name="building" size={14} /> {project.organization}
          </span>
        )}
        <span>
          <Icon name="clock" size={14} /> {t('projects.deadline')} {formatDate(project.deadline, language, t('common.na'))}
        </span>
      </p>
      <div className="project-card-foot">
        {project.status !== 'open' && (
          <span className={`badge ${CHANGE_BADGE[project.status] ?? 'badge-muted'}`}>
            {t(`watchlist.status.${project.status}`, { defaultValue: project.status })}
          </span>
        )}
        {project.changes.map((change) => (
          <span key={change.publicationId} className={`badge ${CHANGE_BADGE[change.kind] ?? 'badge-muted'}`}>
            {t(`watchlist.change.${change.kind}`, { date: formatDate(change.date, language, t('common.na')) })}
          </span>
        ))}
        <a href={project.simapUrl} target="_blank" rel="noopener noreferrer" className="small">
          simap.ch ↗
        </a>
      </div>
    </article>
  );
}

/** The projects the user watches, soonest offer deadline first. */
export function WatchlistPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useWatchlist();
  return (
    <div className="page watchlist-page">
      <div className="page-toolbar">
        <p className="muted">{t('watchlist.intro')}</p>
        <Link to="/settings" className="button button-small">
          <Icon name="calendar" size={14} /> {t('watchlist.remindersAndCalendar')}
        </Link>
      </div>
      <section className="card">
        {isLoading ? (
          <Spinner />
        ) : isError ? (
          <p className="muted">{t('watchlist.loadError')}</p>
        ) : !data || data.length === 0 ? (
          <p className="empty">{t('watchlist.empty')}</p>
        ) : (
          <div className="project-list">
            {data.map((project) => (
              <WatchedCard key={project.id} project={project} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
