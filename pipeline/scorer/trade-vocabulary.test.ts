import { describe, expect, it } from 'vitest';
import { loadTradeVocabulary, parseTradeVocabulary } from './trade-vocabulary.ts';

describe('trade vocabulary', () => {
  it('names every shipped trade in all four languages', () => {
    const entries = loadTradeVocabulary();
    expect(entries.length).toBeGreaterThan(50);
    for (const entry of entries) for (const names of Object.values(entry.names)) expect(names.length).toBeGreaterThan(0);
  });

  it('reads several spellings per cell and refuses a file without a language column', () => {
    expect(parseTradeVocabulary('de,fr,it,en\nStoren;Lamellenstoren,stores,tende,blinds\n')[0]!.names.de).toEqual(['Storen', 'Lamellenstoren']);
    expect(() => parseTradeVocabulary('de,fr,en\nA,B,C\n')).toThrow(/"it"/);
  });
});
