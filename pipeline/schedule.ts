import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
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
 * never two rounds at once. A failing stage is logged and the round goes on: every stage works from what is
 * stored, so an unreachable simap.ch must not stop summaries, scores and digests of what is already there.
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
