import { loadCpvCatalog } from '../scorer/cpv-catalog.ts';
import { createLocalScorer } from '../scorer/local-scorer.ts';
import { SCORING_PARAMETERS, type ScoringParameters } from '../scorer/scoring-parameters.ts';
import type { EvaluationSet } from './evaluation-set.ts';
import { evaluateRankings } from './metrics.ts';
import { EVALUATION_NOTIFY_THRESHOLD, scoreWithLocalScorer } from './run-evaluation.ts';

/** The few parameters tuned by cross-validation, each with the values tried. */
export const TUNED_GRID = {
  k1: [0.8, 1.2, 2],
  translation: [0.5, 0.8, 1],
  cpv: [0.4, 0.6, 0.8],
  qualifierGate: [0, 0.3, 0.5],
} as const;

export type TunedValues = { [K in keyof typeof TUNED_GRID]: number };

export function withTuned(values: TunedValues, base: ScoringParameters = SCORING_PARAMETERS): ScoringParameters {
  return { ...base, k1: values.k1, cpv: values.cpv, qualifierGate: values.qualifierGate, variant: { ...base.variant, translation: values.translation } };
}

export function tunedOf(parameters: ScoringParameters): TunedValues {
  return { k1: parameters.k1, translation: parameters.variant.translation, cpv: parameters.cpv, qualifierGate: parameters.qualifierGate };
}

function gridPoints(): TunedValues[] {
  let points: Array<Partial<TunedValues>> = [{}];
  for (const [name, values] of Object.entries(TUNED_GRID) as Array<[keyof TunedValues, readonly number[]]>) {
    points = points.flatMap((point) => values.map((value) => ({ ...point, [name]: value })));
  }
  return points as TunedValues[];
}

export interface FoldResult {
  fold: number;
  alerts: string[];
  chosen: TunedValues;
  trainNdcg: number;
  testNdcg: number;
}

export interface CrossValidationReport {
  folds: FoldResult[];
  /** Mean of the held-out folds' nDCG@10. */
  mean: number;
  /** Standard deviation across folds. */
  spread: number;
  /** nDCG@10 on every alert with the frozen parameters. */
  frozen: number;
  frozenValues: TunedValues;
}

/** Per-alert nDCG@10 (alerts without any relevant notice are left out, as in the metrics). */
async function perAlertNdcg(set: EvaluationSet, parameters: ScoringParameters): Promise<Map<string, number>> {
  const scores = await scoreWithLocalScorer(createLocalScorer(loadCpvCatalog(), parameters))(set);
  const result = evaluateRankings({
    alerts: set.alerts,
    projectLanguages: new Map(set.projects.map((project) => [project.id, project.language ?? ''])),
    scores,
    judgments: set.judgments,
    threshold: EVALUATION_NOTIFY_THRESHOLD,
  });
  return new Map(result.perAlert.filter((entry) => entry.relevant > 0).map((entry) => [entry.alertId, entry.ndcgAt10]));
}

const mean = (values: readonly number[]) => (values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);

/**
 * k-fold cross-validation of the tuned parameters: for each fold, the grid point best on the other
 * folds' alerts is measured on the held-out alerts. Folds take every k-th alert in id order.
 */
export async function crossValidate(set: EvaluationSet, options: { folds?: number; frozen?: ScoringParameters } = {}): Promise<CrossValidationReport> {
  const k = options.folds ?? 5;
  const frozen = options.frozen ?? SCORING_PARAMETERS;
  const points = gridPoints();
  const table: Array<Map<string, number>> = [];
  for (const point of points) table.push(await perAlertNdcg(set, withTuned(point, frozen)));
  const alertIds = [...set.alerts.map((alert) => alert.id)].sort();
  const folds: FoldResult[] = [];
  for (let fold = 0; fold < k; fold++) {
    const test = alertIds.filter((_, index) => index % k === fold);
    const train = alertIds.filter((_, index) => index % k !== fold);
    const score = (ndcg: Map<string, number>, ids: string[]) => mean(ids.filter((id) => ndcg.has(id)).map((id) => ndcg.get(id)!));
    let best = 0;
    for (let i = 1; i < points.length; i++) if (score(table[i]!, train) > score(table[best]!, train) + 1e-12) best = i;
    folds.push({ fold, alerts: test, chosen: points[best]!, trainNdcg: score(table[best]!, train), testNdcg: score(table[best]!, test) });
  }
  const tests = folds.map((entry) => entry.testNdcg);
  const average = mean(tests);
  const spread = Math.sqrt(mean(tests.map((value) => (value - average) ** 2)));
  const frozenNdcg = mean([...(await perAlertNdcg(set, frozen)).values()]);
  return { folds, mean: average, spread, frozen: frozenNdcg, frozenValues: tunedOf(frozen) };
}

export function formatCrossValidation(report: CrossValidationReport): string {
  const values = (tuned: TunedValues) =>
    Object.entries(tuned)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
  return [
    ...report.folds.map(
      (entry) => `fold ${entry.fold + 1}: held-out nDCG@10 ${entry.testNdcg.toFixed(3)} (train ${entry.trainNdcg.toFixed(3)}) with ${values(entry.chosen)}`,
    ),
    `cross-validated nDCG@10 ${report.mean.toFixed(3)} ± ${report.spread.toFixed(3)} (mean ± standard deviation over ${report.folds.length} folds)`,
    `frozen parameters (${values(report.frozenValues)}): nDCG@10 ${report.frozen.toFixed(3)} on all alerts`,
  ].join('\n');
}
