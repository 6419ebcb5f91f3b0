import { runEvaluation, scoreWithLocalScorer } from '/work/wt/scorer/pipeline/evaluation/run-evaluation.ts';
import { createLocalScorer, learnFromNotices } from '/work/wt/scorer/pipeline/scorer/local-scorer.ts';
import { loadCpvCatalog } from '/work/wt/scorer/pipeline/scorer/cpv-catalog.ts';
import { SCORING_PARAMETERS } from '/work/wt/scorer/pipeline/scorer/scoring-parameters.ts';
import { loadEvaluationSet } from '/work/wt/scorer/pipeline/evaluation/evaluation-set.ts';
import { noticeForLearning, DEFAULT_EVAL_SET } from '/work/wt/scorer/pipeline/evaluation/run-evaluation.ts';
const overrides = JSON.parse(process.argv[2] ?? '{}');
const params = { ...SCORING_PARAMETERS, ...overrides, variant: { ...SCORING_PARAMETERS.variant, ...(overrides.variant ?? {}) } };
const scorer = createLocalScorer(loadCpvCatalog(), params);
const out: string[] = [];
for (const reworded of [false, true]) {
  const r = await runEvaluation({ scoreAll: scoreWithLocalScorer(scorer), reworded });
  out.push(`${reworded ? 'RW ' : 'DEV'} ndcg ${r.mean.ndcgAt10.toFixed(3)} prec ${r.emailed.precision.toFixed(2)} (${r.emailed.pairs}) rel2rec ${r.mean.pairRecallAtThreshold.toFixed(2)} llm ${(r.llmStage.share*100).toFixed(1)}% cov ${r.llmStage.highlyRelevantCoverage.toFixed(2)}`);
  if (process.argv[3] === 'per' && !reworded) out.push(r.perAlert.map(a => `${a.alertId}:${a.ndcgAt10?.toFixed(2)}`).join(' '));
}
console.log(out.join('\n'));
if (process.argv[3] === 'learned') {
  const set = loadEvaluationSet(DEFAULT_EVAL_SET);
  const l = learnFromNotices(set.projects.map(noticeForLearning));
  console.log(l.codeTerms.length, l.translations.length);
  console.log(l.codeTerms.slice(0, 400).map(c => `${c.language}:${c.stem}->${c.code}(${c.weight.toFixed(2)},${c.count})`).join(' '));
}
