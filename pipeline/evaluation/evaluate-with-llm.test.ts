import { describe, expect, it } from 'vitest';
import type { EvaluationSet } from './evaluation-set.ts';
import { LlmReplyError } from '../llm/llm-errors.ts';
import type { LlmPort } from '../llm/llm-port.ts';
import type { LocalScorer } from '../scorer/local-scorer.ts';
import { scoreAllWithLlm, type LlmEvaluationStats } from './evaluate-with-llm.ts';

const set: EvaluationSet = {
  projects: [
    { id: 'p1', language: 'fr', title: 'high', description: '', cpv: [], canton: null },
    { id: 'p2', language: 'de', title: 'low', description: '', cpv: [], canton: null },
    { id: 'p3', language: 'it', title: 'broken', description: '', cpv: [], canton: null },
  ],
  alerts: [{ id: 'a1', language: 'fr', prompt: 'déneigement' }],
  judgments: [],
};

const localScores: Record<string, number> = { high: 60, low: 10, broken: 50 };
const scorer = {
  prepareAlert: (prompt: string) => ({ prompt }),
  prepareProject: (project: { id: string; title: string }) => ({
    id: project.id,
    title: project.title,
    termIds: new Int32Array(),
    termFrequencies: new Float32Array(),
    length: 0,
    codes: [],
  }),
  quickScore: (_alert: unknown, project: { title: string }) => localScores[project.title]!,
  score: (_alert: unknown, project: { title: string }) => ({ score: localScores[project.title]!, explanation: '' }),
} as unknown as LocalScorer;

const llm: LlmPort = {
  model: 'fake',
  scorePair: async (pair) => {
    if (pair.project.title === 'broken') throw new LlmReplyError('test', 'garbage');
    return { score: 95, explanation: 'ok' };
  },
  summarizeProject: async () => ({ fr: '', de: '', it: '', en: '' }),
};

describe('scoreAllWithLlm', () => {
  it('sends only pairs at or above the prefilter and keeps the local score when the LLM fails', async () => {
    const stats: LlmEvaluationStats = { pairs: 0, sentToLlm: 0, llmFailed: 0 };
    const scores = await scoreAllWithLlm({ llm, scorer, selection: { topK: 0, prefilter: 30 }, stats })(set);
    expect(scores.get('a1')).toEqual([
      { projectId: 'p1', score: 95 },
      { projectId: 'p2', score: 10 },
      { projectId: 'p3', score: 50 },
    ]);
    expect(stats).toEqual({ pairs: 3, sentToLlm: 2, llmFailed: 1 });
  });

  it("sends each alert's top K even when the prefilter is out of reach", async () => {
    const stats: LlmEvaluationStats = { pairs: 0, sentToLlm: 0, llmFailed: 0 };
    const scores = await scoreAllWithLlm({ llm, scorer, selection: { topK: 1, prefilter: 100 }, stats })(set);
    expect(scores.get('a1')).toEqual([
      { projectId: 'p1', score: 95 },
      { projectId: 'p2', score: 10 },
      { projectId: 'p3', score: 50 },
    ]);
    expect(stats).toEqual({ pairs: 3, sentToLlm: 1, llmFailed: 0 });
  });
});
