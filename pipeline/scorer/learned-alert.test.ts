import { describe, expect, it } from 'vitest';
import { madeUpNotices } from '../../test-support/made-up-notices.ts';
import { createCandidateIndex } from './candidate-index.ts';
import {
  LEARNING_WEIGHTS,
  carriesPromptWord,
  prepareLearnedAlert,
  promptWordPresence,
  scoreLearned,
  scoreLearnedAtLeast,
  type AlertLearning,
} from './learned-alert.ts';
import { createLocalScorer, type PreparedProject, type ScorableProject } from './local-scorer.ts';

// Every text here is invented for the test; none comes from the labelled evaluation set.
const scorer = createLocalScorer();
const index = createCandidateIndex();
for (const notice of madeUpNotices()) index.add(scorer.prepareProject(notice));
const { corpus } = index;

const project = (id: string, title: string, description = '', cpvCodes: string[] = []) =>
  scorer.prepareProject({ id, language: 'fr', title, description, cpvCodes, canton: null } satisfies ScorableProject);
const prompt = 'Accordage de pianos et de clavecins';
const nothing: AlertLearning = { more: [], less: [], exclude: [] };
const weightOf = (concepts: ReadonlyArray<{ surface: string; weight: number }>, surface: string) =>
  concepts.filter((concept) => concept.surface === surface).reduce((sum, concept) => sum + concept.weight, 0);

