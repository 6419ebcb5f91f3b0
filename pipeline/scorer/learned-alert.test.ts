import { describe, expect, it } from 'vitest';
import { madeUpNotices } from '../../test-support/made-up-notices.ts';
import { createCandidateIndex } from './candidate-index.ts';
import { LEARNING_WEIGHTS, prepareLearnedAlert, promptWordPresence, scoreLearned, scoreLearnedAtLeast, type AlertLearning } from './learned-alert.ts';
import { createLocalScorer, type ScorableProject } from './local-scorer.ts';

// Every text here is invented for the test; none comes from the labelled evaluation set.
const scorer = createLocalScorer();
const index = createCandidateIndex();
for (const notice of madeUpNotices()) index.add(scorer.prepareProject(notice));
const { corpus } = index;

const project = (id: string, title: string, description = '', cpvCodes: string[] = []) =>
  scorer.prepareProject({ id, language: 'fr', title, description, cpvCodes, canton: null } satisfies ScorableProject);
const prompt = 'Pose de parquet et de moquette';
const nothing: AlertLearning = { more: [], less: [], exclude: [] };
const weightOf = (concepts: ReadonlyArray<{ surface: string; weight: number }>, surface: string) =>
  concepts.filter((concept) => concept.surface === surface).reduce((sum, concept) => sum + concept.weight, 0);

