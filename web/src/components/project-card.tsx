import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Project } from '../api/types.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { categoryLabel } from '../lib/category.ts';
import { formatDate, stripHtml, truncate } from '../lib/format.ts';
import { localisedSummary, localisedTitle } from '../lib/localise.ts';
import { ScoreBadge } from './score-badge.tsx';

export const SNIPPET_LENGTH = 150;

export function ProjectCard({ project, score, extra }: { project: Project; score?: number | null; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const title = localisedTitle(project, language, t('projects.noTitle'));
  const summary = truncate(stripHtml(localisedSummary(project, language)), SNIPPET_LENGTH);
  return (
    <article className="project-card" data-testid="project-card">
      <div className="project-card-head">
        <h3 className="project-title">
          <Link to={`/projects/${project.id}`}>{title}</Link>
        </h3>
        <ScoreBadge score={score !== undefined ? score : project.matchScore} />
      </div>
      <p className="project-meta">
        {project.organization && (
          <span>
            <Icon name="building" size={14} /> {project.organization}
          </span>
        )}
        {project.location && (
          <span>
            <Icon name="pin" size={14} /> {project.location}
          </span>
        )}
        <span>
          <Icon name="calendar" size={14} /> {t('projects.published')} {formatDate(project.publishedAt, language, t('common.na'))}
        </span>
        {project.deadline && (
          <span>
            <Icon name="clock" size={14} /> {t('projects.deadline')} {formatDate(project.deadline, language, t('common.na'))}
          </span>
        )}
      </p>
      {summary && <p className="project-snippet">{summary}</p>}
      <div className="project-card-foot">
        {project.category && <span className="badge badge-muted">{categoryLabel(t, project.category)}</span>}
        {extra}
      </div>
    </article>
  );
}
