import type { EvaluationSet } from './evaluation-set.ts';
import type { ScoreAll } from './run-evaluation.ts';
import type { ScoredProject } from './metrics.ts';
import { LlmReplyError, LlmUnavailableError } from '../llm/llm-errors.ts';
import type { LlmPort, UsageSink } from '../llm/llm-port.ts';
import { createCandidateIndex } from '../scorer/candidate-index.ts';
import type { LocalScorer } from '../scorer/local-scorer.ts';
import { llmCutoffOf, type LlmSelection } from '../score/llm-cutoff.ts';

export interface LlmEvaluationStats {
  pairs: number;
  sentToLlm: number;
  llmFailed: number;
}

/**
 * Scores an evaluation set the way the score stage does with an LLM: the local scorer everywhere, the LLM
 * replacing it for each alert's top K pairs and those at or above the prefilter (a failed call keeps the local score).
 */
export function scoreAllWithLlm(options: {
  llm: LlmPort;
  scorer: LocalScorer;
  selection: LlmSelection;
  onUsage?: UsageSink;
  stats?: LlmEvaluationStats;
}): ScoreAll {
  const { llm, scorer, selection } = options;
  const stats = options.stats ?? { pairs: 0, sentToLlm: 0, llmFailed: 0 };
  return async (set: EvaluationSet) => {
    const projects = set.projects.map((project) => ({
      raw: project,
      prepared: scorer.prepareProject({ ...project, cpvCodes: project.cpv, location: project.location ?? null, organization: project.organization ?? null }),
    }));
    const index = createCandidateIndex();
    for (const { prepared } of projects) index.add(prepared);
    const scores = new Map<string, ScoredProject[]>();
    for (const alert of set.alerts) {
      const prepared = scorer.prepareAlert(alert.prompt, alert.language, { corpus: index.corpus });
      const locals = projects.map(({ prepared: project }) => scorer.quickScore(prepared, project));
      const cutoff = llmCutoffOf(locals, selection);
      const scored = await Promise.all(
        projects.map(async ({ raw }, at) => {
          stats.pairs += 1;
          const local = locals[at]!;
          if (local < cutoff) return { projectId: raw.id, score: local };
          stats.sentToLlm += 1;
          try {
            const result = await llm.scorePair(
              {
                prompt: alert.prompt,
                language: alert.language,
                project: {
                  id: Number(raw.id),
                  language: raw.language,
                  title: raw.title,
                  description: raw.description,
                  cpvCodes: raw.cpv,
                  organization: raw.organization ?? null,
                  location: raw.location ?? null,
                  canton: raw.canton,
                  deadline: null,
                },
              },
              { onUsage: options.onUsage },
            );
            return { projectId: raw.id, score: result.score };
          } catch (error) {
            if (!(error instanceof LlmReplyError || error instanceof LlmUnavailableError)) throw error;
            stats.llmFailed += 1;
            return { projectId: raw.id, score: local };
          }
        }),
      );
      scores.set(alert.id, scored);
    }
    return scores;
  };
}
