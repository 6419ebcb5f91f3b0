import type { Knex } from 'knex';

/** A publication whose details could not be fetched, with what the search said of it. */
export interface PublicationRetry {
  publicationId: string;
  source: string;
  projectId: string;
  pubType: string | null;
  publicationDate: string | null;
  searchEntry: unknown;
  attempts: number;
  lastError: string;
}

export async function findPublicationRetries(db: Knex, limit = 1000): Promise<PublicationRetry[]> {
  return db('publication_retries')
    .select('publicationId', 'source', 'projectId', 'pubType', 'publicationDate', 'searchEntry', 'attempts', 'lastError')
    .orderBy('createdAt')
    .limit(limit);
}

/** Counts one more failed try of a publication's details; returns the tries so far. */
export async function recordPublicationFailure(
  db: Knex,
  failure: { publicationId: string; projectId: string; pubType: string | null; publicationDate: string | null; searchEntry: unknown; error: string },
): Promise<number> {
  const [row] = await db('publication_retries')
    .insert({
      publicationId: failure.publicationId,
      projectId: failure.projectId,
      pubType: failure.pubType,
      publicationDate: failure.publicationDate,
      searchEntry: JSON.stringify(failure.searchEntry ?? null),
      attempts: 1,
      lastError: failure.error.slice(0, 1000),
    })
    .onConflict('publicationId')
    .merge({ attempts: db.raw('publication_retries.attempts + 1'), lastError: failure.error.slice(0, 1000), updatedAt: db.fn.now() })
    .returning('attempts');
  return Number((row as { attempts: number }).attempts);
}

export async function deletePublicationRetries(db: Knex, publicationIds: string[]): Promise<void> {
  if (publicationIds.length === 0) return;
  await db('publication_retries').whereIn('publicationId', publicationIds).delete();
}

export async function countPublicationRetries(db: Knex): Promise<number> {
  const [row] = await db('publication_retries').count<Array<{ count: number }>>({ count: '*' });
  return Number(row?.count ?? 0);
}
