import { readFileSync } from 'node:fs';
import type { Language } from '../../domain/languages.ts';
import { fileURLToPath } from 'node:url';
import { readVocabularyTable, spellings } from './vocabulary-table.ts';

/**
 * Swiss words and the words of Germany, France or Italy that the CPV labels are written in ("Spital" and
 * "Krankenhaus", "buanderie" and "blanchisserie", "posteggio" and "parcheggio"): each row is one meaning, its
 * spellings separated by ";". Only one-word names, so that no common word of a longer name stands for the row.
 */
export interface RegionalEntry {
  /** The language of both sides. */
  readonly language: RegionalLanguage;
  readonly swiss: readonly string[];
  readonly standard: readonly string[];
}

/** One file per language, with the columns `ch` and the language's code: swiss-german.csv has `ch,de`. */
const REGIONAL_LANGUAGES = ['de', 'fr', 'it'] as const satisfies readonly Language[];
export type RegionalLanguage = (typeof REGIONAL_LANGUAGES)[number];
const DEFAULT_REGIONAL_VOCABULARY_PATHS = (['german', 'french', 'italian'] as const).map((name) =>
  fileURLToPath(new URL(`../../data/vocabulary/swiss-${name}.csv`, import.meta.url)),
);

export function parseRegionalVocabulary(csv: string): RegionalEntry[] {
  const table = readVocabularyTable(csv, 'regional vocabulary', ['ch']);
  const language = REGIONAL_LANGUAGES.find((candidate) => table.optional(candidate) >= 0);
  if (language === undefined) throw new Error(`regional vocabulary has none of the columns "${REGIONAL_LANGUAGES.join('", "')}"`);
  const standard = table.optional(language);
  return table.rows
    .map((row) => ({ language, swiss: spellings(row[table.at.ch!]), standard: spellings(row[standard]) }))
    .filter((entry) => entry.swiss.length > 0 && entry.standard.length > 0);
}

export function loadRegionalVocabulary(paths: readonly string[] = DEFAULT_REGIONAL_VOCABULARY_PATHS): RegionalEntry[] {
  return paths.flatMap((path) => parseRegionalVocabulary(readFileSync(path, 'utf8')));
}
