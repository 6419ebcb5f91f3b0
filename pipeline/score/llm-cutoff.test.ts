import { describe, expect, it } from 'vitest';
import { LLM_RELATIVE_CUTOFF, llmCutoff, llmCutoffOf } from './llm-cutoff.ts';
import { SCORE_FLOOR as MATCH_FLOOR } from '../../domain/score-thresholds.ts';

describe('LLM cutoff', () => {
  it('sends the top K of an alert whose scores all sit below the prefilter', () => {
    expect(llmCutoffOf([90, 45, 40, 33, 25, 10], { topK: 3, prefilter: 95, relative: 0 })).toBe(40);
  });

  it('keeps of the top K only the pairs within a share of the alert best score', () => {
    expect(llmCutoffOf([90, 45, 40, 33, 25, 10], { topK: 5, prefilter: 95, relative: 0.4 })).toBe(36);
    expect(llmCutoffOf([40, 35, 30, 22], { topK: 5, prefilter: 95, relative: 0.4 })).toBe(MATCH_FLOOR);
    expect(llmCutoff(25, { topK: 5, prefilter: 95 }, 100)).toBe(Math.ceil(100 * LLM_RELATIVE_CUTOFF));
  });

  it('sends everything at or above the prefilter even beyond the top K', () => {
    expect(llmCutoffOf([90, 85, 80, 75, 25], { topK: 2, prefilter: 70 })).toBe(70);
  });

  it('never goes below the storage floor, and falls back on the prefilter alone when K is 0', () => {
    expect(llmCutoffOf([30, 12, 5], { topK: 10, prefilter: 60 })).toBe(MATCH_FLOOR);
    expect(llmCutoff(null, { topK: 0, prefilter: 60 })).toBe(60);
  });
});
