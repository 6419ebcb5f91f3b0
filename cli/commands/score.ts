import type { Command } from 'commander';
import { z } from 'zod';
import type { ScoreSummary } from '../../pipeline/score/score-stage.ts';
import { withStageLock } from '../../pipeline/stage-lock.ts';
import { parseFlags } from '../parse-flags.ts';
import { runStageCommand } from '../run-stage-command.ts';

const Flags = z.object({ json: z.boolean().default(false) });

export const SCORE_SKIPPED = 'another process is scoring (advisory lock held); nothing done';

function describeSummary(summary: ScoreSummary | { skipped: string }): string {
  if ('skipped' in summary) return `score skipped: ${summary.skipped}`;
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
  return lines.join('\n');
}

export function registerScore(program: Command): void {
  program
    .command('score')
    .description('match active alerts against projects: local scorer, then the LLM above PREFILTER_THRESHOLD when one is configured')
    .option('--json', 'print the summary as JSON')
    .action(async (raw: unknown) => {
      const { json } = parseFlags(Flags, raw);
      // The scorer is loaded by the action only: `tenders score --help` stays instant.
      const { score } = await import('../../pipeline/score/score-stage.ts');
      await runStageCommand(
        { json },
        async ({ ctx, events, signal }) => {
          const outcome = await withStageLock(ctx.db, 'score', () => score({ db: ctx.db.knex, logger: ctx.logger, config: ctx.config, events, signal }));
          if (outcome.started) return outcome.result;
          ctx.logger.warn(`score skipped: ${SCORE_SKIPPED}`);
          return { skipped: SCORE_SKIPPED };
        },
        describeSummary,
      );
    });
}
