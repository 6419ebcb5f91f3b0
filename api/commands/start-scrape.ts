import type { Knex } from 'knex';
import type { ApiDeps } from '../api-deps.ts';

/** pipeline_runs stages that a scrape writes; a run of any of them counts as "a scrape ran". */
export const SCRAPE_STAGES = ['pipeline.fetch', 'pipeline.normalize', 'pipeline.scrape'];
export const SCRAPE_COOLDOWN_SECONDS = 300;

export type ScrapeStart = { started: true } | { started: false; reason: 'running' | 'recent' };

async function scrapedRecently(db: Knex): Promise<boolean> {
  const row = await db('pipeline_runs')
    .whereIn('stage', SCRAPE_STAGES)
    .whereRaw('started_at > now() - make_interval(secs => ?)', [SCRAPE_COOLDOWN_SECONDS])
    .first('id');
  return row !== undefined;
}

/**
 * Starts a scrape in the background under the scrape lock and answers as soon as it is known whether it started.
 * With `unlessRecent`, a scrape that ran in the last five minutes is enough.
 */
export async function startScrape(
  deps: Pick<ApiDeps, 'db' | 'pipeline' | 'logger' | 'config' | 'background'>,
  options: { unlessRecent: boolean },
): Promise<ScrapeStart> {
  const { db, pipeline } = deps;
  if (options.unlessRecent) {
    if (await pipeline.isScrapeRunning(db)) return { started: false, reason: 'running' };
    if (await scrapedRecently(db.knex)) return { started: false, reason: 'recent' };
  }
  const started = await new Promise<boolean>((resolve) => {
    const run = pipeline.withScrapeLock(db, async () => {
      resolve(true);
      return pipeline.scrape({ db: db.knex, logger: deps.logger, config: deps.config });
    });
    deps.background.run(
      'scrape',
      run.then(
        (outcome) => resolve(outcome.started),
        (error: unknown) => {
          resolve(false);
          throw error;
        },
      ),
    );
  });
  return started ? { started: true } : { started: false, reason: 'running' };
}
