import { describe, expect, it } from 'vitest';
import { madeUpNotices } from '../../test-support/made-up-notices.ts';
import { createCandidateIndex } from './candidate-index.ts';
import { createCorpusCounter } from './corpus-statistics.ts';
import { createLocalScorer, type ScorableProject } from './local-scorer.ts';

// Built once for the file: the CPV resources take seconds to build on a loaded machine.
const scorer = createLocalScorer();

describe('corpus statistics', () => {
  it('count terms, codes and lengths whatever the order notices arrive in, and forget removed ones', () => {
    const counter = createCorpusCounter();
    const a = { language: 'de', termIds: Int32Array.from([1, 2]), length: 4, codes: ['45442100'] };
    const b = { language: 'fr', termIds: Int32Array.from([2, 3]), length: 2, codes: ['45442110', '90911200'] };
    counter.add(a);
    counter.add(b);
    expect([counter.documents, counter.documentFrequency(2), counter.codeFrequency('454421'), counter.codeFrequency('45'), counter.averageLength]).toEqual([
      2, 2, 2, 2, 3,
    ]);
    counter.remove(a);
    expect([
      counter.documents,
      counter.documentsIn('de'),
      counter.documentsIn('fr'),
      counter.documentFrequency(1),
      counter.codeFrequency('4544210'),
      counter.averageLength,
    ]).toEqual([1, 0, 1, 0, 0, 2]);
  });

  it('make a word every notice carries weigh less than a distinctive one, in the same alert', () => {
    const index = createCandidateIndex();
    // Enough notices for their own frequencies to outweigh the CPV labels' prior.
    for (const notice of madeUpNotices(600)) index.add(scorer.prepareProject(notice));
    const alert = scorer.prepareAlert('Umbau Sporthalle', 'de', { corpus: index.corpus });
    const idf = (surface: string) => alert.concepts.find((concept) => concept.surface === surface)?.idf ?? NaN;
    expect(idf('umbau')).toBeLessThan(idf('sporthalle') / 2);
  });

  it('weigh a prompt word no notice carries as the rarest one some notice carries, not as rarer than any', () => {
    const index = createCandidateIndex();
    const clocks: ScorableProject[] = Array.from({ length: 10 }, (_, i) => ({
      id: `clock-${i}`,
      language: 'de',
      title: `Revision der Turmuhr ${i + 1}`,
      description: 'Revision des Uhrwerks und der Zifferblätter.',
      cpvCodes: ['50000000'],
      canton: 'BE',
    }));
    for (const notice of [...madeUpNotices(600), ...clocks]) index.add(scorer.prepareProject(notice));
    // No notice names harps or bells: at their full rarity they made a clock notice a third of a match for a prompt that
    // asks for any of the three.
    const alert = scorer.prepareAlert('Turmuhren, Harfen und Glocken', 'de', { corpus: index.corpus });
    const idf = (surface: string) => alert.concepts.find((concept) => concept.surface === surface)?.idf ?? NaN;
    expect(idf('harfen')).toBeCloseTo(idf('turmuhren'));
    const clock = scorer.prepareProject({ ...clocks[0]!, id: 'target' });
    expect(scorer.score(alert, clock).score).toBeGreaterThanOrEqual(70);
  });

  it('give the same alert weights for the same notices added in another order', () => {
    const forward = createCandidateIndex();
    const backward = createCandidateIndex();
    const prepared = madeUpNotices().map((notice) => scorer.prepareProject(notice));
    for (const project of prepared) forward.add(project);
    for (const project of [...prepared].reverse()) backward.add(project);
    const weights = (index: typeof forward) =>
      scorer.prepareAlert('Glaserarbeiten Turnhalle', 'de', { corpus: index.corpus }).concepts.map((concept) => concept.weight);
    expect(weights(backward)).toEqual(weights(forward));
  });
});
