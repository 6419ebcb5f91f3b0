import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AdminPanel } from '../components/admin-panel.tsx';
import { CreateAlertForm } from '../components/create-alert-form.tsx';
import { ProjectCard } from '../components/project-card.tsx';
import { RefreshButton } from '../components/refresh-button.tsx';
import { Spinner } from '../components/spinner.tsx';
import { StatsStrip } from '../components/stats-strip.tsx';
import { useAlerts } from '../hooks/use-alerts.ts';
import { useAuth } from '../hooks/use-auth.tsx';
import { useDebounced } from '../hooks/use-debounced.ts';
import { useProjectList } from '../hooks/use-projects.ts';
import { truncate } from '../lib/format.ts';
import { useMatchThreshold } from '../hooks/use-config.ts';
import { isMatch } from '../lib/score.ts';

export const DASHBOARD_PROJECT_LIMIT = 50;
export const TOP_MATCHES = 5;
export const ALERT_TITLE_LENGTH = 30;

function TopMatches() {
  const { t } = useTranslation();
  const threshold = useMatchThreshold();
  const { data, isLoading, isError } = useProjectList({ limit: DASHBOARD_PROJECT_LIMIT }, { poll: true });
  const top = (data?.items ?? [])
    .filter((project) => threshold !== undefined && isMatch(project.matchScore, threshold))
    .sort((a, b) => (b.matchScore ?? 0) - (a.matchScore ?? 0))
    .slice(0, TOP_MATCHES);
  return (
    <section className="card" aria-labelledby="top-matches-title">
      <div className="card-head">
        <h2 id="top-matches-title">{t('dashboard.topMatches')}</h2>
        <Link to="/projects" className="link-button">
          {t('dashboard.viewAll')} →
        </Link>
      </div>
      {isLoading || threshold === undefined ? (
        <Spinner />
      ) : isError ? (
        <p className="muted">{t('errors.fetchProjects')}</p>
      ) : top.length === 0 ? (
        <p className="empty">{t('dashboard.noMatches')}</p>
      ) : (
        <div className="project-list">
          {top.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </div>
      )}
    </section>
  );
}

function ActiveAlerts() {
  const { t } = useTranslation();
  const { data, isLoading } = useAlerts();
  const active = (data ?? []).filter((alert) => alert.isActive !== false);
  return (
    <section className="card" aria-labelledby="active-alerts-title">
      <div className="card-head">
        <h2 id="active-alerts-title">{t('dashboard.activeAlerts')}</h2>
        <Link to="/alerts" className="link-button">
          {t('dashboard.manageAll')} →
        </Link>
      </div>
      {isLoading ? (
        <Spinner />
      ) : active.length === 0 ? (
        <p className="empty">{t('dashboard.noAlerts')}</p>
      ) : (
        <ul className="alert-mini-list">
          {active.map((alert) => (
            <li key={alert.id}>
              <Link to={`/alerts/${alert.id}`} title={alert.prompt}>
                {truncate(alert.prompt, ALERT_TITLE_LENGTH)}
              </Link>
              <span className="badge badge-muted">{t('alerts.matchCount', { count: alert.matchCount ?? 0 })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProjectSearchCard() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [limit, setLimit] = useState(10);
  const debounced = useDebounced(q);
  const { data, isLoading, isFetching, isError } = useProjectList({ q: debounced, limit });
  return (
    <section className="card" aria-labelledby="search-card-title">
      <div className="card-head">
        <h2 id="search-card-title">{t('dashboard.searchTitle')}</h2>
        {isFetching && !isLoading && <span className="spinner small" aria-hidden="true" />}
      </div>
      <div className="toolbar">
        <input
          type="search"
          className="input grow"
          value={q}
          placeholder={t('projects.searchPlaceholder')}
          aria-label={t('projects.search')}
          onChange={(event) => setQ(event.target.value)}
        />
        <select className="input" value={limit} aria-label={t('dashboard.resultCount')} onChange={(event) => setLimit(Number(event.target.value))}>
          <option value={10}>10</option>
          <option value={20}>20</option>
        </select>
      </div>
      {data && <p className="muted small">{t('projects.found', { n: data.total })}</p>}
      {isLoading ? (
        <Spinner />
      ) : isError ? (
        <p className="muted">{t('errors.fetchProjects')}</p>
      ) : (data?.items.length ?? 0) === 0 ? (
        <p className="empty">{t('projects.none')}</p>
      ) : (
        <div className="project-list">
          {data?.items.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </div>
      )}
    </section>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { user, isAdmin } = useAuth();
  return (
    <div className="page dashboard">
      <div className="page-toolbar">
        <p className="muted">{t('dashboard.welcome', { name: user?.username ?? '' })}</p>
        <RefreshButton />
      </div>
      {isAdmin && <AdminPanel />}
      <StatsStrip />
      <div className="dashboard-grid">
        <div className="stack">
          <section className="card" aria-labelledby="create-alert-title">
            <h2 id="create-alert-title">{t('alerts.createTitle')}</h2>
            <CreateAlertForm compact />
          </section>
          <ActiveAlerts />
        </div>
        <div className="stack">
          <TopMatches />
        </div>
      </div>
      <ProjectSearchCard />
    </div>
  );
}
