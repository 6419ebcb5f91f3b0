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
import { categoryLabel } from '../lib/category.ts';
import { formatBudget, formatDate, stripHtml, truncate } from '../lib/format.ts';
import { LANGUAGES, type Language } from '../../../domain/languages.ts';
import { localisedSummary, localisedTitle, officialUrl } from '../lib/localise.ts';

export const SUMMARIES_STALE_MS = 30 * 60_000;

const SUMMARY_FIELD: Record<Language, keyof ProjectSummaries> = { fr: 'french', de: 'german', it: 'italian', en: 'english' };

/** The tab to open: the user's language when it has a summary, else the notice's, else the first there is. */
export function initialSummaryTab(available: readonly Language[], language: Language, noticeLanguage: string | null | undefined): Language | null {
  if (available.includes(language)) return language;
  const notice = available.find((code) => code === noticeLanguage);
  return notice ?? available[0] ?? null;
}

function Summaries({
  summaries,
  isLoading,
  isError,
  fallback,
}: {
  summaries: ProjectSummaries | undefined;
  isLoading: boolean;
  isError: boolean;
  fallback: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [chosen, setChosen] = useState<Language | null>(null);
  if (isLoading) return <Spinner />;
  if (isError) return <p className="muted">{t('errors.fetchSummaries')}</p>;
  const generating = summaries?.status === 'pending' || summaries?.status === 'processing';
  const available = LANGUAGES.filter((code) => {
    const value = summaries?.[SUMMARY_FIELD[code]];
    return typeof value === 'string' && value.trim() !== '';
  });
  if (available.length === 0) {
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
  const tab = chosen && available.includes(chosen) ? chosen : (initialSummaryTab(available, language, summaries?.noticeLanguage) ?? available[0]!);
  const text = String(summaries?.[SUMMARY_FIELD[tab]] ?? '');
  return (
    <div>
      {!available.includes(language) && (
        <p className="muted small" data-testid="summary-language-note">
          {t('project.summaryOtherLanguage', { language: t(`language.names.${language}`), shown: t(`language.names.${tab}`) })}
        </p>
      )}
      {available.length > 1 && (
        <div className="tabs small" role="tablist" aria-label={t('project.summaryLanguage')}>
          {available.map((code) => (
            <button
              key={code}
              type="button"
              role="tab"
              lang={code}
              aria-selected={tab === code}
              className={tab === code ? 'tab active' : 'tab'}
              onClick={() => setChosen(code)}
            >
              {code.toUpperCase()}
            </button>
          ))}
        </div>
      )}
      <p className="pre-line" lang={tab}>
        {stripHtml(text)}
      </p>
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
  const summaries = useQuery<ProjectSummaries>({
    queryKey: [`/api/projects/${id}/summaries`],
    staleTime: SUMMARIES_STALE_MS,
    enabled: Number.isInteger(id) && id > 0,
  });
  // Sentences picked from the notice are an extract, never "AI": the label says which one the reader gets.
  const extract =
    (summaries.data?.extractive?.length ?? 0) > 0 &&
    summaries.data?.extractive?.length === LANGUAGES.filter((code) => summaries.data?.[SUMMARY_FIELD[code]]).length;
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
    { label: t('project.category'), value: project.category ? categoryLabel(t, project.category) : t('common.na') },
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
          <h2>{title}</h2>
          <WatchButton projectId={project.id} />
          <ScoreBadge score={project.matchScore} />
        </div>
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
              {extract ? (
                t('project.extractTitle')
              ) : (
                <>
                  <Icon name="sparkle" size={18} /> {t('project.summary')}
                </>
              )}
            </h2>
            <Summaries
              summaries={summaries.data}
              isLoading={summaries.isLoading}
              isError={summaries.isError}
              fallback={stripHtml(localisedSummary(project, language))}
            />
            <p className="muted small">{extract ? t('project.extractDisclaimer') : t('project.summaryDisclaimer')}</p>
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
