import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
import { scrape } from './scrape.ts';
import { withScrapeLock } from './scrape-lock.ts';
import { SimapUnreachableError } from './simap/simap-errors.ts';

export interface ScheduledStage {
  name: string;
  run: () => Promise<unknown>;
}

function humanInterval(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

function rootCause(error: unknown): unknown {
  let current = error;
  while (current instanceof Error && current.cause !== undefined && !(current instanceof SimapUnreachableError)) current = current.cause;
  return current;
}

/**
 * The embedded database's in-process pipeline: the stages in order, now and then every `pipelineEveryMs`,
 * never two rounds at once; a failing stage is logged and ends the round, never the server.
 */
export function startPipelineSchedule(deps: { db: Database; logger: Logger; config: Config; stages: ScheduledStage[] }): { stop(): Promise<void> } {
  const logger = deps.logger.child({ component: 'schedule' });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  async function runRound(): Promise<void> {
    for (const stage of deps.stages) {
      if (stopped) return;
      try {
        await stage.run();
      } catch (error) {
        const cause = rootCause(error);
        if (cause instanceof SimapUnreachableError) logger.warn(`simap.ch is unreachable (${cause.code}); ${stage.name} runs again in ${humanInterval(deps.config.pipelineEveryMs)}`);
        else logger.error({ err: error }, `${stage.name} failed: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
  }

  function tick(): void {
    round = runRound().finally(() => {
      if (!stopped) timer = setTimeout(tick, deps.config.pipelineEveryMs);
    });
  }

  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
    },
  };
}

/** The scrape as a scheduled stage: skipped (with a log line) while another scrape holds the lock. */
export function scheduledScrape(deps: { db: Database; logger: Logger; config: Config }): ScheduledStage {
  return {
    name: 'scrape',
    run: async () => {
      const outcome = await withScrapeLock(deps.db, () => scrape({ db: deps.db.knex, logger: deps.logger, config: deps.config }));
      if (!outcome.started) deps.logger.info('scheduled scrape skipped: a scrape is already running');
      else deps.logger.info(outcome.result, 'scheduled scrape finished');
      return outcome;
    },
  };
}
