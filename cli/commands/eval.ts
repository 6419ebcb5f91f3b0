import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { getConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { DEFAULT_EVAL_SET, formatEvaluationReport, runEvaluation } from '../../pipeline/evaluation/run-evaluation.ts';
import { llmFromConfig } from '../../pipeline/llm/llm-from-config.ts';
import { scoreAllWithLlm, type LlmEvaluationStats } from '../../pipeline/evaluation/evaluate-with-llm.ts';
import { getSharedLocalScorer } from '../../pipeline/score/shared-local-scorer.ts';
import { CliError } from '../cli-error.ts';
import { printJson } from '../context.ts';
import { parseFlags } from '../parse-flags.ts';

const Flags = z.object({
  set: z.string().optional(),
  scorer: z.enum(['local', 'llm'], { error: '--scorer must be local or llm' }).default('local'),
  json: z.boolean().default(false),
  reworded: z.boolean().default(false),
  feedback: z.boolean().default(false),
});

export function registerEval(program: Command): void {
  program
    .command('eval')
    .description('measure match quality (nDCG@10, P@5, recall at the notify threshold) on a labelled set')
    .option('--set <file>', 'evaluation set JSON', DEFAULT_EVAL_SET)
    .option('--scorer <scorer>', 'local (default) or llm (local prefilter, then the configured LLM)')
    .option('--json', 'print the report as JSON')
    .option('--reworded', 'also score every alert reworded in another language (same judgments) and compare')
    .option('--feedback', 'simulated feedback: feed back the labels of the top 5, measure nDCG@10 on the rest before and after learning')
    .action(async (raw: unknown) => {
      const flags = parseFlags(Flags, raw);
      // Options and configuration are checked before any file is read, so the first error names what to fix.
      if (flags.scorer === 'llm' && !llmFromConfig(getConfig()))
        throw new CliError('--scorer llm needs an LLM: set OPENAI_API_KEY or OPENAI_BASE_URL (and OPENAI_MODEL)');
      const setPath = path.resolve(flags.set ?? DEFAULT_EVAL_SET);
      if (!existsSync(setPath)) throw new CliError(`evaluation set not found: ${setPath} (pass one with --set FILE)`);
      if (flags.feedback) {
        if (flags.scorer !== 'local') throw new CliError('--feedback measures the local scorer only; leave out --scorer llm');
        const { runFeedbackEvaluation, formatFeedbackReport } = await import('../../pipeline/evaluation/simulate-feedback.ts');
        const report = runFeedbackEvaluation({ setPath, scorer: getSharedLocalScorer() });
        if (flags.json) printJson({ ok: true, mode: 'feedback', ...report });
        else console.log(formatFeedbackReport(report));
        return;
      }
      const config = getConfig();
      let stats: LlmEvaluationStats | undefined;
      const tokens = { input: 0, output: 0 };
      let scoreAll;
      if (flags.scorer === 'llm') {
        const llm = llmFromConfig(config);
        if (!llm) throw new CliError('--scorer llm needs an LLM: set OPENAI_API_KEY or OPENAI_BASE_URL (and OPENAI_MODEL)');
        stats = { pairs: 0, sentToLlm: 0, llmFailed: 0 };
        const onUsage = (input: number, output: number) => {
          tokens.input += input;
          tokens.output += output;
        };
        scoreAll = scoreAllWithLlm({
          llm,
          scorer: getSharedLocalScorer(),
          selection: { topK: config.thresholds.llmTopK, prefilter: config.thresholds.prefilter },
          onUsage,
          stats,
        });
        createLogger({ level: config.logLevel, stream: 'stderr' }).info({ model: llm.model, prefilter: config.thresholds.prefilter }, 'scoring with the LLM');
      }
      const options = {
        setPath,
        scoreAll,
        threshold: config.thresholds.notify,
        llmSelection: { topK: config.thresholds.llmTopK, prefilter: config.thresholds.prefilter },
      };
      const report = await runEvaluation(options);
      const reworded = flags.reworded ? await runEvaluation({ ...options, reworded: true }) : null;
      if (flags.json) {
        printJson({
          ok: true,
          scorer: flags.scorer,
          ...report,
          ...(reworded ? { reworded } : {}),
          ...(stats ? { llm: { ...stats, tokensIn: tokens.input, tokensOut: tokens.output } } : {}),
        });
        return;
      }
      console.log(formatEvaluationReport(report));
      if (reworded) {
        console.log(`\nreworded alerts (each in another language, same judgments):\n${formatEvaluationReport(reworded)}`);
        const gap = reworded.mean.ndcgAt10 - report.mean.ndcgAt10;
        console.log(
          `reworded nDCG@10 ${reworded.mean.ndcgAt10.toFixed(3)} vs original ${report.mean.ndcgAt10.toFixed(3)} (${gap >= 0 ? '+' : ''}${gap.toFixed(3)})`,
        );
      }
      if (stats)
        console.log(`LLM: ${stats.sentToLlm} of ${stats.pairs} pairs sent (${stats.llmFailed} failed, kept local), tokens ${tokens.input} / ${tokens.output}`);
    });
}
