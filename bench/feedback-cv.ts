import { existsSync } from 'node:fs';
import { crossValidateFeedback, formatFeedbackCrossValidation } from '../pipeline/evaluation/cross-validate-feedback.ts';
import { loadEvaluationSet } from '../pipeline/evaluation/evaluation-set.ts';
import { DEFAULT_EVAL_SET } from '../pipeline/evaluation/run-evaluation.ts';
import { getSharedLocalScorer } from '../pipeline/score/shared-local-scorer.ts';

/** 5-fold cross-validation of the feedback learning weights on the labelled set (docs/feedback.md). */
const path = process.env.EVAL_SET ?? DEFAULT_EVAL_SET;
if (!existsSync(path)) {
  console.log(`evaluation set ${path} not found: skipping cross-validation`);
  process.exit(0);
}
const started = performance.now();
const report = crossValidateFeedback(loadEvaluationSet(path), getSharedLocalScorer());
console.log(formatFeedbackCrossValidation(report));
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
