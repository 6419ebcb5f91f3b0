import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVAL_SET, formatEvaluationReport, runEvaluation } from './run-evaluation.ts';

const hasDevSet = existsSync(DEFAULT_EVAL_SET);
if (!hasDevSet) console.log(`evaluation set ${DEFAULT_EVAL_SET} not found: skipping the match-quality test`);

describe('local scorer on the dev evaluation set', () => {
  it.skipIf(!hasDevSet)('reaches nDCG@10 ≥ 0.75 and cross-language recall ≥ 0.7', async () => {
    const report = await runEvaluation();
    console.log(formatEvaluationReport(report));
    expect(report.mean.ndcgAt10).toBeGreaterThanOrEqual(0.75);
    expect(report.crossLanguage.pairRecallAtThreshold).toBeGreaterThanOrEqual(0.7);
  });
});
