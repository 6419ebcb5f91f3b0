import { describe, expect, it } from 'vitest';
import { loadCpvCatalog } from './cpv-catalog.ts';
import { splitWords } from './place-constraints.ts';
import { loadRegionalVocabulary, parseRegionalVocabulary, type RegionalLanguage } from './regional-vocabulary.ts';
import { foldDiacritics } from './text-analysis.ts';

describe('regional vocabulary', () => {
  it('reads several spellings per cell and refuses a file without its columns', () => {
    expect(parseRegionalVocabulary('ch,de\nVelo;Velos,Fahrrad\n')).toEqual([{ language: 'de', swiss: ['Velo', 'Velos'], standard: ['Fahrrad'] }]);
    expect(parseRegionalVocabulary('ch,it\nrunco;runchi,dissodamento\n')).toEqual([{ language: 'it', swiss: ['runco', 'runchi'], standard: ['dissodamento'] }]);
    expect(() => parseRegionalVocabulary('swiss,de\nA,B\n')).toThrow(/"ch"/);
    expect(() => parseRegionalVocabulary('ch,german\nA,B\n')).toThrow(/"de", "fr", "it"/);
  });

  it('ships one-word names whose German-German, French or Italian side the CPV labels use, so that every row reaches the labels', () => {
    const catalog = loadCpvCatalog();
    const labelWords = (language: RegionalLanguage) =>
      new Set(catalog.entries.flatMap((entry) => splitWords(foldDiacritics(entry.labels[language].toLowerCase()))));
    const entries = loadRegionalVocabulary();
    expect(entries.filter((entry) => entry.language === 'de').length).toBeGreaterThan(40);
    expect(new Set(entries.map((entry) => entry.language))).toEqual(new Set(['de', 'fr', 'it']));
    const words = { de: labelWords('de'), fr: labelWords('fr'), it: labelWords('it') };
    for (const entry of entries) {
      for (const name of [...entry.swiss, ...entry.standard]) expect(splitWords(name)).toHaveLength(1);
      // Each standard spelling is a label word or part of one ("Rettungsfahrzeug" in "Rettungsfahrzeuge", "Radweg" in "Fahrradweg").
      for (const name of entry.standard) {
        const word = foldDiacritics(name.toLowerCase());
        expect(
          [...words[entry.language]].some((label) => label.includes(word)),
          name,
        ).toBe(true);
      }
    }
  });
});
