import { EventEmitter } from 'node:events';
import type { Command } from 'commander';
import { z } from 'zod';
import { migrateLatest } from '../../db/migrate.ts';
import { score, type ScoreSummary } from '../../pipeline/score/score-stage.ts';
import type { StageEvent } from '../../pipeline/stage-runner.ts';
import { CliError } from '../cli-error.ts';
import { openCommandContext, printJson } from '../context.ts';
import { renderStageProgress } from '../progress.ts';

const Flags = z.object({ json: z.boolean().default(false) });

function printSummary(summary: ScoreSummary): void {
  const lines = [
    `scored ${summary.alertsScored} of ${summary.alerts} active alerts against ${summary.projects} projects (${summary.llmScorer ?? 'local scorer only'})`,
    `  pairs considered      ${summary.pairsConsidered}`,
    `  candidates scored     ${summary.candidates}`,
    `  matches stored        ${summary.matchesStored}`,
    `  matches removed       ${summary.matchesDeleted}`,
  ];
  if (summary.llmScorer) {
    lines.push(
      `  LLM re-scored         ${summary.llmUpdated}`,
      `  LLM below the floor   ${summary.llmDeleted}`,
      `  LLM failures          ${summary.llmFailed}${summary.llmFailed ? ' (kept their local score; retried next run)' : ''}`,
      `  tokens in / out       ${summary.tokensIn} / ${summary.tokensOut}`,
    );
  }
  lines.push(`  duration              ${(summary.durationMs / 1000).toFixed(1)} s`);
  console.log(lines.join('\n'));
}

export function registerScore(program: Command): void {
  program
    .command('score')
    .description('match active alerts against projects: local scorer, then the LLM above PREFILTER_THRESHOLD when one is configured')
    .option('--json', 'print the summary as JSON')
    .action(async (raw: unknown) => {
      const { json } = Flags.parse(raw);
      const ctx = openCommandContext();
      const events = new EventEmitter<{ event: [StageEvent] }>();
      const detach = json ? () => {} : renderStageProgress(events);
      const abort = new AbortController();
      const onSignal = () => abort.abort(new CliError('interrupted', 130));
      process.once('SIGINT', onSignal);
      try {
        await migrateLatest(ctx.db.knex);
        const summary = await score({ db: ctx.db.knex, logger: ctx.logger, config: ctx.config, events, signal: abort.signal });
        detach();
        if (json) printJson({ ok: true, ...summary });
        else printSummary(summary);
      } finally {
        detach();
        process.off('SIGINT', onSignal);
        await ctx.close();
      }
    });
}
