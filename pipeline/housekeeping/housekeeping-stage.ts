import type { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { deleteOldRateLimits } from '../../db/rate-limits.ts';
import { deleteExpiredSessions } from '../../db/sessions.ts';
import type { Logger } from '../../logger.ts';
import { runStage, type Stage, type StageEvent } from '../stage-runner.ts';

export const HOUSEKEEPING_STAGE_ID = 'pipeline.housekeeping';

/** Every rate-limit window is at most an hour long (api/api-deps.ts): a counter two hours old is dead. */
const RATE_LIMIT_ROWS_KEPT_SECONDS = 7_200;

export interface HousekeepingResult {
  sessionsDeleted: number;
  rateLimitsDeleted: number;
}

/** Deletes what the API leaves behind once it is of no use: ended sessions and past rate-limit counters. */
export const housekeepingStage: Stage<Record<string, never>, HousekeepingResult> = {
  id: HOUSEKEEPING_STAGE_ID,
  async run(ctx) {
    const sessionsDeleted = await deleteExpiredSessions(ctx.db);
    const rateLimitsDeleted = await deleteOldRateLimits(ctx.db, RATE_LIMIT_ROWS_KEPT_SECONDS);
    ctx.count('sessionsDeleted', sessionsDeleted);
    ctx.count('rateLimitsDeleted', rateLimitsDeleted);
    return { sessionsDeleted, rateLimitsDeleted };
  },
};

export async function housekeeping(deps: {
  db: Knex;
  logger: Logger;
  events?: EventEmitter<{ event: [StageEvent] }>;
  signal?: AbortSignal;
}): Promise<HousekeepingResult> {
  return (await runStage(housekeepingStage, {}, deps)).result;
}
