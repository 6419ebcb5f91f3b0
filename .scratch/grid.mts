import { runEvaluation, scoreWithLocalScorer } from '/work/wt/scorer/pipeline/evaluation/run-evaluation.ts';
import { createLocalScorer } from '/work/wt/scorer/pipeline/scorer/local-scorer.ts';
import { loadCpvCatalog } from '/work/wt/scorer/pipeline/scorer/cpv-catalog.ts';
import { SCORING_PARAMETERS } from '/work/wt/scorer/pipeline/scorer/scoring-parameters.ts';
const catalog = loadCpvCatalog();
const grid: any[] = JSON.parse(process.argv[2]);
for (const overrides of grid) {
  const params = { ...SCORING_PARAMETERS, ...overrides, variant: { ...SCORING_PARAMETERS.variant, ...(overrides.variant ?? {}) } };
  const scorer = createLocalScorer(catalog, params);
  const d = await runEvaluation({ scoreAll: scoreWithLocalScorer(scorer) });
  const r = await runEvaluation({ scoreAll: scoreWithLocalScorer(scorer), reworded: true });
  console.log(JSON.stringify(overrides), 'dev', d.mean.ndcgAt10.toFixed(3), 'rw', r.mean.ndcgAt10.toFixed(3), 'prec', d.emailed.precision.toFixed(2), d.emailed.pairs, 'r2', d.mean.pairRecallAtThreshold.toFixed(2));
}
