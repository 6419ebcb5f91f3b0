import type { LocalScorer } from '../scorer/local-scorer.ts';
import type { EvaluationSet } from './evaluation-set.ts';
import {
  DEFAULT_FEEDBACK_SETTINGS,
  counts,
  prepareFeedbackSimulation,
  simulateAlert,
  type FeedbackAlertResult,
  type FeedbackSettings,
} from './simulate-feedback.ts';

/** The few learning weights tuned by cross-validation, each with the values tried. */
export const FEEDBACK_GRID = {
  promptBoost: [0.5, 1],
  promptDampen: [0.5, 1],
  likeShare: [0.6, 1, 1.5],
  unlikeShare: [1, 2, 3],
  unlikeMinDocuments: [0, 5],
  promptCodeDigits: [3],
} as const;

export type FeedbackTuned = { [K in keyof typeof FEEDBACK_GRID]: number };

export function withFeedbackTuned(values: FeedbackTuned, base: FeedbackSettings = DEFAULT_FEEDBACK_SETTINGS): FeedbackSettings {
  const { promptCodeDigits, ...weights } = values;
  return { learning: { ...base.learning, promptCodeDigits }, weights: { ...base.weights, ...weights } };
}

function feedbackTunedOf(settings: FeedbackSettings): FeedbackTuned {
  const { promptBoost, promptDampen, likeShare, unlikeShare, unlikeMinDocuments } = settings.weights;
  return { promptBoost, promptDampen, likeShare, unlikeShare, unlikeMinDocuments, promptCodeDigits: settings.learning.promptCodeDigits };
}

function gridPoints(): FeedbackTuned[] {
  let points: Array<Partial<FeedbackTuned>> = [{}];
  for (const [name, values] of Object.entries(FEEDBACK_GRID) as Array<[keyof FeedbackTuned, readonly number[]]>) {
    points = points.flatMap((point) => values.map((value) => ({ ...point, [name]: value })));
  }
  return points as FeedbackTuned[];
}

export interface FeedbackFold {
  fold: number;
  alerts: string[];
  chosen: FeedbackTuned;
  trainGain: number;
  /** Held-out alerts with a relevant project left after the clicks. */
  counted: number;
  before: number;
  after: number;
}

export interface FeedbackCrossValidation {
  folds: FeedbackFold[];
  /** Over every held-out alert (each alert is held out once): nDCG@10 on the remaining projects before and after. */
  alerts: number;
  before: number;
  after: number;
  /** Standard deviation of the gain across folds. */
  spread: number;
  /** The frozen weights (LEARNING_WEIGHTS) on every alert, and the grid point best on every alert. */
  frozenValues: FeedbackTuned;
  frozenBefore: number;
  frozenAfter: number;
  bestOnAll: FeedbackTuned;
}

const mean = (values: readonly number[]) => (values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);
const gainOf = (results: readonly FeedbackAlertResult[]) => mean(results.map((entry) => entry.after - entry.before));

/**
 * k-fold cross-validation of the learning weights: for each fold, the grid point with the largest mean
 * gain on the other folds' alerts is measured on the held-out alerts. Folds take every k-th alert in id order.
 */
export function crossValidateFeedback(
  set: EvaluationSet,
  scorer: LocalScorer,
  options: { folds?: number; frozen?: FeedbackSettings } = {},
): FeedbackCrossValidation {
  const k = options.folds ?? 5;
  const frozen = options.frozen ?? DEFAULT_FEEDBACK_SETTINGS;
  const simulation = prepareFeedbackSimulation(set, scorer);
  const points = gridPoints();
  const table = points.map(
    (point) => new Map(simulation.alerts.map((alert) => [alert.id, simulateAlert(simulation, alert, withFeedbackTuned(point, frozen))])),
  );
  const counted = (results: Map<string, FeedbackAlertResult>, ids: readonly string[]) => ids.map((id) => results.get(id)!).filter(counts);
  const best = (ids: readonly string[]) => {
    let index = 0;
    for (let i = 1; i < points.length; i++) if (gainOf(counted(table[i]!, ids)) > gainOf(counted(table[index]!, ids)) + 1e-12) index = i;
    return index;
  };
  const alertIds = simulation.alerts.map((alert) => alert.id).sort();
  const folds: FeedbackFold[] = [];
  const heldOut: FeedbackAlertResult[] = [];
  for (let fold = 0; fold < k; fold++) {
    const test = alertIds.filter((_, index) => index % k === fold);
    const train = alertIds.filter((_, index) => index % k !== fold);
    const chosen = best(train);
    const results = counted(table[chosen]!, test);
    heldOut.push(...results);
    folds.push({
      fold,
      alerts: test,
      chosen: points[chosen]!,
      trainGain: gainOf(counted(table[chosen]!, train)),
      counted: results.length,
      before: mean(results.map((entry) => entry.before)),
      after: mean(results.map((entry) => entry.after)),
    });
  }
  const gains = folds.map((entry) => entry.after - entry.before);
  const average = mean(gains);
  const frozenResults = simulation.alerts.map((alert) => simulateAlert(simulation, alert, frozen)).filter(counts);
  return {
    folds,
    alerts: heldOut.length,
    before: mean(heldOut.map((entry) => entry.before)),
    after: mean(heldOut.map((entry) => entry.after)),
    spread: Math.sqrt(mean(gains.map((gain) => (gain - average) ** 2))),
    frozenValues: feedbackTunedOf(frozen),
    frozenBefore: mean(frozenResults.map((entry) => entry.before)),
    frozenAfter: mean(frozenResults.map((entry) => entry.after)),
    bestOnAll: points[best(alertIds)]!,
  };
}

export function formatFeedbackCrossValidation(report: FeedbackCrossValidation): string {
  const values = (tuned: FeedbackTuned) =>
    Object.entries(tuned)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;
  return [
    ...report.folds.map(
      (entry) =>
        `fold ${entry.fold + 1}: held-out ${entry.before.toFixed(3)} → ${entry.after.toFixed(3)} (${signed(entry.after - entry.before)}, ${entry.counted} alerts; train ${signed(entry.trainGain)}) with ${values(entry.chosen)}`,
    ),
    `cross-validated: nDCG@10 on the remaining projects ${report.before.toFixed(3)} → ${report.after.toFixed(3)} (${signed(report.after - report.before)} over ${report.alerts} held-out alerts; gain ± ${report.spread.toFixed(3)} across folds)`,
    `frozen weights (${values(report.frozenValues)}): ${report.frozenBefore.toFixed(3)} → ${report.frozenAfter.toFixed(3)} (${signed(report.frozenAfter - report.frozenBefore)}) on all alerts; best grid point on all alerts: ${values(report.bestOnAll)}`,
  ].join('\n');
}
