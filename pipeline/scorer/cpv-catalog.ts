import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsv } from './parse-csv.ts';
import type { Language } from '../../domain/languages.ts';

/** German first: a label missing in the wanted language falls back in this order. */
const CPV_LANGUAGES: readonly Language[] = ['de', 'fr', 'it', 'en'];

export interface CpvEntry {
  code: string;
  parent: string | null;
  level: number;
  labels: Readonly<Record<Language, string>>;
}

export interface CpvCatalog {
  readonly entries: readonly CpvEntry[];
  get(code: string): CpvEntry | undefined;
  /** Label in the language, falling back to another language when that one is missing; undefined for unknown codes. */
  label(code: string, language: Language): string | undefined;
}

export const DEFAULT_CPV_PATH = fileURLToPath(new URL('../../data/cpv/cpv2008_de_fr_it_en.csv', import.meta.url));

const cache = new Map<string, CpvCatalog>();

export function loadCpvCatalog(path: string = DEFAULT_CPV_PATH): CpvCatalog {
  const cached = cache.get(path);
  if (cached) return cached;
  const catalog = parseCpvCatalog(readFileSync(path, 'utf8'));
  cache.set(path, catalog);
  return catalog;
}

export function parseCpvCatalog(csv: string): CpvCatalog {
  const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
  if (!header) throw new Error('CPV catalog is empty');
  const column = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`CPV catalog has no "${name}" column`);
    return index;
  };
  const [codeAt, parentAt, levelAt] = [column('code'), column('parent'), column('level')];
  const labelAt = Object.fromEntries(CPV_LANGUAGES.map((lang) => [lang, column(lang)])) as Record<Language, number>;
  const entries: CpvEntry[] = [];
  for (const row of rows) {
    const code = row[codeAt]?.trim();
    if (!code) continue;
    const labels = Object.fromEntries(CPV_LANGUAGES.map((lang) => [lang, row[labelAt[lang]]?.trim() ?? ''])) as Record<Language, string>;
    entries.push({ code, parent: row[parentAt]?.trim() || null, level: Number(row[levelAt]), labels });
  }
  const byCode = new Map(entries.map((entry) => [entry.code, entry]));
  return {
    entries,
    get: (code) => byCode.get(code),
    label(code, language) {
      const entry = byCode.get(code);
      if (!entry) return undefined;
      return entry.labels[language] || CPV_LANGUAGES.map((lang) => entry.labels[lang]).find(Boolean);
    },
  };
}
