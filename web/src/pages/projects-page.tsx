import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectCard } from '../components/project-card.tsx';
import { WatchButton } from '../components/watch-button.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useDebounced } from '../hooks/use-debounced.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { useCategories, useProjectPages } from '../hooks/use-projects.ts';
import type { ProjectSort } from '../hooks/use-projects.ts';
import { categoryLabel } from '../lib/category.ts';
import { formatNumber } from '../lib/format.ts';

const SORTS: readonly ProjectSort[] = ['newest', 'title', 'organization'];

export function ProjectsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<ProjectSort>('newest');
  const debounced = useDebounced(q);
  const categories = useCategories();
  const pages = useProjectPages({ q: debounced, category, sort });
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const filtered = q !== '' || category !== '' || sort !== 'newest';

  return (
    <div className="page projects-page">
      <section className="card filters" aria-label={t('projects.filters')}>
        <div className="toolbar wrap">
          <input
            type="search"
            className="input grow"
            value={q}
            placeholder={t('projects.searchPlaceholder')}
            aria-label={t('projects.search')}
            onChange={(event) => setQ(event.target.value)}
          />
          <select className="input" value={category} aria-label={t('projects.category')} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{t('projects.allCategories')}</option>
            {(categories.data ?? []).map((name) => (
              <option key={name} value={name}>
                {categoryLabel(t, name)}
              </option>
            ))}
          </select>
          <select className="input" value={sort} aria-label={t('projects.sort')} onChange={(event) => setSort(event.target.value as ProjectSort)}>
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`projects.sorts.${value}`)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-ghost"
            disabled={!filtered}
            onClick={() => {
              setQ('');
              setCategory('');
              setSort('newest');
            }}
          >
            {t('projects.resetFilters')}
          </button>
          <button type="button" className="button" disabled={pages.isFetching} onClick={() => void pages.refetch()}>
            <span aria-hidden="true" className={pages.isFetching ? 'spin' : undefined}>
              ↻
            </span>{' '}
            {t('projects.refresh')}
          </button>
        </div>
        <p className="muted small" data-testid="projects-count">
          {pages.isLoading ? t('common.loading') : t('projects.found', { n: formatNumber(total, language) })}
        </p>
      </section>

      <h2 className="sr-only">{t('projects.results')}</h2>
      {pages.isLoading ? (
        <Spinner />
      ) : pages.isError ? (
        <div className="card notice notice-danger">{t('errors.fetchProjects')}</div>
      ) : items.length === 0 ? (
        <div className="card empty">{t('projects.none')}</div>
      ) : (
        <div className="project-list">
          {items.map((project) => (
            <ProjectCard key={project.id} project={project} extra={<WatchButton projectId={project.id} />} />
          ))}
        </div>
      )}
      {pages.hasNextPage && (
        <div className="center">
          <button type="button" className="button" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? t('common.loading') : t('projects.showMore', { shown: items.length, total })}
          </button>
        </div>
      )}
    </div>
  );
}
