import { useQuery } from '@tanstack/react-query';
import { Icon } from '../components/icon.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ProjectMatch, ProjectSummaries } from '../api/types.ts';
import { FeedbackButtons } from '../components/feedback-buttons.tsx';
import { ScoreBadge, ScoreBar } from '../components/score-badge.tsx';
import { Spinner } from '../components/spinner.tsx';
import { WatchButton } from '../components/watch-button.tsx';
import { useLanguage } from '../hooks/use-language.ts';
import { useProject } from '../hooks/use-projects.ts';
import { formatBudget, formatDate, stripHtml, truncate } from '../lib/format.ts';
import { LANGUAGES, type Language } from '../../../domain/languages.ts';
import { localisedSummary, localisedTitle, officialUrl } from '../lib/localise.ts';

export const SUMMARIES_STALE_MS = 30 * 60_000;
export const DETAIL_TITLE_LENGTH = 50;

const SUMMARY_FIELD: Record<Language, keyof ProjectSummaries> = { fr: 'french', de: 'german', it: 'italian', en: 'english' };

function Summaries({ projectId, fallback }: { projectId: number; fallback: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [tab, setTab] = useState<Language>(language);
  const { data, isLoading, isError } = useQuery<ProjectSummaries>({ queryKey: [`/api/projects/${projectId}/summaries`], staleTime: SUMMARIES_STALE_MS });
  if (isLoading) return <Spinner />;
  if (isError) return <p className="muted">{t('errors.fetchSummaries')}</p>;
  const generating = data?.status === 'pending' || data?.status === 'processing';
  const any = LANGUAGES.some((code) => {
    const value = data?.[SUMMARY_FIELD[code]];
    return typeof value === 'string' && value.trim() !== '';
  });
  if (!any) {
    if (generating) {
      return (
        <p className="notice notice-info">
          <span className="spinner small" aria-hidden="true" /> {t('project.summaryGenerating')}
        </p>
      );
    }
    return (
      <>
        <p className="muted">{t('project.noSummaries')}</p>
        {fallback && <p className="pre-line">{fallback}</p>}
      </>
    );
  }
  const text = data?.[SUMMARY_FIELD[tab]];
  return (
    <div>
      <div className="tabs small" role="tablist" aria-label={t('project.summaryLanguage')}>
        {LANGUAGES.map((code) => (
          <button key={code} type="button" role="tab" aria-selected={tab === code} className={tab === code ? 'tab active' : 'tab'} onClick={() => setTab(code)}>
            {code.toUpperCase()}
          </button>
        ))}
      </div>
      {typeof text === 'string' && text.trim() !== '' ? (
        <p className="pre-line">{stripHtml(text)}</p>
      ) : (
        <p className="muted">
          {generating ? t('project.summaryGenerating') : t(`project.summaryNotAvailable.${tab}`)}
        </p>
      )}
    </div>
  );
}

function Matches({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useQuery<ProjectMatch[]>({ queryKey: [`/api/projects/${projectId}/matches`] });
  if (isLoading) return <Spinner />;
  if (isError) return <p className="muted">{t('errors.fetchMatches')}</p>;
  if (!data || data.length === 0) return <p className="muted">{t('project.noMatches')}</p>;
  return (
    <ul className="match-list">
      {[...data]
        .sort((a, b) => (b.score ?? -1) - (a.score ?? -1))
        .map((match) => (
          <li key={match.id} className="match-item">
            <div className="match-head">
              {match.alert ? (
                <Link to={`/alerts/${match.alert.id}`} className="match-alert">
                  “{truncate(match.alert.prompt, 80)}”
                </Link>
              ) : (
                <span className="muted">{t('project.unknownAlert')}</span>
              )}
              <ScoreBadge score={match.score} />
            </div>
            <ScoreBar score={match.score} />
            {match.explanation && <p className="match-explanation">{match.explanation}</p>}
            {match.alert && <FeedbackButtons alertId={match.alert.id} projectId={projectId} verdict={match.feedback} />}
          </li>
        ))}
    </ul>
  );
}

export function ProjectDetailPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number.parseInt(params.id ?? '', 10);
  const { data: project, isLoading, isError } = useProject(id);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));

  if (isLoading) return <Spinner />;
  if (!Number.isInteger(id) || isError || !project) {
    return (
      <div className="card center-card">
        <h2>{t('project.notFound')}</h2>
        <p className="muted">{t('project.notFoundText')}</p>
        <button type="button" className="button" onClick={back}>
          ← {t('common.back')}
        </button>
      </div>
    );
  }
  const title = localisedTitle(project, language, t('projects.noTitle'));
  const url = officialUrl(project, language);
  const fields = [
    { label: t('project.organization'), value: project.organization || t('common.na') },
    { label: t('project.location'), value: project.location || t('common.na') },
    { label: t('project.published'), value: formatDate(project.publishedAt, language, t('common.na')) },
    { label: t('project.deadline'), value: formatDate(project.deadline, language, t('common.na')) },
    { label: t('project.budget'), value: formatBudget(project.budget, language, t('common.na')) },
    { label: t('project.category'), value: project.category || t('common.na') },
  ];
  const description = stripHtml(project.description);
  const content = stripHtml(project.content);
  return (
    <div className="page project-detail">
      <div className="page-toolbar">
        <button type="button" className="button button-ghost" onClick={back}>
          ← {t('common.back')}
        </button>
        {url && (
          <a className="button button-primary" href={url} target="_blank" rel="noopener noreferrer">
            {t('project.official')} ↗
          </a>
        )}
      </div>
      <article className="card">
        <div className="project-detail-head">
          <h2 title={title}>{truncate(title, DETAIL_TITLE_LENGTH)}</h2>
          <WatchButton projectId={project.id} />
          <ScoreBadge score={project.matchScore} />
        </div>
        {title.length > DETAIL_TITLE_LENGTH && <p className="muted">{title}</p>}
        <dl className="field-grid">
          {fields.map((field) => (
            <div key={field.label}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      </article>
      <div className="detail-grid">
        <div className="stack">
          <section className="card">
            <h2>{t('project.description')}</h2>
            <p className="pre-line">{description || localisedSummary(project, language) || t('common.na')}</p>
          </section>
          {content && content !== description && (
            <section className="card">
              <details>
                <summary>
                  <strong>{t('project.fullContent')}</strong>
                </summary>
                <p className="pre-line">{content}</p>
              </details>
            </section>
          )}
        </div>
        <div className="stack">
          <section className="card">
            <h2>
              <Icon name="sparkle" size={18} /> {t('project.summary')}
            </h2>
            <Summaries projectId={project.id} fallback={stripHtml(localisedSummary(project, language))} />
            <p className="muted small">{t('project.summaryDisclaimer')}</p>
          </section>
          <section className="card">
            <h2>{t('project.matches')}</h2>
            <Matches projectId={project.id} />
          </section>
        </div>
      </div>
    </div>
  );
}
