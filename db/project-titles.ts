/** A project's title in its creation language and in each interface language, as rows that show a project carry it. */
export interface ProjectTitles {
  title: string;
  titleFr: string | null;
  titleDe: string | null;
  titleIt: string | null;
  titleEn: string | null;
}

/** The columns of `projects as p` that a row showing a project (e-mail, reminder, watchlist card) selects. */
export const PROJECT_HEADLINE_COLUMNS = [
  'p.projectId as simapProjectId',
  'p.title',
  'p.titleFr',
  'p.titleDe',
  'p.titleIt',
  'p.titleEn',
  'p.organization',
  'p.deadline',
] as const;
