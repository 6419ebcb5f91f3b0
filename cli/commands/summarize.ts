import type { Command } from 'commander';
import { z } from 'zod';
import { getQueueStatus } from '../../db/summaries.ts';
import { summarize, type SummarizeSummary } from '../../pipeline/summarize/summarize-stage.ts';
import { runStageCommand } from '../run-stage-command.ts';
import { parseFlags } from '../parse-flags.ts';

const Flags = z.object({
  json: z.boolean().default(false),
  limit: z
    .string()
    .regex(/^\d+$/, '--limit must be a positive whole number')
    .transform(Number)
    .refine((n) => n > 0, '--limit must be a positive whole number')
    .optional(),
});

function describeSummary(summary: SummarizeSummary): string {
  const lines = [
    `summarized the queue with ${summary.mode === 'llm' ? `the LLM (${summary.model})` : 'the offline extractive summarizer'}`,
    `  jobs taken            ${summary.claimed}`,
    `  summarized            ${summary.summarized}`,
    `  already up to date    ${summary.alreadySummarized}`,
    `  to retry later        ${summary.retried}`,
    `  failed                ${summary.failed + summary.abandonedFailed}`,
  ];
  if (summary.mode === 'llm') lines.push(`  tokens in / out       ${summary.tokensIn} / ${summary.tokensOut}`);
  lines.push(`  duration              ${(summary.durationMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}

export function registerSummarize(program: Command): void {
  program
    .command('summarize')
    .description('work through the summary queue (several processes may run at once)')
    .option('--limit <n>', 'take at most this many jobs')
    .option('--json', 'print the summary as JSON')
    .action(async (raw: unknown) => {
      const { json, limit } = parseFlags(Flags, raw);
      await runStageCommand(
        {
          json,
          // The queue's length now: the total the progress line counts down (other workers may take some).
          totals: async (ctx) => {
            const { pending } = await getQueueStatus(ctx.db.knex);
            return { 'pipeline.summarize': limit === undefined ? pending : Math.min(limit, pending) };
          },
        },
        ({ ctx, events, signal }) => summarize({ db: ctx.db.knex, logger: ctx.logger, config: ctx.config, events, signal }, { limit }),
        describeSummary,
      );
    });
}
