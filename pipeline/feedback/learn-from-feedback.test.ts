import { describe, expect, it } from 'vitest';
import { learnFromFeedback, type FeedbackText } from './learn-from-feedback.ts';

const rarity = (word: string) => (['objets', 'divers'].includes(word.toLowerCase()) ? 0.5 : 5);

describe('learnFromFeedback', () => {
  const liked: FeedbackText[] = [
    { title: 'Accordage de pianos et pianos droits', description: 'Diapason électronique', cpvCodes: ['50860000'] },
    { title: 'Pianos droits: accordage annuel', description: 'Diapason', cpvCodes: ['50860000', '50000000'] },
  ];
  const disliked: FeedbackText[] = [{ title: 'Accordage de pianos de wagons', description: 'Garage communal, wagons', cpvCodes: ['37311100'] }];
  const values = (items: ReturnType<typeof learnFromFeedback>, polarity: string, kind: string) =>
    items.filter((i) => i.polarity === polarity && i.kind === kind).map((i) => i.value);

  it('pulls towards what liked projects share, pushes away from what only disliked ones have', () => {
    // As the scorer reads them, every project carries both prompt words.
    const promptPresence = () =>
      new Map([
        ['accordage', 1],
        ['pianos', 1],
      ]);
    const items = learnFromFeedback({ prompt: 'Accordage de pianos', liked, disliked, rarity, promptPresence });
    expect(values(items, 'more', 'term')).toEqual(expect.arrayContaining(['droits', 'Diapason']));
    expect(values(items, 'more', 'cpv')).toEqual(['50860000', '50000000']);
    expect(values(items, 'less', 'term')).toContain('wagons');
    expect(values(items, 'less', 'term')).not.toContain('pianos');
    expect(values(items, 'less', 'cpv')).toEqual(['37311100']);
    for (const item of items) {
      expect(item.weight).toBeGreaterThan(0);
      expect(item.weight).toBeLessThanOrEqual(1);
    }
  });

  it('reweighs a prompt word by how much more the liked projects carry it than the disliked ones', () => {
    const carried = new Map<FeedbackText, number>([
      [liked[0]!, 1],
      [liked[1]!, 0.5],
      [disliked[0]!, 0],
    ]);
    const promptPresence = (project: FeedbackText) =>
      new Map([
        ['pianos', carried.get(project) ?? 0],
        ['accordage', 1],
      ]);
    const items = learnFromFeedback({ prompt: 'Accordage de pianos', liked, disliked, rarity, promptPresence });
    expect(items).toContainEqual({ polarity: 'more', kind: 'term', value: 'pianos', weight: 0.75 });
    expect(items.some((item) => item.value === 'Accordage')).toBe(false);
    const reversed = learnFromFeedback({ prompt: 'Accordage de pianos', liked: disliked, disliked: liked, rarity, promptPresence });
    expect(reversed).toContainEqual({ polarity: 'less', kind: 'term', value: 'pianos', weight: 0.75 });
  });

  it("reweighs the prompt's CPV codes by the share of liked minus disliked projects with a code under the same prefix", () => {
    // 50… (repair and maintenance) is the division of both liked projects' codes; 37… (musical instruments) only the disliked one's.
    const items = learnFromFeedback({ prompt: 'Accordage de pianos', liked, disliked, rarity, promptCodes: ['50800000', '37310000', '71000000'] });
    expect(items).toContainEqual({ polarity: 'more', kind: 'cpv', value: '50800000', weight: 1 });
    expect(items).toContainEqual({ polarity: 'less', kind: 'cpv', value: '37310000', weight: 1 });
    expect(items.some((item) => item.value === '71000000')).toBe(false);
    // A prompt code is reweighed, not learned again as a code of its own.
    expect(items.filter((item) => item.value === '50800000')).toHaveLength(1);
  });

  it('ignores common words and learns nothing without feedback', () => {
    expect(learnFromFeedback({ prompt: 'Ramonage de cheminées', liked: [], disliked: [], rarity })).toEqual([]);
    const items = learnFromFeedback({
      prompt: 'Ramonage de cheminées',
      liked: [{ title: 'Objets divers', description: '', cpvCodes: [] }],
      disliked: [],
      rarity,
    });
    expect(items).toEqual([]);
  });

  it('weighs a prompt word or code down only against a liked project that lacks it', () => {
    const promptPresence = (project: FeedbackText) => new Map([['pianos', disliked.includes(project) ? 1 : 0]]);
    const contrasted = learnFromFeedback({ prompt: 'Accordage de pianos', liked, disliked, rarity, promptPresence, promptCodes: ['37310000'] });
    expect(contrasted).toContainEqual({ polarity: 'less', kind: 'term', value: 'pianos', weight: 1 });
    expect(contrasted).toContainEqual({ polarity: 'less', kind: 'cpv', value: '37310000', weight: 1 });
    // Only disliked projects: nothing says which prompt word is wrong.
    const alone = learnFromFeedback({ prompt: 'Accordage de pianos', liked: [], disliked, rarity, promptPresence, promptCodes: ['37310000'] });
    expect(alone.filter((item) => item.value === 'pianos' || item.value === '37310000')).toEqual([]);
    expect(values(alone, 'less', 'term')).toContain('wagons');
    // A liked project carrying the word too: no contrast either.
    const shared = learnFromFeedback({
      prompt: 'Accordage de pianos',
      liked,
      disliked,
      rarity,
      promptPresence: (project) => new Map([['pianos', disliked.includes(project) ? 1 : 0.2]]),
    });
    expect(shared.some((item) => item.polarity === 'less' && item.value === 'pianos')).toBe(false);
  });

  it('weighs a learned code by its share times its specificity among the notices, and drops a code that says nothing', () => {
    const codeSpecificity = (code: string) => (code === '50000000' ? 0 : 0.5);
    const items = learnFromFeedback({ prompt: 'Accordage de pianos', liked, disliked, rarity, codeSpecificity });
    expect(items.filter((item) => item.kind === 'cpv' && item.polarity === 'more')).toEqual([
      { polarity: 'more', kind: 'cpv', value: '50860000', weight: 0.5 },
    ]);
    expect(items).toContainEqual({ polarity: 'less', kind: 'cpv', value: '37311100', weight: 0.5 });
  });

  it('counts lots of one tender once: their shared name is not learned, a word two tenders share is', () => {
    const lots: FeedbackText[] = [
      { title: 'Chapelle Beaulieu, restauration, lot 1 mosaïques du chœur', description: 'Beaulieu', cpvCodes: [] },
      { title: 'Chapelle Beaulieu, restauration, lot 2 mosaïques de la nef', description: 'Beaulieu', cpvCodes: [] },
    ];
    const other: FeedbackText = { title: 'Abbaye des Tilleuls: mosaïques du chœur', description: 'Tesselles', cpvCodes: [] };
    const lotsOnly = values(learnFromFeedback({ prompt: 'Art sacré ancien', liked: lots, disliked: [], rarity }), 'more', 'term');
    expect(lotsOnly).toContain('Beaulieu'); // one tender: the two-project rule does not apply
    const withOther = values(learnFromFeedback({ prompt: 'Art sacré ancien', liked: [...lots, other], disliked: [], rarity }), 'more', 'term');
    expect(withOther).toContain('mosaïques');
    expect(withOther).not.toContain('Beaulieu');
  });

  it('does not learn a word no notice beyond the liked ones carries (a name cannot find another project)', () => {
    const only: FeedbackText[] = [{ title: 'Diapason pour la salle Zwinglinger', description: '', cpvCodes: [] }];
    const documentFrequency = (word: string) => (word === 'Zwinglinger' ? 1 : 12);
    const learned = values(learnFromFeedback({ prompt: 'Accordage de pianos', liked: only, disliked: [], rarity, documentFrequency }), 'more', 'term');
    expect(learned).toContain('Diapason');
    expect(learned).not.toContain('Zwinglinger');
  });

  it('does not push away from a word only the disliked projects carry: it cannot lower another project', () => {
    const wagons: FeedbackText[] = [{ title: 'Accordage de pianos du wagon-salon Oberglatter', description: 'Garage communal', cpvCodes: [] }];
    const documentFrequency = (word: string) => (word === 'Oberglatter' ? 1 : 12);
    const learned = values(learnFromFeedback({ prompt: 'Accordage de pianos', liked, disliked: wagons, rarity, documentFrequency }), 'less', 'term');
    expect(learned).toContain('Garage');
    expect(learned).not.toContain('Oberglatter');
  });

  it('never pushes away from another form of a prompt word', () => {
    const stem = (word: string) => word.replace(/s$/, '');
    const wagons: FeedbackText[] = [{ title: 'Accordages de wagons', description: 'Garage communal', cpvCodes: [] }];
    const learned = values(learnFromFeedback({ prompt: 'Accordage de pianos', liked, disliked: wagons, rarity, stem }), 'less', 'term');
    expect(learned).toContain('wagons');
    expect(learned).not.toContain('Accordages');
  });

  it('never pushes away from a word a prompt word is compounded of', () => {
    const organs: FeedbackText[] = [{ title: 'Orgelpfeifen reinigen', description: 'Pfeifenwerk', cpvCodes: [] }];
    const rugs: FeedbackText[] = [{ title: 'Orgel der Aula: Teppiche reinigen', description: 'Teppiche, Aula', cpvCodes: [] }];
    const learned = values(learnFromFeedback({ prompt: 'Orgelreinigung', liked: organs, disliked: rugs, rarity }), 'less', 'term');
    expect(learned).toContain('Teppiche');
    expect(learned).not.toContain('Orgel');
  });

  it('never pushes away from a word that carries a prompt word as the scorer reads it (a translation)', () => {
    const wagons: FeedbackText[] = [{ title: 'Klavier im Wagen', description: 'Garage communal', cpvCodes: [] }];
    const carriesPromptWord = (word: string) => word === 'Klavier';
    const learned = values(learnFromFeedback({ prompt: 'Accordage de pianos', liked, disliked: wagons, rarity, carriesPromptWord }), 'less', 'term');
    expect(learned).toContain('Garage');
    expect(learned).not.toContain('Klavier');
  });
});
