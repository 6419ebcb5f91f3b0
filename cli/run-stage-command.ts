import { EventEmitter } from 'node:events';
import { migrateLatest } from '../db/migrate.ts';
import type { StageEvent } from '../pipeline/stage-runner.ts';
import { CliError } from './cli-error.ts';
import { openCommandContext, printJson, type CommandContext } from './context.ts';
import { renderStageProgress } from './progress.ts';

export interface StageCommandRun {
  ctx: CommandContext;
  events: EventEmitter<{ event: [StageEvent] }>;
  signal: AbortSignal;
}

/**
 * The shell around a one-stage command: context, migrations, progress on stderr (unless --json),
 * Ctrl-C aborting the stage, then the summary as JSON or as text.
 */
export async function runStageCommand<T extends object>(
  options: { json: boolean; totals?: (ctx: CommandContext) => Promise<Record<string, number>> },
  work: (run: StageCommandRun) => Promise<T>,
  describe: (summary: T) => string,
): Promise<void> {
  const ctx = openCommandContext({ quietInfo: !options.json });
  const events = new EventEmitter<{ event: [StageEvent] }>();
  let detach = () => {};
  const abort = new AbortController();
  const onSignal = () => abort.abort(new CliError('interrupted', 130));
  process.once('SIGINT', onSignal);
  try {
    await migrateLatest(ctx.db.knex);
    if (!options.json) detach = renderStageProgress(events, process.stderr, { totals: await options.totals?.(ctx) });
    const summary = await work({ ctx, events, signal: abort.signal });
    detach();
    if (options.json) printJson({ ok: true, ...summary });
    else console.log(describe(summary));
  } finally {
    detach();
    process.off('SIGINT', onSignal);
    await ctx.close();
  }
}
