import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGetPage, apiRequest } from '../api/client.ts';
import type { Project } from '../api/types.ts';
import { normaliseProject } from '../lib/localise.ts';

export const PROJECTS_POLL_MS = 300_000;
export const PROJECTS_PAGE_SIZE = 20;
export type ProjectSort = 'newest' | 'title' | 'organization';

export interface ProjectQuery {
  q?: string;
  category?: string;
  sort?: ProjectSort;
  limit: number;
  offset?: number;
}

export function projectsUrl(query: ProjectQuery): string {
  const params = new URLSearchParams();
  params.set('limit', String(query.limit));
  if (query.offset) params.set('offset', String(query.offset));
  if (query.q && query.q.trim() !== '') params.set('q', query.q.trim());
  if (query.category) params.set('category', query.category);
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort);
  return `/api/projects?${params.toString()}`;
}

async function fetchProjects(url: string) {
  const page = await apiGetPage<Project & Record<string, unknown>>(url);
  return { items: page.items.map((project) => normaliseProject(project)), total: page.total };
}

/** A single page (dashboard lists, search card). */
export function useProjectList(query: ProjectQuery, options: { poll?: boolean } = {}) {
  const url = projectsUrl(query);
  return useQuery({
    queryKey: [url],
    queryFn: () => fetchProjects(url),
    refetchInterval: options.poll ? PROJECTS_POLL_MS : false,
    placeholderData: (previous) => previous,
  });
}

/** Offset paging with the total from X-Total-Count (projects page "show more"). */
export function useProjectPages(query: Omit<ProjectQuery, 'limit' | 'offset'>) {
  return useInfiniteQuery({
    queryKey: ['/api/projects', 'pages', query.q ?? '', query.category ?? '', query.sort ?? 'newest'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchProjects(projectsUrl({ ...query, limit: PROJECTS_PAGE_SIZE, offset: pageParam })),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
    refetchInterval: PROJECTS_POLL_MS,
  });
}

export function useCategories() {
  return useQuery<string[]>({
    queryKey: ['/api/projects/categories'],
    select: (data) =>
      Array.isArray(data)
        ? data
            .map((item) =>
              typeof item === 'string' ? item : String((item as { category?: string; name?: string }).category ?? (item as { name?: string }).name ?? ''),
            )
            .filter(Boolean)
        : [],
  });
}

export function useProject(id: number) {
  return useQuery({
    queryKey: [`/api/projects/${id}`],
    queryFn: async () => normaliseProject(await apiRequest<Project & Record<string, unknown>>('GET', `/api/projects/${id}`)),
    enabled: Number.isInteger(id) && id > 0,
  });
}
