import { describe, expect, it } from 'vitest';
import { loadCpvCatalog } from './cpv-catalog.ts';
import { splitWords } from './place-constraints.ts';
import { loadRegionalVocabulary, parseRegionalVocabulary } from './regional-vocabulary.ts';
import { foldDiacritics } from './text-analysis.ts';

describe('regional vocabulary', () => {
  it('reads several spellings per cell and refuses a file without its columns', () => {
    expect(parseRegionalVocabulary('ch,de\nVelo;Velos,Fahrrad\n')).toEqual([{ swiss: ['Velo', 'Velos'], standard: ['Fahrrad'] }]);
    expect(() => parseRegionalVocabulary('swiss,german\nA,B\n')).toThrow(/"ch"/);
  });

  it('ships one-word names whose German-German side the CPV labels use, so that every row reaches the labels', () => {
    const labelWords = new Set(loadCpvCatalog().entries.flatMap((entry) => splitWords(foldDiacritics(entry.labels.de.toLowerCase()))));
    const entries = loadRegionalVocabulary();
    expect(entries.length).toBeGreaterThan(40);
    for (const entry of entries) {
      for (const name of [...entry.swiss, ...entry.standard]) expect(splitWords(name)).toHaveLength(1);
      // Each standard spelling is a label word or part of one ("Rettungsfahrzeug" in "Rettungsfahrzeuge", "Radweg" in "Fahrradweg").
      for (const name of entry.standard) {
        const word = foldDiacritics(name.toLowerCase());
        expect(
          [...labelWords].some((label) => label.includes(word)),
          name,
        ).toBe(true);
      }
    }
  });
});
