import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { readVocabularyTable, spellings } from './vocabulary-table.ts';

/** One trade or abbreviation in four languages: each cell lists its spellings, separated by ";". */
export interface TradeEntry {
  /** The group of the building cost plan (BKP/CFC/CCC) the row names, e.g. "271"; empty for an abbreviation. */
  readonly group?: string;
  readonly names: Readonly<Record<Language, readonly string[]>>;
}

/** The Swiss building cost plan's abbreviation in its three languages: "BKP 282.5", "CFC 230", "CCC 211". */
export const COST_PLAN_ABBREVIATIONS = ['BKP', 'CFC', 'CCC'] as const;

export const DEFAULT_TRADE_VOCABULARY_PATH = fileURLToPath(new URL('../../data/vocabulary/swiss-trades.csv', import.meta.url));

export function parseTradeVocabulary(csv: string): TradeEntry[] {
  const table = readVocabularyTable(csv, 'trade vocabulary', LANGUAGES);
  const groupAt = table.optional('group');
  return table.rows.map((row) => ({
    ...(groupAt >= 0 && /^\d+$/.test(row[groupAt]?.trim() ?? '') ? { group: row[groupAt]!.trim() } : {}),
    names: Object.fromEntries(LANGUAGES.map((language) => [language, spellings(row[table.at[language]!])])) as Record<Language, string[]>,
  }));
}

export function loadTradeVocabulary(path: string = DEFAULT_TRADE_VOCABULARY_PATH): TradeEntry[] {
  return parseTradeVocabulary(readFileSync(path, 'utf8'));
}
