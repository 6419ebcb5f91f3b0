import { simapProjectUrl } from '../../domain/simap-url.ts';
import type { WatchedProjectRow } from '../../db/watchlist.ts';
import type { Language } from '../../domain/languages.ts';

const TITLE_FIELD = { fr: 'titleFr', de: 'titleDe', it: 'titleIt', en: 'titleEn' } as const;

export function localisedProjectTitle(row: Pick<WatchedProjectRow, 'title' | 'titleFr' | 'titleDe' | 'titleIt' | 'titleEn'>, language: Language): string {
  return row[TITLE_FIELD[language]] ?? row.title;
}

export function presentWatchedProject(row: WatchedProjectRow, language: Language) {
  return {
    id: row.id,
    projectId: row.simapProjectId,
    title: localisedProjectTitle(row, language),
    organization: row.organization,
    deadline: row.deadline,
    status: row.status,
    watchedAt: row.watchedAt,
    simapUrl: simapProjectUrl(row.simapProjectId, language),
    changes: row.changes,
  };
}
