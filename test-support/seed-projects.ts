import type { Knex } from 'knex';
import { insertRawPublications, type RawPublicationInsert } from '../db/raw-publications.ts';
import { normalizePublications } from '../pipeline/normalize/normalize-publications.ts';
import { awardOf, correctionOf, syntheticTender, type SimapProject } from './simap-pages.ts';

const INSERT_CHUNK = 100;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The raw rows simap would have given for `count` projects: a tender each, and with `withUpdates` some corrections and awards. */
export function* syntheticRawPublications(
  count: number,
  options: { withUpdates?: boolean; offset?: number; lastDate?: string } = {},
): Generator<RawPublicationInsert> {
  const lastDate = options.lastDate ?? '2026-06-30';
  for (let i = 0; i < count; i++) {
    const n = (options.offset ?? 0) + i;
    const date = addDays(lastDate, -(n % 365));
    let project: SimapProject = syntheticTender(n, { publicationDate: date });
    const versions: SimapProject[] = [project];
    if (options.withUpdates && n % 5 === 1) {
      project = correctionOf(project, { publicationDate: addDays(date, 3), deadline: `${addDays(date, 60)}T12:00:00+02:00` });
      versions.push(project);
    }
    if (options.withUpdates && n % 7 === 2) {
      project = awardOf(project, { publicationDate: addDays(date, 50), price: 10_000 + n });
      versions.push(project);
    }
    const emitted = new Set<string>();
    for (const version of versions) {
      for (const [publicationId, details] of version.details) {
        if (emitted.has(publicationId)) continue;
        emitted.add(publicationId);
        const base = details.base as { projectId: string; publicationDate: string };
        yield {
          publicationId,
          projectId: base.projectId,
          pubType: details.type as string,
          publicationDate: base.publicationDate,
          searchEntry: version.entry,
          details,
        };
      }
    }
  }
}

export async function insertSyntheticRawPublications(db: Knex, rows: Iterable<RawPublicationInsert>): Promise<number> {
  let chunk: RawPublicationInsert[] = [];
  let inserted = 0;
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === INSERT_CHUNK) {
      inserted += await insertRawPublications(db, chunk);
      chunk = [];
    }
  }
  inserted += await insertRawPublications(db, chunk);
  return inserted;
}

/**
 * `count` realistic projects through the real path (raw_publications → normalize), for benchmarks and browser tests.
 * Titles, CPV codes, cantons, languages and dates vary; `withUpdates` adds corrections and awards.
 */
export async function seedProjects(
  db: Knex,
  count: number,
  options: { withUpdates?: boolean; offset?: number } = {},
): Promise<{ publications: number; projects: number }> {
  const publications = await insertSyntheticRawPublications(db, syntheticRawPublications(count, options));
  await normalizePublications(db);
  const [row] = await db('projects').count<Array<{ count: number }>>({ count: '*' });
  return { publications, projects: Number(row?.count ?? 0) };
}
