import { describe, expect, it } from 'vitest';
import { explainMatch, withLikeness } from './match-explanation.ts';

describe('match explanation', () => {
  it('names a lift by likeness in the alert\'s language, in place of "no match" or after the evidence', () => {
    const none = { cpv: null, words: [], place: null };
    expect(withLikeness(explainMatch(none, 'de'), 'de', 'best')).toBe('ähnlich wie der beste Treffer');
    expect(withLikeness(explainMatch({ ...none, words: ['horloges'] }, 'fr'), 'fr', 'best')).toBe('horloges · proche de la meilleure correspondance');
    expect(withLikeness(explainMatch(none, 'it'), 'it', 'liked')).toBe('simile ai progetti segnati come pertinenti');
    expect(withLikeness(explainMatch({ ...none, place: { canton: 'VD', relation: 'inside' } }, 'en'), 'en', 'liked')).toBe(
      'canton VD · like projects marked relevant',
    );
  });
});
