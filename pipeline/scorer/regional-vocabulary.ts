import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsv } from './parse-csv.ts';

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
  const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
  if (!header) return [];
  const swissAt = header.indexOf('ch');
  const standardAt = header.indexOf('de');
  if (swissAt < 0 || standardAt < 0) throw new Error('regional vocabulary needs the columns "ch" and "de"');
  const cell = (row: readonly string[], at: number) =>
    (row[at] ?? '')
      .split(';')
      .map((name) => name.trim())
      .filter(Boolean);
  return rows
    .filter((row) => row.some((value) => value.trim() !== ''))
    .map((row) => ({ swiss: cell(row, swissAt), standard: cell(row, standardAt) }))
    .filter((entry) => entry.swiss.length > 0 && entry.standard.length > 0);
}

export function loadRegionalVocabulary(path: string = DEFAULT_REGIONAL_VOCABULARY_PATH): RegionalEntry[] {
  return parseRegionalVocabulary(readFileSync(path, 'utf8'));
}
