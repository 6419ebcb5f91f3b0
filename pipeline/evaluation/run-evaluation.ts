import { fileURLToPath } from 'node:url';
import { DEFAULT_THRESHOLDS } from '../../domain/score-thresholds.ts';
import { createLocalScorer, type LocalScorer } from '../scoring/local-scorer.ts';
import { loadEvaluationSet, type EvaluationSet } from './evaluation-set.ts';
import { evaluateRankings, type AlertMetrics, type MetricSummary, type ScoredProject } from './metrics.ts';

export const DEFAULT_EVAL_SET = fileURLToPath(new URL('../../../shared/eval/dev.json', import.meta.url));
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
}

export interface RunEvaluationOptions {
  setPath?: string;
  scoreAll?: ScoreAll;
  threshold?: number;
}

export async function runEvaluation(options: RunEvaluationOptions = {}): Promise<EvaluationReport> {
  const setPath = options.setPath ?? DEFAULT_EVAL_SET;
  const threshold = options.threshold ?? EVALUATION_NOTIFY_THRESHOLD;
  const set = loadEvaluationSet(setPath);
  const scores = await (options.scoreAll ?? scoreWithLocalScorer())(set);
  const result = evaluateRankings({
    alerts: set.alerts,
    projectLanguages: new Map(set.projects.map((project) => [project.id, project.language ?? ''])),
    scores,
    judgments: set.judgments,
    threshold,
  });
  return { setPath, threshold, ...result };
}

export function scoreWithLocalScorer(scorer: LocalScorer = createLocalScorer()): ScoreAll {
  return (set) => {
    const projects = set.projects.map((project) =>
      scorer.prepareProject({ ...project, cpvCodes: project.cpv, location: project.location ?? null, organization: project.organization ?? null }),
    );
    return new Map(
      set.alerts.map((alert) => {
        const prepared = scorer.prepareAlert(alert.prompt, alert.language);
        return [alert.id, projects.map((project) => ({ projectId: String(project.id), score: scorer.score(prepared, project).score }))];
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
  return lines.join('\n');
}
