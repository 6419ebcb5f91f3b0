import { describe, expect, it } from 'vitest';
import { learnFromFeedback, type FeedbackText } from './learn-from-feedback.ts';

const rarity = (word: string) => (['objets', 'divers'].includes(word.toLowerCase()) ? 0.5 : 5);

describe('learnFromFeedback', () => {
  const liked: FeedbackText[] = [
    { title: 'Lavage de vitres et façades vitrées', description: 'Nacelle élévatrice', cpvCodes: ['90911300'] },
    { title: 'Façades vitrées: lavage annuel', description: 'Nacelle', cpvCodes: ['90911300', '90910000'] },
  ];
  const disliked: FeedbackText[] = [{ title: 'Lavage de vitres de wagons', description: 'Garage communal, wagons', cpvCodes: ['50112300'] }];
  const values = (items: ReturnType<typeof learnFromFeedback>, polarity: string, kind: string) =>
    items.filter((i) => i.polarity === polarity && i.kind === kind).map((i) => i.value);

  it('pulls towards what liked projects share, pushes away from what only disliked ones have', () => {
    // As the scorer reads them, every project carries both prompt words ("vitrées" is a form of "vitres").
    const promptPresence = () =>
      new Map([
        ['lavage', 1],
        ['vitres', 1],
      ]);
    const items = learnFromFeedback({ prompt: 'Lavage de vitres', liked, disliked, rarity, promptPresence });
    expect(values(items, 'more', 'term')).toEqual(expect.arrayContaining(['vitrées', 'Nacelle']));
    expect(values(items, 'more', 'cpv')).toEqual(['90911300', '90910000']);
    expect(values(items, 'less', 'term')).toContain('wagons');
    expect(values(items, 'less', 'term')).not.toContain('vitres');
    expect(values(items, 'less', 'cpv')).toEqual(['50112300']);
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
        ['vitres', carried.get(project) ?? 0],
        ['lavage', 1],
      ]);
    const items = learnFromFeedback({ prompt: 'Lavage de vitres', liked, disliked, rarity, promptPresence });
    expect(items).toContainEqual({ polarity: 'more', kind: 'term', value: 'vitres', weight: 0.75 });
    expect(items.some((item) => item.value === 'Lavage')).toBe(false);
    const reversed = learnFromFeedback({ prompt: 'Lavage de vitres', liked: disliked, disliked: liked, rarity, promptPresence });
    expect(reversed).toContainEqual({ polarity: 'less', kind: 'term', value: 'vitres', weight: 0.75 });
  });

  it("reweighs the prompt's CPV codes by the share of liked minus disliked projects with a code under the same prefix", () => {
    // 90… (cleaning) is the division of both liked projects' codes; 50… (repair) only the disliked one's.
    const items = learnFromFeedback({ prompt: 'Lavage de vitres', liked, disliked, rarity, promptCodes: ['90911000', '50100000', '71000000'] });
    expect(items).toContainEqual({ polarity: 'more', kind: 'cpv', value: '90911000', weight: 1 });
    expect(items).toContainEqual({ polarity: 'less', kind: 'cpv', value: '50100000', weight: 1 });
    expect(items.some((item) => item.value === '71000000')).toBe(false);
    // A prompt code is reweighed, not learned again as a code of its own.
    expect(items.filter((item) => item.value === '90911000')).toHaveLength(1);
  });

  it('ignores common words and learns nothing without feedback', () => {
    expect(learnFromFeedback({ prompt: 'Taille de haies', liked: [], disliked: [], rarity })).toEqual([]);
    const items = learnFromFeedback({
      prompt: 'Taille de haies',
      liked: [{ title: 'Objets divers', description: '', cpvCodes: [] }],
      disliked: [],
      rarity,
    });
    expect(items).toEqual([]);
  });

  it('weighs a prompt word or code down only against a liked project that lacks it', () => {
    const promptPresence = (project: FeedbackText) => new Map([['vitres', disliked.includes(project) ? 1 : 0]]);
    const contrasted = learnFromFeedback({ prompt: 'Lavage de vitres', liked, disliked, rarity, promptPresence, promptCodes: ['50100000'] });
    expect(contrasted).toContainEqual({ polarity: 'less', kind: 'term', value: 'vitres', weight: 1 });
    expect(contrasted).toContainEqual({ polarity: 'less', kind: 'cpv', value: '50100000', weight: 1 });
    // Only disliked projects: nothing says which prompt word is wrong.
    const alone = learnFromFeedback({ prompt: 'Lavage de vitres', liked: [], disliked, rarity, promptPresence, promptCodes: ['50100000'] });
    expect(alone.filter((item) => item.value === 'vitres' || item.value === '50100000')).toEqual([]);
    expect(values(alone, 'less', 'term')).toContain('wagons');
    // A liked project carrying the word too: no contrast either.
    const shared = learnFromFeedback({
      prompt: 'Lavage de vitres',
      liked,
      disliked,
      rarity,
      promptPresence: (project) => new Map([['vitres', disliked.includes(project) ? 1 : 0.2]]),
    });
    expect(shared.some((item) => item.polarity === 'less' && item.value === 'vitres')).toBe(false);
  });

  it('weighs a learned code by its share times its specificity among the notices, and drops a code that says nothing', () => {
    const codeSpecificity = (code: string) => (code === '90910000' ? 0 : 0.5);
    const items = learnFromFeedback({ prompt: 'Lavage de vitres', liked, disliked, rarity, codeSpecificity });
    expect(items.filter((item) => item.kind === 'cpv' && item.polarity === 'more')).toEqual([
      { polarity: 'more', kind: 'cpv', value: '90911300', weight: 0.5 },
    ]);
    expect(items).toContainEqual({ polarity: 'less', kind: 'cpv', value: '50112300', weight: 0.5 });
  });

  it('counts lots of one tender once: their shared name is not learned, a word two tenders share is', () => {
    const lots: FeedbackText[] = [
      { title: 'Hôpital Beaulieu, rénovation, lot 281 revêtements de sols', description: 'Beaulieu', cpvCodes: [] },
      { title: 'Hôpital Beaulieu, rénovation, lot 282 revêtements muraux', description: 'Beaulieu', cpvCodes: [] },
    ];
    const other: FeedbackText = { title: 'Collège des Tilleuls: revêtements de sols', description: 'Linoléum', cpvCodes: [] };
    const lotsOnly = values(learnFromFeedback({ prompt: 'Sols souples', liked: lots, disliked: [], rarity }), 'more', 'term');
    expect(lotsOnly).toContain('Beaulieu'); // one tender: the two-project rule does not apply
    const withOther = values(learnFromFeedback({ prompt: 'Sols souples', liked: [...lots, other], disliked: [], rarity }), 'more', 'term');
    expect(withOther).toContain('revêtements');
    expect(withOther).not.toContain('Beaulieu');
  });

  it('does not learn a word no notice beyond the liked ones carries (a name cannot find another project)', () => {
    const only: FeedbackText[] = [{ title: 'Nacelle pour la tour Zwinglinger', description: '', cpvCodes: [] }];
    const documentFrequency = (word: string) => (word === 'Zwinglinger' ? 1 : 12);
    const learned = values(learnFromFeedback({ prompt: 'Lavage de vitres', liked: only, disliked: [], rarity, documentFrequency }), 'more', 'term');
    expect(learned).toContain('Nacelle');
    expect(learned).not.toContain('Zwinglinger');
  });
});
