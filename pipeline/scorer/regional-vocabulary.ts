import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readVocabularyTable, spellings } from './vocabulary-table.ts';

/**
 * Swiss German words and the German of Germany that the CPV labels are written in ("Spital" and "Krankenhaus"):
 * each row is one meaning, its spellings separated by ";". Only one-word names, so that no common word of a
 * longer name stands for the row.
 */
export interface RegionalEntry {
  readonly swiss: readonly string[];
  readonly standard: readonly string[];
}

const DEFAULT_REGIONAL_VOCABULARY_PATH = fileURLToPath(new URL('../../data/vocabulary/swiss-german.csv', import.meta.url));

export function parseRegionalVocabulary(csv: string): RegionalEntry[] {
  const table = readVocabularyTable(csv, 'regional vocabulary', ['ch', 'de']);
  return table.rows
    .map((row) => ({ swiss: spellings(row[table.at.ch!]), standard: spellings(row[table.at.de!]) }))
    .filter((entry) => entry.swiss.length > 0 && entry.standard.length > 0);
}

export function loadRegionalVocabulary(path: string = DEFAULT_REGIONAL_VOCABULARY_PATH): RegionalEntry[] {
  return parseRegionalVocabulary(readFileSync(path, 'utf8'));
}
