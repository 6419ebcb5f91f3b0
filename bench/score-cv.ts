import { existsSync } from 'node:fs';
import { crossValidate, formatCrossValidation } from '../pipeline/evaluation/cross-validate.ts';
import { loadEvaluationSet } from '../pipeline/evaluation/evaluation-set.ts';
import { DEFAULT_EVAL_SET } from '../pipeline/evaluation/run-evaluation.ts';

/** 5-fold cross-validation of the scorer's tuned parameters on the labelled set (docs/matching.md). */
const path = process.env.EVAL_SET ?? DEFAULT_EVAL_SET;
if (!existsSync(path)) {
  console.log(`evaluation set ${path} not found: skipping cross-validation`);
  process.exit(0);
}
const started = performance.now();
const report = await crossValidate(loadEvaluationSet(path));
console.log(formatCrossValidation(report));
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
