import type { Knex } from 'knex';

/** The newest publication date fully scraped for a source, as YYYY-MM-DD; null before the first complete run. */
export async function getScrapeCursor(db: Knex, source = 'simap'): Promise<string | null> {
  const row = await db('scrape_cursors').where({ source }).first(db.raw(`to_char(newest_publication_date, 'YYYY-MM-DD') as newest`));
  return (row as { newest?: string } | undefined)?.newest ?? null;
}

/** Never moves the cursor backwards. */
export async function advanceScrapeCursor(db: Knex, newestPublicationDate: string, source = 'simap'): Promise<void> {
  await db('scrape_cursors')
    .insert({ source, newestPublicationDate })
    .onConflict('source')
    .merge({
      newestPublicationDate: db.raw('greatest(scrape_cursors.newest_publication_date, excluded.newest_publication_date)'),
      updatedAt: db.fn.now(),
    });
}
