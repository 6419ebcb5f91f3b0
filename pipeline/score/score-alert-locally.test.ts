import { describe, expect, it } from 'vitest';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import { madeUpNotices } from '../../test-support/made-up-notices.ts';
import type { AlertToScore } from '../../db/alerts-scoring.ts';
import { createCandidateIndex, learnedCandidates } from '../scorer/candidate-index.ts';
import { LEARNING_WEIGHTS, prepareLearnedAlert, scoreLearned, scoreLearnedAtLeast, type AlertLearning } from '../scorer/learned-alert.ts';
import { prepareAlertWithPseudoFeedback } from '../scorer/pseudo-feedback.ts';
import { createLocalScorer } from '../scorer/local-scorer.ts';
import type { ProjectIndex } from './project-index.ts';
import { scoreAlertLocally } from './score-alert-locally.ts';

// Invented notices only (test-support/made-up-notices.ts).
const scorer = createLocalScorer();
const notices = madeUpNotices(300).map((notice, i) => ({ ...notice, id: i + 1 }));
const projects = notices.map((notice) => scorer.prepareProject(notice));
const candidates = createCandidateIndex();
for (const project of projects) candidates.add(project);
// content_seq = project id.
const index: ProjectIndex = {
  candidates,
  seqOf: (id) => (id >= 1 && id <= projects.length ? id : undefined),
  countChangedAfter: (after) => Math.max(0, projects.length - after),
  maxSeq: projects.length,
  size: projects.length,
  partial: false,
};
const alert = (scoredContentSeq = 0): AlertToScore =>
  ({
    id: 7,
    prompt: 'Photovoltaikanlage',
    language: 'de',
    promptHash: 'h',
    scoredPromptHash: scoredContentSeq > 0 ? 'h' : null,
    scoredContentSeq,
  }) as AlertToScore;

describe('scoring an alert locally with feedback', () => {
  it('stores every pair reaching the floor, also those the prompt misses but that resemble a liked project', () => {
    // Liked: a roofing notice and a glazing one, which the prompt does not name; disliked: a kitchen one.
    const liked = [projects[0]!, projects[2]!];
    for (const likeShare of [LEARNING_WEIGHTS.likeShare, 1]) {
      const learning: AlertLearning = { more: [], less: [], exclude: [], liked, disliked: [projects[3]!], weights: { ...LEARNING_WEIGHTS, likeShare } };
      const pass = scoreAlertLocally(alert(), index, scorer, learning);
      const prepared = prepareLearnedAlert(scorer, 'Photovoltaikanlage', 'de', learning, candidates.corpus);
      const expected = new Map(
        projects.map((project) => [Number(project.id), scoreLearned(scorer, prepared, project)] as const).filter(([, score]) => score >= SCORE_FLOOR),
      );
      const base = prepareLearnedAlert(scorer, 'Photovoltaikanlage', 'de', undefined, candidates.corpus);
      const missedByPrompt = [...expected.keys()].filter((id) => scoreLearned(scorer, base, projects[id - 1]!) < SCORE_FLOOR);
      expect(missedByPrompt.length, `likeShare ${likeShare}`).toBeGreaterThan(0);
      expect(new Map(pass.matches.map((match) => [match.projectId, match.score]))).toEqual(expected);
    }
  });

  it('compares only the projects changed after the watermark', () => {
    const learning: AlertLearning = { more: [], less: [], exclude: [], liked: [projects[0]!] };
    const pass = scoreAlertLocally(alert(250), index, scorer, learning);
    expect(pass.matches.length).toBeGreaterThan(0);
    expect(pass.matches.every((match) => match.projectId > 250)).toBe(true);
  });

  it('scores a new alert over the whole index as the other path would: its best match lifts the candidates like it', () => {
    // Made-up prompts: one with a strong best match (pseudo-feedback applies), one whose best is weak (it does not).
    const applied: number[] = [];
    for (const prompt of ['Photovoltaikanlage Turnhalle', 'Orgelrevision Gemeindehaus', 'Beschaffung von Rettungsbooten']) {
      const pass = scoreAlertLocally({ ...alert(), prompt }, index, scorer);
      const { alert: prepared, pseudoRelevant } = prepareAlertWithPseudoFeedback(scorer, prompt, 'de', candidates);
      applied.push(pseudoRelevant);
      const expected = new Map<number, number>();
      for (const project of learnedCandidates(candidates, prepared)) {
        const result = scoreLearnedAtLeast(scorer, prepared, project, SCORE_FLOOR);
        if (result) expected.set(Number(project.id), result.score);
      }
      expect(new Map(pass.matches.map((match) => [match.projectId, match.score])), prompt).toEqual(expected);
      expect(pass.matches.every((match) => match.explanation.length > 0)).toBe(true);
    }
    expect(applied.map((count) => count > 0)).toEqual([true, true, false]);
  });
});
