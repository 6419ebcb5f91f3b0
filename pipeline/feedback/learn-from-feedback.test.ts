import { describe, expect, it } from 'vitest';
import { learnFromFeedback } from './learn-from-feedback.ts';

const rarity = (word: string) => (['travaux', 'projet'].includes(word.toLowerCase()) ? 0.5 : 5);

describe('learnFromFeedback', () => {
  it('pulls towards what liked projects share, pushes away from what only disliked ones have, never from the prompt', () => {
    const items = learnFromFeedback({
      prompt: 'Nettoyage de vitres',
      liked: [
        { title: 'Nettoyage de vitres et façades vitrées', description: 'Nacelle élévatrice', cpvCodes: ['90911300'] },
        { title: 'Façades vitrées: nettoyage annuel', description: 'Nacelle', cpvCodes: ['90911300', '90910000'] },
      ],
      disliked: [{ title: 'Nettoyage de vitres de véhicules', description: 'Garage communal, véhicules', cpvCodes: ['50112300'] }],
      rarity,
    });
    const values = (polarity: string, kind: string) => items.filter((i) => i.polarity === polarity && i.kind === kind).map((i) => i.value);
    expect(values('more', 'term')).toEqual(expect.arrayContaining(['vitrées', 'Nacelle']));
    expect(values('more', 'cpv')).toEqual(['90911300', '90910000']);
    expect(values('less', 'term')).toContain('véhicules');
    expect(values('less', 'term')).not.toContain('vitres');
    expect(values('less', 'cpv')).toEqual(['50112300']);
    for (const item of items) {
      expect(item.weight).toBeGreaterThan(0);
      expect(item.weight).toBeLessThanOrEqual(1);
    }
  });

  it('ignores common words and learns nothing without feedback', () => {
    expect(learnFromFeedback({ prompt: 'Entretien de routes', liked: [], disliked: [], rarity })).toEqual([]);
    const items = learnFromFeedback({
      prompt: 'Entretien de routes',
      liked: [{ title: 'Travaux projet', description: '', cpvCodes: [] }],
      disliked: [],
      rarity,
    });
    expect(items).toEqual([]);
  });
});
