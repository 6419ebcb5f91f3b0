import { existsSync } from 'node:fs';
import { loadEvaluationSet, type EvaluationSet } from '../pipeline/evaluation/evaluation-set.ts';
import { rewordAlerts } from '../pipeline/evaluation/reworded-alerts.ts';
import { DEFAULT_EVAL_SET, EVALUATION_NOTIFY_THRESHOLD, rankingMetricsOf, scoreWithLocalScorer } from '../pipeline/evaluation/run-evaluation.ts';
import { getSharedLocalScorer } from '../pipeline/score/shared-local-scorer.ts';
import { SCORING_PARAMETERS, type ScoringParameters } from '../pipeline/scorer/scoring-parameters.ts';

/**
 * 5-fold cross-validation of pseudo-relevance feedback on the labelled set (docs/matching.md): for each fold, on the
 * other four folds' alerts, the setting with the most relevance-2 pairs e-mailed whose e-mail precision stays ≥ 0.8
 * and nDCG@10 within 0.005 of none; then measured on the held-out fold. Folds take every fifth alert in id order.
 */
type Setting = ScoringParameters['pseudoFeedback'];
interface AlertFigures {
  ndcg: number | null;
  emailed: number;
  emailedRelevant: number;
  highly: number;
  highlyEmailed: number;
}

const path = process.env.EVAL_SET ?? DEFAULT_EVAL_SET;
if (!existsSync(path)) {
  console.log(`evaluation set ${path} not found: skipping cross-validation`);
  process.exit(0);
}
const started = performance.now();
const original = loadEvaluationSet(path);
const reworded = rewordAlerts(original);
const none: Setting = { ...SCORING_PARAMETERS.pseudoFeedback, documents: 0 };
const grid: Setting[] = [none];
for (const labelShare of [0, 1])
  for (const documents of [1, 2, 3])
    for (const share of [0.2, 0.3, 0.4])
      for (const minScore of [40, 55]) grid.push({ documents, share, minScore, relativeToBest: 0.8, labelShare, gap: 0, clusterDocuments: 0 });
// A group of best matches above a wide drop, else the three best within 80 % of the best.
for (const gap of [20, 25, 30])
  for (const clusterDocuments of [5, 8])
    for (const share of [0.2, 0.3]) grid.push({ documents: 3, share, minScore: 40, relativeToBest: 0.8, labelShare: 0, gap, clusterDocuments });
const label = (setting: Setting) =>
  setting.documents === 0
    ? 'none'
    : `${setting.documents} / ${setting.share} / ${setting.minScore} / ${setting.labelShare}${setting.gap ? ` / gap ${setting.gap} in ${setting.clusterDocuments}` : ''}`;

async function figures(set: EvaluationSet, setting: Setting): Promise<Map<string, AlertFigures>> {
  const scores = await scoreWithLocalScorer(getSharedLocalScorer(), setting)(set);
  const { perAlert } = rankingMetricsOf(set, scores);
  const relevance = new Map(set.judgments.map((judgment) => [`${judgment.alert}/${judgment.project}`, judgment.relevance]));
  return new Map(
    perAlert.map((entry) => {
      const emailed = (scores.get(entry.alertId) ?? []).filter((pair) => pair.score >= EVALUATION_NOTIFY_THRESHOLD);
      return [
        entry.alertId,
        {
          ndcg: entry.relevant > 0 ? entry.ndcgAt10 : null,
          emailed: emailed.length,
          emailedRelevant: emailed.filter((pair) => (relevance.get(`${entry.alertId}/${pair.projectId}`) ?? 0) >= 1).length,
          highly: entry.highlyRelevant,
          highlyEmailed: entry.highlyRelevantNotified,
        },
      ];
    }),
  );
}

