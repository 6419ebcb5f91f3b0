import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsv } from './parse-csv.ts';
import { LANGUAGES, type Language } from './text-analysis.ts';

/** One trade or abbreviation in four languages: each cell lists its spellings, separated by ";". */
export interface TradeEntry {
  /** The group of the building cost plan (BKP/CFC/CCC) the row names, e.g. "271"; empty for an abbreviation. */
  readonly group?: string;
  readonly names: Readonly<Record<Language, readonly string[]>>;
}

export const DEFAULT_TRADE_VOCABULARY_PATH = fileURLToPath(new URL('../../data/vocabulary/swiss-trades.csv', import.meta.url));

export function parseTradeVocabulary(csv: string): TradeEntry[] {
  const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
  if (!header) return [];
  const at = Object.fromEntries(LANGUAGES.map((language) => [language, header.indexOf(language)])) as Record<Language, number>;
  for (const language of LANGUAGES) if (at[language] < 0) throw new Error(`trade vocabulary has no "${language}" column`);
  const groupAt = header.indexOf('group');
  return rows
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .map((row) => ({
      ...(groupAt >= 0 && /^\d+$/.test(row[groupAt]?.trim() ?? '') ? { group: row[groupAt]!.trim() } : {}),
      names: Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          (row[at[language]] ?? '')
            .split(';')
            .map((name) => name.trim())
            .filter(Boolean),
        ]),
      ) as Record<Language, string[]>,
    }));
}

export function loadTradeVocabulary(path: string = DEFAULT_TRADE_VOCABULARY_PATH): TradeEntry[] {
  return parseTradeVocabulary(readFileSync(path, 'utf8'));
}
