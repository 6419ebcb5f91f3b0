import { LANGUAGES, type Language } from '../../domain/languages.ts';

export interface Translation {
  language: Language;
  stem: string;
  /** 0..1: how reliably the source stem goes with this one across the aligned labels. */
  weight: number;
}

export interface TranslationLexicon {
  translate(language: Language, stem: string): readonly Translation[];
}

/** Stems of one aligned text (a CPV code's label) in each language. */
export type AlignedStems = Readonly<Record<Language, ReadonlySet<string>>>;

const MIN_COOCCURRENCE = 2;
const MIN_DICE = 0.2;
const RELATIVE_TO_BEST = 0.5;
const MAX_PER_LANGUAGE = 3;

/** `language:stem` → its translations: plain data, so that it can be cached. */
export type TranslationTable = ReadonlyMap<string, readonly Translation[]>;

export function translationLexiconOf(table: TranslationTable): TranslationLexicon {
  return { translate: (language, stem) => table.get(`${language}:${stem}`) ?? [] };
}

export function induceTranslationTable(aligned: readonly AlignedStems[]): TranslationTable {
  const frequency = new Map<string, number>();
  const cooccurrence = new Map<string, Map<string, number>>();
  const key = (language: Language, stem: string) => `${language}:${stem}`;
  for (const texts of aligned) {
    for (const source of LANGUAGES) {
      for (const stem of texts[source]) {
        const sourceKey = key(source, stem);
        frequency.set(sourceKey, (frequency.get(sourceKey) ?? 0) + 1);
        let row = cooccurrence.get(sourceKey);
        if (!row) cooccurrence.set(sourceKey, (row = new Map()));
        for (const target of LANGUAGES) {
          if (target === source) continue;
          for (const other of texts[target]) {
            const targetKey = key(target, other);
            row.set(targetKey, (row.get(targetKey) ?? 0) + 1);
          }
        }
      }
    }
  }
  const table = new Map<string, Translation[]>();
  for (const [sourceKey, row] of cooccurrence) {
    const sourceCount = frequency.get(sourceKey) ?? 0;
    const byLanguage = new Map<Language, Array<{ stem: string; dice: number }>>();
    for (const [targetKey, count] of row) {
      if (count < MIN_COOCCURRENCE) continue;
      const dice = (2 * count) / (sourceCount + (frequency.get(targetKey) ?? 0));
      if (dice < MIN_DICE) continue;
      const language = targetKey.slice(0, 2) as Language;
      let list = byLanguage.get(language);
      if (!list) byLanguage.set(language, (list = []));
      list.push({ stem: targetKey.slice(3), dice });
    }
    const translations: Translation[] = [];
    for (const [language, list] of byLanguage) {
      list.sort((a, b) => b.dice - a.dice || a.stem.localeCompare(b.stem));
      const best = list[0]?.dice ?? 0;
      for (const { stem, dice } of list.slice(0, MAX_PER_LANGUAGE)) {
        if (dice >= best * RELATIVE_TO_BEST) translations.push({ language, stem, weight: Math.min(1, dice / 0.4) });
      }
    }
    if (translations.length > 0) table.set(sourceKey, translations);
  }
  return table;
}
