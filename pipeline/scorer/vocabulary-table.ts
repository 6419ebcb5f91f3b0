import { parseCsv } from './parse-csv.ts';

/** A hand-written vocabulary of data/vocabulary: a header naming the columns, then one row per meaning. */
export interface VocabularyTable {
  /** Each named column's index; a missing one stops the load. */
  at: Record<string, number>;
  /** The header's other columns, by name (-1 when absent). */
  optional(name: string): number;
  /** The rows that hold anything. */
  rows: string[][];
}

export function readVocabularyTable(csv: string, kind: string, required: readonly string[]): VocabularyTable {
  const [header = [], ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
  const at = Object.fromEntries(required.map((name) => [name, header.indexOf(name)]));
  if (header.length > 0) for (const name of required) if (at[name]! < 0) throw new Error(`${kind} has no "${name}" column`);
  return { at, optional: (name) => header.indexOf(name), rows: rows.filter((row) => row.some((cell) => cell.trim() !== '')) };
}

/** A cell's spellings, separated by ";". */
export function spellings(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean);
}