function summary(table: Map<string, AlertFigures>, ids: readonly string[]) {
  const rows = ids.map((id) => table.get(id)!);
  const ndcgs = rows.flatMap((row) => (row.ndcg === null ? [] : [row.ndcg]));
  const sum = (pick: (row: AlertFigures) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const emailed = sum((row) => row.emailed);
  return {
    ndcg: ndcgs.reduce((a, b) => a + b, 0) / Math.max(1, ndcgs.length),
    precision: emailed > 0 ? sum((row) => row.emailedRelevant) / emailed : 1,
    recall:
      sum((row) => row.highlyEmailed) /
      Math.max(
        1,
        sum((row) => row.highly),
      ),
    emailed,
    emailedRelevant: sum((row) => row.emailedRelevant),
    highly: sum((row) => row.highly),
    highlyEmailed: sum((row) => row.highlyEmailed),
  };
}

const tables: Array<{ original: Map<string, AlertFigures>; reworded: Map<string, AlertFigures> }> = [];
for (const setting of grid) tables.push({ original: await figures(original, setting), reworded: await figures(reworded, setting) });

const ids = original.alerts.map((alert) => alert.id).sort();
const pooled = { chosen: { emailed: 0, relevant: 0, highly: 0, highlyEmailed: 0 }, none: { emailed: 0, relevant: 0, highly: 0, highlyEmailed: 0 } };
const heldOut: { chosen: number[]; none: number[] } = { chosen: [], none: [] };
for (let fold = 0; fold < 5; fold++) {
  const test = ids.filter((_, index) => index % 5 === fold);
  const train = ids.filter((_, index) => index % 5 !== fold);
  const baseline = summary(tables[0]!.original, train);
  let chosen = 0;
  grid.forEach((_, i) => {
    const candidate = summary(tables[i]!.original, train);
    const current = summary(tables[chosen]!.original, train);
    const allowed = candidate.precision >= 0.8 && candidate.ndcg >= baseline.ndcg - 0.005;
    if (
      allowed &&
      (candidate.recall > current.recall + 1e-12 || (Math.abs(candidate.recall - current.recall) <= 1e-12 && candidate.ndcg > current.ndcg + 1e-12))
    )
      chosen = i;
  });
  for (const [name, index] of [
    ['chosen', chosen],
    ['none', 0],
  ] as const) {
    const held = summary(tables[index]!.original, test);
    heldOut[name].push(held.ndcg);
    pooled[name].emailed += held.emailed;
    pooled[name].relevant += held.emailedRelevant;
    pooled[name].highly += held.highly;
    pooled[name].highlyEmailed += held.highlyEmailed;
  }
  const held = summary(tables[chosen]!.original, test);
  console.log(
    `fold ${fold + 1}: chose ${label(grid[chosen]!)}; held-out nDCG@10 ${held.ndcg.toFixed(3)}, e-mail precision ${held.precision.toFixed(2)} (${held.emailed} pairs), relevance-2 recall at 70 ${held.recall.toFixed(2)}`,
  );
}
const spread = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return `${mean.toFixed(3)} ± ${Math.sqrt(values.reduce((total, value) => total + (value - mean) ** 2, 0) / values.length).toFixed(3)}`;
};
for (const name of ['chosen', 'none'] as const) {
  const p = pooled[name];
  console.log(
    `${name === 'chosen' ? 'cross-validated' : 'without it     '}: nDCG@10 ${spread(heldOut[name])}, e-mail precision ${(p.relevant / Math.max(1, p.emailed)).toFixed(3)}, relevance-2 recall at 70 ${(p.highlyEmailed / Math.max(1, p.highly)).toFixed(3)} (held-out, pooled)`,
  );
}
console.log('every setting on all alerts (original | reworded):');
grid.forEach((setting, i) => {
  const all = summary(tables[i]!.original, ids);
  const other = summary(tables[i]!.reworded, ids);
  const current = SCORING_PARAMETERS.pseudoFeedback;
  const same =
    setting.documents === current.documents &&
    setting.share === current.share &&
    setting.minScore === current.minScore &&
    setting.labelShare === current.labelShare &&
    (setting.gap ?? 0) === (current.gap ?? 0) &&
    setting.clusterDocuments === current.clusterDocuments;
  const frozen = same && setting.relativeToBest === current.relativeToBest ? '  ← frozen' : '';
  console.log(
    `  ${label(setting).padEnd(17)} nDCG@10 ${all.ndcg.toFixed(4)} P ${all.precision.toFixed(3)} R ${all.recall.toFixed(3)} | nDCG@10 ${other.ndcg.toFixed(4)} (gap ${(other.ndcg - all.ndcg).toFixed(3)}) P ${other.precision.toFixed(3)} R ${other.recall.toFixed(3)}${frozen}`,
  );
});
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
