import type PQueue from 'p-queue';
import { applyLlmScore, findMatchesAwaitingLlm, findScoreAtRank, type LlmScoreOutcome } from '../../db/alert-matches.ts';
import { recordLlmScoring, type AlertToScore } from '../../db/alerts-scoring.ts';
import { LlmReplyError, LlmUnavailableError } from '../llm/llm-errors.ts';
import type { LlmPort } from '../llm/llm-port.ts';
import type { StageContext } from '../stage-runner.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import { llmCutoff } from './llm-cutoff.ts';
import { toProjectText } from './project-text.ts';

export type LlmPairOutcome = LlmScoreOutcome | 'failed';

export function llmScorerName(llm: LlmPort): string {
  return `llm:${llm.model}`;
}

/**
 * Sends the alert's best `topK` locally scored pairs, and any at or above the prefilter, to the LLM. Each answer is written as
 * it arrives, so an interrupted pass keeps what it paid for; a pair whose reply never parses keeps its
 * local score and is tried again on the next run.
 */
export async function rescoreAlertWithLlm(
  ctx: Pick<StageContext, 'db' | 'logger' | 'count' | 'addTokens' | 'signal'>,
  alert: AlertToScore,
  options: { llm: LlmPort; prefilter: number; topK: number; pairs: PQueue },
): Promise<Record<LlmPairOutcome, number>> {
  const { llm, prefilter } = options;
  const tally: Record<LlmPairOutcome, number> = { updated: 0, deleted: 0, stale: 0, failed: 0 };
  const cutoff = llmCutoff(
    await findScoreAtRank(ctx.db, alert.id, options.topK),
    { topK: options.topK, prefilter },
    await findScoreAtRank(ctx.db, alert.id, 1),
  );
  const awaiting = await findMatchesAwaitingLlm(ctx.db, alert.id, cutoff);
  await Promise.all(
    awaiting.map((match) =>
      options.pairs.add(async () => {
        let outcome: LlmPairOutcome;
        try {
          const result = await llm.scorePair(
            { prompt: alert.prompt, language: alert.language, project: toProjectText(match.project) },
            { onUsage: ctx.addTokens, signal: ctx.signal },
          );
          outcome = await applyLlmScore(
            ctx.db,
            { alertId: alert.id, projectId: match.projectId, contentSeq: match.contentSeq, promptHash: alert.promptHash },
            { ...result, scorer: llmScorerName(llm), floor: SCORE_FLOOR },
          );
        } catch (error) {
          if (error instanceof LlmUnavailableError && error.misconfigured) options.pairs.clear();
          if (!(error instanceof LlmReplyError || error instanceof LlmUnavailableError) || (error instanceof LlmUnavailableError && error.misconfigured))
            throw error;
          ctx.logger.warn({ alertId: alert.id, projectId: match.projectId, err: error.message }, 'LLM scoring failed; the local score stays');
          outcome = 'failed';
        }
        tally[outcome] += 1;
        ctx.count(`llm${outcome[0]!.toUpperCase()}${outcome.slice(1)}`);
      }),
    ),
  );
  if (tally.failed === 0 && alert.scoredPromptHash === alert.promptHash) {
    await recordLlmScoring(ctx.db, alert.id, alert.promptHash, alert.scoredContentSeq);
  }
  return tally;
}