describe('learned alert', () => {
  it('reads how strongly a notice carries each prompt word', () => {
    const base = prepareLearnedAlert(scorer, prompt, 'fr', undefined, corpus);
    const presence = promptWordPresence(base, project('p', 'Pose de parquet dans la salle de gym'));
    expect(presence.get('parquet')).toBeGreaterThan(0.3);
    expect(presence.get('moquette') ?? 0).toBe(0);
  });

  it('moves weight between prompt words within bounds: a dampened word keeps half, the prompt as a whole keeps its weight', () => {
    const base = prepareLearnedAlert(scorer, prompt, 'fr', nothing, corpus);
    const learned = prepareLearnedAlert(
      scorer,
      prompt,
      'fr',
      { more: [{ kind: 'term', value: 'parquet', weight: 1 }], less: [{ kind: 'term', value: 'moquette', weight: 1 }], exclude: [] },
      corpus,
    );
    const ratio = (alert: typeof base, word: string) => weightOf(alert.concepts, word) / weightOf(base.concepts, word);
    expect(ratio(learned, 'parquet')).toBeCloseTo(1 + LEARNING_WEIGHTS.promptBoost);
    expect(ratio(learned, 'moquette')).toBeCloseTo(Math.max(LEARNING_WEIGHTS.minPromptShare, 1 - LEARNING_WEIGHTS.promptDampen));
    expect(learned.subjectWeight).toBeCloseTo(learned.concepts.filter((c) => c.role === 'subject').reduce((sum, c) => sum + c.weight, 0));

    const parquet = project('a', 'Pose de parquet au collège');
    const carpet = project('b', 'Pose de moquette au collège');
    expect(scoreLearned(scorer, learned, parquet)).toBeGreaterThan(scoreLearned(scorer, base, parquet));
    expect(scoreLearned(scorer, learned, carpet)).toBeLessThan(scoreLearned(scorer, base, carpet));
    expect(scoreLearned(scorer, learned, carpet)).toBeGreaterThan(0);
  });

  it("reweighs the prompt's own CPV codes the way it reweighs its words", () => {
    const base = prepareLearnedAlert(scorer, prompt, 'fr', undefined, corpus);
    const [first, second] = base.codes;
    expect(second).toBeDefined();
    const learned = prepareLearnedAlert(
      scorer,
      prompt,
      'fr',
      { more: [{ kind: 'cpv', value: first!.code, weight: 1 }], less: [{ kind: 'cpv', value: second!.code, weight: 1 }], exclude: [] },
      corpus,
    );
    const weight = (code: string) => learned.codes.find((entry) => entry.code === code)!.weight;
    expect(weight(first!.code)).toBeCloseTo(first!.weight * (1 + LEARNING_WEIGHTS.promptBoost));
    expect(weight(second!.code)).toBeCloseTo(second!.weight * Math.max(LEARNING_WEIGHTS.minPromptShare, 1 - LEARNING_WEIGHTS.promptDampen));
    expect(learned.companion).toBeUndefined();
  });

  it('lifts a project close to the liked ones, lowers one close to the disliked ones by at most half, and drops an excluded one', () => {
    const learning: AlertLearning = {
      more: [{ kind: 'term', value: 'ponçage', weight: 1 }],
      less: [{ kind: 'term', value: 'wagons', weight: 1 }],
      exclude: ['plomb'],
    };
    const base = prepareLearnedAlert(scorer, prompt, 'fr', undefined, corpus);
    const learned = prepareLearnedAlert(scorer, prompt, 'fr', learning, corpus);
    const sanding = project('c', 'Ponçage et vitrification des sols', 'Ponçage');
    const vehicles = project('d', 'Pose de parquet et moquette dans les wagons', 'wagons, wagons');
    const lead = project('e', 'Pose de parquet après retrait de peinture au plomb', 'plomb');
    expect(scoreLearned(scorer, learned, sanding)).toBeGreaterThan(scoreLearned(scorer, base, sanding));
    const before = scoreLearned(scorer, base, vehicles);
    const after = scoreLearned(scorer, learned, vehicles);
    expect(after).toBeLessThan(before);
    expect(after).toBeGreaterThanOrEqual(Math.floor(before * (1 - LEARNING_WEIGHTS.maxPenalty)));
    expect(scoreLearned(scorer, learned, lead)).toBe(0);
    expect(scoreLearnedAtLeast(scorer, learned, lead, 1)).toBeNull();
    const kept = scoreLearnedAtLeast(scorer, learned, vehicles, 1);
    expect(kept?.score).toBe(after);
    expect(kept?.explanation).toBeTruthy();
  });

  it('lifts a project resembling a liked one even when the prompt misses it, lowers one resembling a disliked one by at most half', () => {
    const liked = project('l', 'Vitrification des parquets du collège', 'Ponçage, vitrification, huilage des parquets en chêne', ['45432114']);
    const disliked = project('x', 'Pose de parquet dans les wagons du funiculaire', 'Wagons, funiculaire, boiseries', ['34620000']);
    const similar = project('s', 'Ponçage et huilage des parquets en chêne de la salle', 'Ponçage, huilage', ['45432114']);
    const unrelated = project('u', 'Déneigement des routes communales', 'Fraise à neige', ['90620000']);
    const wagons = project('w', 'Pose de parquet et moquette: wagons du funiculaire', 'Wagons du funiculaire', ['34620000']);
    const base = prepareLearnedAlert(scorer, 'Pose de moquette', 'fr', undefined, corpus);
    // The made-up corpus is small: every word of the disliked project is rarer than `unlikeMinDocuments` notices.
    const weights = { ...LEARNING_WEIGHTS, unlikeMinDocuments: 0 };
    const learned = prepareLearnedAlert(scorer, 'Pose de moquette', 'fr', { ...nothing, liked: [liked], disliked: [disliked], weights }, corpus);
    expect(learned.similarity?.liked).toBeDefined();
    expect(scoreLearned(scorer, learned, similar)).toBeGreaterThanOrEqual(scoreLearned(scorer, base, similar) + 10);
    expect(scoreLearned(scorer, learned, unrelated)).toBe(scoreLearned(scorer, base, unrelated));
    const before = scoreLearned(scorer, base, wagons);
    const after = scoreLearned(scorer, learned, wagons);
    expect(after).toBeLessThan(before);
    expect(after).toBeGreaterThanOrEqual(Math.floor(before * (1 - LEARNING_WEIGHTS.maxPenalty)));
    // What the disliked project shares with the prompt is not held against anyone: only its own words are.
    const onlyPrompt = project('o', 'Pose de moquette au collège', 'Pose de moquette');
    const dislikedOnly = prepareLearnedAlert(scorer, 'Pose de moquette', 'fr', { ...nothing, disliked: [disliked], weights }, corpus);
    expect(scoreLearned(scorer, dislikedOnly, onlyPrompt)).toBeGreaterThanOrEqual(scoreLearned(scorer, base, onlyPrompt) - 5);
    expect(scoreLearned(scorer, dislikedOnly, wagons)).toBeLessThan(scoreLearned(scorer, base, wagons));
    // The share 0 turns the resemblance off.
    const off = prepareLearnedAlert(scorer, 'Pose de moquette', 'fr', { ...nothing, liked: [liked], weights: { ...LEARNING_WEIGHTS, likeShare: 0 } }, corpus);
    expect(scoreLearned(scorer, off, similar)).toBe(scoreLearned(scorer, base, similar));
  });

  it("does not hold a disliked project's rare words (its tender's names) against the tender's other lots", () => {
    // Two lots of one invented building: the subscriber dislikes the cabinet lot; the timber-frame lot shares only the building's name.
    const disliked = project('x', 'Bâtiment Quillerette: armoires de cuisine', 'Quillerette, armoires, plans de travail', ['39141000']);
    const sibling = project('t', 'Bâtiment Quillerette: charpente en bois', 'Quillerette, charpente, poutres', ['45261100']);
    const base = prepareLearnedAlert(scorer, 'Charpente en bois', 'fr', undefined, corpus);
    const withNames = prepareLearnedAlert(
      scorer,
      'Charpente en bois',
      'fr',
      { ...nothing, disliked: [disliked], weights: { ...LEARNING_WEIGHTS, unlikeMinDocuments: 0 } },
      corpus,
    );
    const withoutNames = prepareLearnedAlert(scorer, 'Charpente en bois', 'fr', { ...nothing, disliked: [disliked] }, corpus);
    expect(scoreLearned(scorer, withNames, sibling)).toBeLessThan(scoreLearned(scorer, base, sibling));
    expect(scoreLearned(scorer, withoutNames, sibling)).toBe(scoreLearned(scorer, base, sibling));
  });
});
