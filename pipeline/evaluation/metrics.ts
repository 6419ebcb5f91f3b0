export interface Judgment {
  alert: string;
  project: string;
  relevance: number;
}

export interface ScoredProject {
  projectId: string;
  score: number;
}

export interface AlertMetrics {
  alertId: string;
  language: string;
  ndcgAt10: number;
  precisionAt5: number;
  /** Share of relevance-2 projects scored at or above the threshold; null when the alert has none. */
  recallAtThreshold: number | null;
  relevant: number;
  highlyRelevant: number;
  highlyRelevantNotified: number;
}

export interface MetricSummary {
  /** Alerts with at least one relevant project, over which the means are taken. */
  alerts: number;
  ndcgAt10: number;
  precisionAt5: number;
  /** Mean over alerts with at least one relevance-2 project. */
  recallAtThreshold: number;
  /** Relevance-2 pairs at or above the threshold over all relevance-2 pairs. */
  pairRecallAtThreshold: number;
  highlyRelevantPairs: number;
}

export interface MetricsInput {
  alerts: ReadonlyArray<{ id: string; language: string }>;
  projectLanguages: ReadonlyMap<string, string>;
  /** Every project's score for each alert (unscored projects count as 0). */
  scores: ReadonlyMap<string, readonly ScoredProject[]>;
  judgments: readonly Judgment[];
  threshold: number;
}

export interface MetricsResult {
  perAlert: AlertMetrics[];
  mean: MetricSummary;
  crossLanguagePerAlert: AlertMetrics[];
  crossLanguage: MetricSummary;
}

/** Highest score first; equal scores by project id so that the ranking is reproducible. */
export function rankScores(scores: readonly ScoredProject[]): ScoredProject[] {
  return [...scores].sort((a, b) => b.score - a.score || (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0));
}

export function dcg(relevances: readonly number[], k: number): number {
  return relevances.slice(0, k).reduce((sum, relevance, index) => sum + (2 ** relevance - 1) / Math.log2(index + 2), 0);
}

/** nDCG@k with gain 2^rel − 1; the ideal ranking orders every judged relevance, ranked or not. */
export function ndcgAt(k: number, rankedRelevances: readonly number[], judgedRelevances: readonly number[]): number {
  const ideal = dcg(
    [...judgedRelevances].sort((a, b) => b - a),
    k,
  );
  return ideal > 0 ? dcg(rankedRelevances, k) / ideal : 0;
}

export function precisionAt(k: number, rankedRelevances: readonly number[]): number {
  return rankedRelevances.slice(0, k).filter((relevance) => relevance >= 1).length / k;
}

export function evaluateRankings(input: MetricsInput): MetricsResult {
  const byAlert = new Map<string, Map<string, number>>();
  for (const judgment of input.judgments) {
    let relevances = byAlert.get(judgment.alert);
    if (!relevances) byAlert.set(judgment.alert, (relevances = new Map()));
    relevances.set(judgment.project, judgment.relevance);
  }
  const perAlert: AlertMetrics[] = [];
  const crossLanguagePerAlert: AlertMetrics[] = [];
  for (const alert of input.alerts) {
    const relevances = byAlert.get(alert.id) ?? new Map<string, number>();
    const scores = input.scores.get(alert.id) ?? [];
    perAlert.push(alertMetrics(alert, scores, relevances, input.threshold));
    const crossLanguage = (projectId: string) => {
      const language = input.projectLanguages.get(projectId);
      return language !== undefined && language !== alert.language;
    };
    crossLanguagePerAlert.push(
      alertMetrics(
        alert,
        scores.filter((entry) => crossLanguage(entry.projectId)),
        new Map([...relevances].filter(([projectId]) => crossLanguage(projectId))),
        input.threshold,
      ),
    );
  }
  return { perAlert, mean: summarize(perAlert), crossLanguagePerAlert, crossLanguage: summarize(crossLanguagePerAlert) };
}

function alertMetrics(
  alert: { id: string; language: string },
  scores: readonly ScoredProject[],
  relevances: ReadonlyMap<string, number>,
  threshold: number,
): AlertMetrics {
  const scored = new Map(scores.map((entry) => [entry.projectId, entry.score]));
  const ranked = rankScores(scores).map((entry) => relevances.get(entry.projectId) ?? 0);
  const highly = [...relevances].filter(([, relevance]) => relevance >= 2);
  const notified = highly.filter(([projectId]) => (scored.get(projectId) ?? 0) >= threshold).length;
  return {
    alertId: alert.id,
    language: alert.language,
    ndcgAt10: ndcgAt(10, ranked, [...relevances.values()]),
    precisionAt5: precisionAt(5, ranked),
    recallAtThreshold: highly.length > 0 ? notified / highly.length : null,
    relevant: [...relevances.values()].filter((relevance) => relevance >= 1).length,
    highlyRelevant: highly.length,
    highlyRelevantNotified: notified,
  };
}

function summarize(metrics: readonly AlertMetrics[]): MetricSummary {
  const judged = metrics.filter((entry) => entry.relevant > 0);
  const withHighly = metrics.filter((entry) => entry.recallAtThreshold !== null);
  const mean = (values: number[]) => (values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);
  const pairs = metrics.reduce((sum, entry) => sum + entry.highlyRelevant, 0);
  const notified = metrics.reduce((sum, entry) => sum + entry.highlyRelevantNotified, 0);
  return {
    alerts: judged.length,
    ndcgAt10: mean(judged.map((entry) => entry.ndcgAt10)),
    precisionAt5: mean(judged.map((entry) => entry.precisionAt5)),
    recallAtThreshold: mean(withHighly.map((entry) => entry.recallAtThreshold ?? 0)),
    pairRecallAtThreshold: pairs > 0 ? notified / pairs : 0,
    highlyRelevantPairs: pairs,
  };
}
