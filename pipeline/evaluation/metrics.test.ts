import { describe, expect, it } from 'vitest';
import { evaluateRankings, ndcgAt, precisionAt } from './metrics.ts';

describe('ranking metrics', () => {
  it('computes nDCG with gain 2^rel − 1 against the ideal order of all judged projects', () => {
    expect(ndcgAt(10, [2, 0, 1], [2, 1])).toBeCloseTo(3.5 / (3 + 1 / Math.log2(3)), 10);
    expect(ndcgAt(10, [0, 0], [])).toBe(0);
  });

  it('counts relevance ≥ 1 in the first five for precision@5', () => {
    expect(precisionAt(5, [2, 0, 1, 0, 0, 2])).toBeCloseTo(0.4, 10);
  });

  it('evaluates per alert, mean and cross-language exactly on a hand-made set', () => {
    const result = evaluateRankings({
      alerts: [
        { id: 'a1', language: 'fr' },
        { id: 'a2', language: 'de' },
        { id: 'a3', language: 'en' },
      ],
      projectLanguages: new Map([
        ['p1', 'de'],
        ['p2', 'fr'],
        ['p3', 'de'],
      ]),
      scores: new Map([
        [
          'a1',
          [
            { projectId: 'p1', score: 90 },
            { projectId: 'p2', score: 80 },
            { projectId: 'p3', score: 10 },
          ],
        ],
        ['a2', [{ projectId: 'p1', score: 5 }]],
        [
          'a3',
          [
            { projectId: 'p1', score: 50 },
            { projectId: 'p2', score: 75 },
            { projectId: 'p3', score: 60 },
          ],
        ],
      ]),
      judgments: [
        { alert: 'a1', project: 'p1', relevance: 2 },
        { alert: 'a1', project: 'p3', relevance: 1 },
        { alert: 'a3', project: 'p1', relevance: 2 },
        { alert: 'a3', project: 'p2', relevance: 2 },
      ],
      threshold: 70,
    });
    const [a1, a2, a3] = result.perAlert;
    expect(a1?.ndcgAt10).toBeCloseTo(0.963938, 5);
    expect(a1?.precisionAt5).toBeCloseTo(0.4, 10);
    expect(a1?.recallAtThreshold).toBe(1);
    expect(a2?.recallAtThreshold).toBeNull();
    expect(a3?.ndcgAt10).toBeCloseTo(0.919721, 5);
    expect(a3?.recallAtThreshold).toBe(0.5);

    expect(result.mean.alerts).toBe(2);
    expect(result.mean.ndcgAt10).toBeCloseTo(0.94183, 5);
    expect(result.mean.precisionAt5).toBeCloseTo(0.4, 10);
    expect(result.mean.recallAtThreshold).toBeCloseTo(0.75, 10);
    expect(result.mean.pairRecallAtThreshold).toBeCloseTo(2 / 3, 10);

    expect(result.crossLanguagePerAlert[0]?.ndcgAt10).toBe(1);
    expect(result.crossLanguage.alerts).toBe(2);
    expect(result.crossLanguage.ndcgAt10).toBeCloseTo(0.959861, 5);
    expect(result.crossLanguage.recallAtThreshold).toBeCloseTo(0.75, 10);
    expect(result.crossLanguage.pairRecallAtThreshold).toBeCloseTo(2 / 3, 10);
  });
});