describe('learned alert', () => {
  it('reads how strongly a notice carries each prompt word', () => {
    const base = prepareLearnedAlert(scorer, prompt, 'fr', undefined, corpus);
    const presence = promptWordPresence(base, project('p', 'Accordage de pianos dans la salle de concert'));
    expect(presence.get('pianos')).toBeGreaterThan(0.3);
    expect(presence.get('clavecins') ?? 0).toBe(0);
  });

  it('moves weight between prompt words within bounds: a dampened word keeps half, the prompt as a whole keeps its weight', () => {
    const base = prepareLearnedAlert(scorer, prompt, 'fr', nothing, corpus);
    const learned = prepareLearnedAlert(
      scorer,
      prompt,
      'fr',
      { more: [{ kind: 'term', value: 'pianos', weight: 1 }], less: [{ kind: 'term', value: 'clavecins', weight: 1 }], exclude: [] },
      corpus,
    );
    const ratio = (alert: typeof base, word: string) => weightOf(alert.concepts, word) / weightOf(base.concepts, word);
    expect(ratio(learned, 'pianos')).toBeCloseTo(1 + LEARNING_WEIGHTS.promptBoost);
    expect(ratio(learned, 'clavecins')).toBeCloseTo(Math.max(LEARNING_WEIGHTS.minPromptShare, 1 - LEARNING_WEIGHTS.promptDampen));
    expect(learned.subjectWeight).toBeCloseTo(learned.concepts.filter((c) => c.role === 'subject').reduce((sum, c) => sum + c.weight, 0));

    const piano = project('a', 'Accordage de pianos au conservatoire');
    const harpsichord = project('b', 'Accordage de clavecins au conservatoire');
    expect(scoreLearned(scorer, learned, piano)).toBeGreaterThan(scoreLearned(scorer, base, piano));
    expect(scoreLearned(scorer, learned, harpsichord)).toBeLessThan(scoreLearned(scorer, base, harpsichord));
    expect(scoreLearned(scorer, learned, harpsichord)).toBeGreaterThan(0);
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
      more: [{ kind: 'term', value: 'harmonisation', weight: 1 }],
      less: [{ kind: 'term', value: 'wagons', weight: 1 }],
      exclude: ['termites'],
    };
    const base = prepareLearnedAlert(scorer, prompt, 'fr', undefined, corpus);
    const learned = prepareLearnedAlert(scorer, prompt, 'fr', learning, corpus);
    const voicing = project('c', 'Harmonisation et réglage des orgues', 'Harmonisation');
    const carriages = project('d', 'Accordage de pianos et clavecins dans les wagons', 'wagons, wagons');
    const termites = project('e', 'Accordage de pianos après traitement contre les termites', 'termites');
    expect(scoreLearned(scorer, learned, voicing)).toBeGreaterThan(scoreLearned(scorer, base, voicing));
    const before = scoreLearned(scorer, base, carriages);
    const after = scoreLearned(scorer, learned, carriages);
    expect(after).toBeLessThan(before);
    expect(after).toBeGreaterThanOrEqual(Math.floor(before * (1 - LEARNING_WEIGHTS.maxPenalty)));
    expect(scoreLearned(scorer, learned, termites)).toBe(0);
    expect(scoreLearnedAtLeast(scorer, learned, termites, 1)).toBeNull();
    const kept = scoreLearnedAtLeast(scorer, learned, carriages, 1);
    expect(kept?.score).toBe(after);
    expect(kept?.explanation).toBeTruthy();
  });

  it('lifts a project resembling a liked one even when the prompt misses it, lowers one resembling a disliked one by at most half', () => {
    const liked = project('l', 'Relevage des orgues de la cathédrale', 'Relevage, harmonisation, accord des jeux en étain', ['37311300']);
    const disliked = project('x', 'Accordage de pianos dans les wagons du funiculaire', 'Wagons, funiculaire, boiseries', ['34620000']);
    const similar = project('s', 'Relevage et harmonisation des jeux en étain de la salle', 'Relevage, harmonisation', ['37311300']);
    const unrelated = project('u', 'Déneigement des chemins de la commune', 'Fraise à neige', ['90620000']);
    const wagons = project('w', 'Accordage de pianos et clavecins: wagons du funiculaire', 'Wagons du funiculaire', ['34620000']);
    const base = prepareLearnedAlert(scorer, 'Accordage de clavecins', 'fr', undefined, corpus);
    // The made-up corpus is small: every word of the disliked project is rarer than `unlikeMinDocuments` notices.
    const weights = { ...LEARNING_WEIGHTS, unlikeMinDocuments: 0 };
    const learned = prepareLearnedAlert(scorer, 'Accordage de clavecins', 'fr', { ...nothing, liked: [liked], disliked: [disliked], weights }, corpus);
    expect(learned.similarity?.liked).toBeDefined();
    expect(scoreLearned(scorer, learned, similar)).toBeGreaterThanOrEqual(scoreLearned(scorer, base, similar) + 10);
    expect(scoreLearned(scorer, learned, unrelated)).toBe(scoreLearned(scorer, base, unrelated));
    const before = scoreLearned(scorer, base, wagons);
    const after = scoreLearned(scorer, learned, wagons);
    expect(after).toBeLessThan(before);
    expect(after).toBeGreaterThanOrEqual(Math.floor(before * (1 - LEARNING_WEIGHTS.maxPenalty)));
    // What the disliked project shares with the prompt is not held against anyone: only its own words are.
    const onlyPrompt = project('o', 'Accordage de clavecins au conservatoire', 'Accordage de clavecins');
    const dislikedOnly = prepareLearnedAlert(scorer, 'Accordage de clavecins', 'fr', { ...nothing, disliked: [disliked], weights }, corpus);
    expect(scoreLearned(scorer, dislikedOnly, onlyPrompt)).toBeGreaterThanOrEqual(scoreLearned(scorer, base, onlyPrompt) - 5);
    expect(scoreLearned(scorer, dislikedOnly, wagons)).toBeLessThan(scoreLearned(scorer, base, wagons));
    // The share 0 turns the resemblance off.
    const off = prepareLearnedAlert(
      scorer,
      'Accordage de clavecins',
      'fr',
      { ...nothing, liked: [liked], weights: { ...LEARNING_WEIGHTS, likeShare: 0 } },
      corpus,
    );
    expect(scoreLearned(scorer, off, similar)).toBe(scoreLearned(scorer, base, similar));
  });

  it('lifts a project as much as the liked project it resembles, however different the other liked projects are', () => {
    const organ = project('l1', 'Relevage des orgues de la cathédrale', 'Relevage, harmonisation, accord des jeux en étain', ['37311300']);
    const bells = project('l2', 'Électrification des cloches du beffroi', 'Jougs, battants, moteurs de volée', ['44512000']);
    const similar = project('s', 'Relevage et harmonisation des jeux en étain de la salle', 'Relevage, harmonisation', ['37311300']);
    const learnedFrom = (liked: PreparedProject[]) => prepareLearnedAlert(scorer, 'Accordage de clavecins', 'fr', { ...nothing, liked }, corpus);
    const alone = scoreLearned(scorer, learnedFrom([organ]), similar);
    expect(alone).toBeGreaterThan(scoreLearned(scorer, prepareLearnedAlert(scorer, 'Accordage de clavecins', 'fr', undefined, corpus), similar) + 10);
    // A second liked project of another kind does not dilute the resemblance (a centroid of the two would halve it).
    expect(scoreLearned(scorer, learnedFrom([organ, bells]), similar)).toBe(alone);
  });

  it('tells the words that carry a prompt word (a translation, a compound of it, one of its parts) from the others', () => {
    const alert = prepareLearnedAlert(scorer, 'Glaserarbeiten und Dachrinnen', 'de', undefined, corpus);
    const carries = (word: string) => carriesPromptWord(scorer, alert, word);
    const carried = ['vitrerie', 'Glaser', 'Glaserarbeiten', 'Dachrinne'];
    expect(carried.filter(carries)).toEqual(carried);
    expect(['Garage', 'Teppiche', 'Druckerei'].filter(carries)).toEqual([]);
  });

  it('keeps the order of projects a likeness lifts past 100 instead of tying them at 100', () => {
    const organ = project('l1', 'Relevage des orgues de la cathédrale', 'Relevage, harmonisation, accord des jeux en étain', ['37311300']);
    // A share as pseudo-feedback gives its lift (the best matches taken as liked).
    const weights = { ...LEARNING_WEIGHTS, likeShare: 0.2 };
    const learned = prepareLearnedAlert(scorer, "Relevage d'orgues", 'fr', { ...nothing, liked: [organ], weights }, corpus);
    const closer = project('a', 'Relevage des orgues', 'Relevage, harmonisation, accord des jeux en étain', ['37311300']);
    const further = project('b', 'Relevage des orgues, réfection du buffet et de la tribune du temple', 'Relevage, harmonisation, accord des jeux en étain', [
      '37311300',
    ]);
    expect(scorer.quickScore(learned, closer)).toBeGreaterThan(scorer.quickScore(learned, further));
    expect(scoreLearned(scorer, learned, closer)).toBeGreaterThan(scoreLearned(scorer, learned, further));
    expect(scoreLearned(scorer, learned, closer)).toBeLessThan(100);
  });

  it("does not hold a disliked project's rare words (its tender's names) against the tender's other lots", () => {
    // Two lots of one invented building: the subscriber dislikes the kitchen lot; the slate-roofing lot shares only the building's name.
    const disliked = project('x', 'Domaine Quillerette: cuisines professionnelles', 'Quillerette, fourneaux, plans de travail', ['39141000']);
    const sibling = project('t', 'Domaine Quillerette: couverture en ardoise', 'Quillerette, ardoises, faîtières', ['45261210']);
    const base = prepareLearnedAlert(scorer, 'Couverture en ardoise', 'fr', undefined, corpus);
    const withNames = prepareLearnedAlert(
      scorer,
      'Couverture en ardoise',
      'fr',
      { ...nothing, disliked: [disliked], weights: { ...LEARNING_WEIGHTS, unlikeMinDocuments: 0 } },
      corpus,
    );
    const withoutNames = prepareLearnedAlert(scorer, 'Couverture en ardoise', 'fr', { ...nothing, disliked: [disliked] }, corpus);
    expect(scoreLearned(scorer, withNames, sibling)).toBeLessThan(scoreLearned(scorer, base, sibling));
    expect(scoreLearned(scorer, withoutNames, sibling)).toBe(scoreLearned(scorer, base, sibling));
  });

  it('keeps, at any floor, exactly the projects whose learned score reaches it (the early stop loses none the likeness lifts)', () => {
    const liked = project('l', 'Accordage de pianos à queue', 'Pianos à queue, accordage et harmonisation');
    const alert = prepareLearnedAlert(scorer, 'Accordage de clavecins', 'fr', { ...nothing, liked: [liked] }, corpus);
    const projects = [
      ...madeUpNotices().map((notice) => scorer.prepareProject(notice)),
      project('a', 'Harmonisation de pianos à queue', 'Pianos à queue'),
      project('b', 'Accordage de clavecins et de pianos', 'Clavecins'),
      project('c', 'Pianos à queue du conservatoire', 'Harmonisation'),
    ];
    let lifted = 0;
    for (const floor of [5, 10, 20, 30, 40, 60]) {
      for (const candidate of projects) {
        const full = scoreLearned(scorer, alert, candidate);
        const kept = scoreLearnedAtLeast(scorer, alert, candidate, floor);
        expect(kept?.score ?? null).toBe(full >= floor && full > 0 ? full : null);
        if (kept && scorer.quickScore(alert, candidate) < floor) lifted += 1;
      }
    }
    // Some pairs reach a floor only through the likeness: the case the early stop must not cut.
    expect(lifted).toBeGreaterThan(0);
  });
});
