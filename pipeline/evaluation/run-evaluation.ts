import { existsSync } from 'node:fs';
import type { Language } from '../../domain/languages.ts';
import { fileURLToPath } from 'node:url';
import { createCandidateIndex, learnedCandidates } from '../scorer/candidate-index.ts';
import { scoreLearned } from '../scorer/learned-alert.ts';
import { prepareAlertWithPseudoFeedback } from '../scorer/pseudo-feedback.ts';
import { SCORING_PARAMETERS, type ScoringParameters } from '../scorer/scoring-parameters.ts';
import { DEFAULT_THRESHOLDS, SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import { learnedAssociationsOf, type NoticeForLearning } from '../scorer/learned-associations.ts';
import { createLocalScorer, learnFromNotices, type LocalScorer } from '../scorer/local-scorer.ts';
import { LLM_RELATIVE_CUTOFF, llmCutoffOf, type LlmSelection } from '../score/llm-cutoff.ts';
import { loadEvaluationSet, type EvaluationSet } from './evaluation-set.ts';
import { rewordAlerts } from './reworded-alerts.ts';
import { evaluateRankings, type AlertMetrics, type MetricsResult, type MetricSummary, type ScoredProject } from './metrics.ts';

/** `../shared/eval/dev.json` beside the checkout; a git worktree sits one level deeper, so its parent's is found too. */
const EVAL_SET_CANDIDATES = ['../../../shared/eval/dev.json', '../../../../shared/eval/dev.json'].map((relative) =>
  fileURLToPath(new URL(relative, import.meta.url)),
);
export const DEFAULT_EVAL_SET = EVAL_SET_CANDIDATES.find((candidate) => existsSync(candidate)) ?? EVAL_SET_CANDIDATES[0]!;
export const EVALUATION_NOTIFY_THRESHOLD = DEFAULT_THRESHOLDS.notify;

/** Every project's score for every alert of the set, keyed by alert id. */
export type ScoreAll = (set: EvaluationSet) => Promise<Map<string, ScoredProject[]>> | Map<string, ScoredProject[]>;

export interface EvaluationReport {
  setPath: string;
  threshold: number;
  perAlert: AlertMetrics[];
  mean: MetricSummary;
  crossLanguagePerAlert: AlertMetrics[];
  crossLanguage: MetricSummary;
  /** Pairs at or above the notify threshold (e-mailed) and how many of them are judged relevant. */
  emailed: { pairs: number; relevant: number; precision: number };
  /** What the LLM stage would see of these scores: each alert's top K plus anything at or above the prefilter. */
  llmStage: LlmSelection & { pairs: number; share: number; highlyRelevantSeen: number; highlyRelevantCoverage: number };
}

export const DEFAULT_LLM_SELECTION: LlmSelection = { topK: DEFAULT_THRESHOLDS.llmTopK, prefilter: DEFAULT_THRESHOLDS.prefilter };

export interface RunEvaluationOptions {
  setPath?: string;
  scoreAll?: ScoreAll;
  threshold?: number;
  llmSelection?: LlmSelection;
  /** Score each alert's rewording in another language (reworded-alerts.json) instead of its prompt. */
  reworded?: boolean;
}

/** The set's ranking metrics for these scores (per alert, mean, cross-language). */
export function rankingMetricsOf(set: EvaluationSet, scores: Map<string, ScoredProject[]>, threshold: number = EVALUATION_NOTIFY_THRESHOLD): MetricsResult {
  return evaluateRankings({
    alerts: set.alerts,
    projectLanguages: new Map(set.projects.map((project) => [project.id, project.language ?? ''])),
    scores,
    judgments: set.judgments,
    threshold,
  });
}

export async function runEvaluation(options: RunEvaluationOptions = {}): Promise<EvaluationReport> {
  const setPath = options.setPath ?? DEFAULT_EVAL_SET;
  const threshold = options.threshold ?? EVALUATION_NOTIFY_THRESHOLD;
  const loaded = loadEvaluationSet(setPath);
  const set = options.reworded ? rewordAlerts(loaded) : loaded;
  const scores = await (options.scoreAll ?? scoreWithLocalScorer())(set);
  const result = rankingMetricsOf(set, scores, threshold);
  const relevance = new Map(set.judgments.map((judgment) => [`${judgment.alert}/${judgment.project}`, judgment.relevance]));
  const selection = options.llmSelection ?? DEFAULT_LLM_SELECTION;
  let pairs = 0;
  let emailed = 0;
  let emailedRelevant = 0;
  let seen = 0;
  let highlySeen = 0;
  for (const alert of set.alerts) {
    const scored = scores.get(alert.id) ?? [];
    const cutoff = llmCutoffOf(
      scored.map((entry) => entry.score),
      selection,
    );
    pairs += set.projects.length;
    for (const entry of scored) {
      const judged = relevance.get(`${alert.id}/${entry.projectId}`) ?? 0;
      if (entry.score >= threshold) {
        emailed += 1;
        if (judged >= 1) emailedRelevant += 1;
      }
      if (entry.score >= cutoff) {
        seen += 1;
        if (judged >= 2) highlySeen += 1;
      }
    }
  }
  const highly = set.judgments.filter((judgment) => judgment.relevance >= 2).length;
  return {
    setPath,
    threshold,
    ...result,
    emailed: { pairs: emailed, relevant: emailedRelevant, precision: emailed > 0 ? emailedRelevant / emailed : 0 },
    llmStage: {
      ...selection,
      pairs: seen,
      share: pairs > 0 ? seen / pairs : 0,
      highlyRelevantSeen: highlySeen,
      highlyRelevantCoverage: highly > 0 ? highlySeen / highly : 0,
    },
  };
}

/** An evaluation notice has one title, in its own language. */
export function noticeForLearning(project: EvaluationSet['projects'][number]): NoticeForLearning {
  return {
    language: project.language ?? null,
    titles: project.language ? { [project.language]: project.title } : {},
    description: project.description,
    cpvCodes: project.cpv,
    organization: project.organization ?? null,
  };
}

/**
 * Scores every alert of the set as the score stage does. `pseudoFeedback` (default: the scoring parameters') is
 * on the calibrated score scale: the parameter search, which scores on the raw evidence scale, turns it off.
 */
export function scoreWithLocalScorer(
  scorer: LocalScorer = createLocalScorer(),
  pseudoFeedback: ScoringParameters['pseudoFeedback'] = SCORING_PARAMETERS.pseudoFeedback,
): ScoreAll {
  return (set) => {
    const projects = set.projects.map((project) =>
      scorer.prepareProject({ ...project, cpvCodes: project.cpv, location: project.location ?? null, organization: project.organization ?? null }),
    );
    const index = createCandidateIndex();
    for (const project of projects) index.add(project);
    // Learned from the evaluation's notices by the same code path production runs over the projects table.
    const learned = learnedAssociationsOf(learnFromNotices(set.projects.map(noticeForLearning)));
    return new Map(
      set.alerts.map((alert) => {
        const language = alert.language as Language;
        // As the score stage scores: the alert's candidates with its pseudo-feedback, the rest (below the floor, never stored) as they are.
        const { alert: prepared } = prepareAlertWithPseudoFeedback(scorer, alert.prompt, language, index, undefined, learned, pseudoFeedback);
        const candidates = new Set([...learnedCandidates(index, prepared, { floor: SCORE_FLOOR })].map((project) => project.id));
        const plain = scorer.prepareAlert(alert.prompt, language, { corpus: index.corpus, learned });
        return [
          alert.id,
          projects.map((project) => ({
            projectId: String(project.id),
            score: candidates.has(project.id) ? scoreLearned(scorer, prepared, project) : scorer.score(plain, project).score,
          })),
        ];
      }),
    );
  };
}

export function formatEvaluationReport(report: EvaluationReport): string {
  const format = (value: number | null) => (value === null ? '   –' : value.toFixed(2).padStart(4));
  const lines = [
    `evaluation set ${report.setPath} · notify threshold ${report.threshold}`,
    'alert  lang  nDCG@10  P@5   recall  (cross-language: nDCG@10  recall)',
  ];
  report.perAlert.forEach((entry, index) => {
    const cross = report.crossLanguagePerAlert[index];
    lines.push(
      `${entry.alertId.padEnd(6)} ${entry.language.padEnd(4)}  ${format(entry.ndcgAt10)}    ${format(entry.precisionAt5)}  ${format(entry.recallAtThreshold)}` +
        `    ${cross && cross.relevant > 0 ? format(cross.ndcgAt10) : '   –'}     ${format(cross?.recallAtThreshold ?? null)}`,
    );
  });
  const summary = (label: string, metrics: MetricSummary) =>
    `${label.padEnd(15)} nDCG@10 ${format(metrics.ndcgAt10)} · P@5 ${format(metrics.precisionAt5)} · recall ${format(metrics.recallAtThreshold)}` +
    ` · pair recall ${format(metrics.pairRecallAtThreshold)} (${metrics.highlyRelevantPairs} pairs, ${metrics.alerts} alerts)`;
  lines.push(summary('mean', report.mean), summary('cross-language', report.crossLanguage));
  const { emailed, llmStage } = report;
  lines.push(
    `e-mailed pairs (score ≥ ${report.threshold}): ${emailed.pairs}, relevant ${emailed.relevant} · precision ${format(emailed.precision)}`,
    `LLM stage (top ${llmStage.topK} within ${Math.round((llmStage.relative ?? LLM_RELATIVE_CUTOFF) * 100)} % of the best + score ≥ ${llmStage.prefilter}): ${llmStage.pairs} pairs (${(llmStage.share * 100).toFixed(1)} % of all)` +
      ` · holds ${llmStage.highlyRelevantSeen} relevance-2 pairs (${format(llmStage.highlyRelevantCoverage)} of them)`,
  );
  return lines.join('\n');
}
