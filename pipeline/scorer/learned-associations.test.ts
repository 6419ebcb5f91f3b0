import { describe, expect, it } from 'vitest';
import { createCandidateIndex } from './candidate-index.ts';
import { learnedAssociationsOf, type NoticeForLearning } from './learned-associations.ts';
import { createLocalScorer, learnFromNotices, type ScorableProject } from './local-scorer.ts';

// Invented notices: a buyer publishes organ maintenance in German and French, another a few unrelated ones.
const organ = (i: number, organization: string): NoticeForLearning => ({
  language: 'de',
  titles: { de: `Orgelrevision Kirche ${i}`, fr: `Révision de l'orgue, église ${i}` },
  description: 'Revision und Stimmung der Orgel.',
  cpvCodes: ['50000000', '37310000'],
  organization,
});
const other = (i: number): NoticeForLearning => ({
  language: 'fr',
  titles: { fr: `Impression du bulletin ${i}` },
  description: 'Impression et distribution.',
  cpvCodes: ['79810000'],
  organization: `Commune ${i}`,
});
const bells = (i: number): NoticeForLearning => ({
  language: 'de',
  titles: { de: `Glockenstuhl Kirche ${i}`, fr: `Beffroi de l'église ${i}` },
  description: 'Erneuerung des Glockenstuhls.',
  cpvCodes: ['45000000'],
  organization: `Kirchgemeinde ${i}`,
});
const corpus = [
  organ(1, 'Kirchgemeinde A'),
  organ(2, 'Kirchgemeinde B'),
  organ(3, 'Kirchgemeinde C'),
  ...Array.from({ length: 4 }, (_, i) => bells(i)),
  ...Array.from({ length: 12 }, (_, i) => other(i)),
];

describe('learned associations', () => {
  it('learn translations from titles in several languages and codes from the notices that carry a word', () => {
    const learned = learnedAssociationsOf(learnFromNotices(corpus));
    expect(learned.documents).toBe(corpus.length);
    const french = learned.translate('de', 'orgelrevision').filter((entry) => entry.language === 'fr');
    expect(french[0]).toMatchObject({ stem: 'orgu', weight: 1 });
    expect(learned.translate('de', 'glockenstuhl').map((entry) => entry.stem)).toContain('beffroi');
    expect(learned.codesFor('de', 'orgelrevision').map((entry) => entry.code)).toContain('37310000');
    expect(learned.codesFor('de', 'orgelrevision').every((entry) => entry.weight > 0 && entry.weight <= 1)).toBe(true);
  });

  it('need two publishers: lots of one buyer repeating one text are one witness', () => {
    const oneBuyer = [organ(1, 'Kirchgemeinde A'), organ(2, 'Kirchgemeinde A'), organ(3, 'Kirchgemeinde A'), ...corpus.slice(3)];
    expect(learnedAssociationsOf(learnFromNotices(oneBuyer)).codesFor('de', 'orgelrevision')).toEqual([]);
  });

  it('bring a notice in another language that carries a learned code closer to the alert', () => {
    const scorer = createLocalScorer();
    const index = createCandidateIndex();
    const notices: ScorableProject[] = corpus.map((notice, i) => ({
      id: i,
      language: notice.language,
      title: notice.titles[notice.language ?? 'de'] ?? '',
      description: notice.description,
      cpvCodes: [...notice.cpvCodes],
      canton: null,
    }));
    for (const notice of notices) index.add(scorer.prepareProject(notice));
    const learned = learnedAssociationsOf(learnFromNotices(corpus));
    const target = scorer.prepareProject({ id: 'x', language: 'it', title: 'Revisione', description: '', cpvCodes: ['37310000'], canton: null });
    const without = scorer.score(scorer.prepareAlert('Orgelrevision', 'de', { corpus: index.corpus }), target).score;
    const withLearned = scorer.score(scorer.prepareAlert('Orgelrevision', 'de', { corpus: index.corpus, learned }), target).score;
    expect(withLearned).toBeGreaterThan(without);
  });
});
