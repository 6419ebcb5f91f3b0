import type { CompoundSplitter } from './compound-splitter.ts';
import type { Language } from '../../domain/languages.ts';
import { foldDiacritics, languageTools } from './text-analysis.ts';

export interface AnalyzedWord {
  /** The word as written, lower-cased. */
  surface: string;
  stem: string;
  /** Stems of the parts of a German compound, empty for other words. */
  parts: string[];
}

export interface WordAnalyzer {
  /**
   * `amongLowerCase`: the words stand in a text that is not all capitals, so that an abbreviation in capitals ("IT") is
   * told from a function word ("it"); by default, whether any of `words` has a small letter.
   */
  analyze(words: readonly string[], language: Language, amongLowerCase?: boolean): AnalyzedWord[];
  /** The last part of a German compound as written (folded), or null when it does not split. */
  compoundHead(word: string): string | null;
}

const MIN_STEM = 2;

/**
 * `loanwords`: words of the English and French CPV labels (lower-cased, diacritics folded). German writes them whole
 * ("Support", "Catering"), and they are no German compounds ("Supp|ort", "Cat|ring").
 */
export function createWordAnalyzer(germanSplitter: CompoundSplitter, loanwords: ReadonlySet<string> = new Set()): WordAnalyzer {
  const partsCache = new Map<string, string[]>();
  const germanParts = (word: string): string[] => {
    let parts = partsCache.get(word);
    if (!parts && loanwords.has(foldDiacritics(word))) partsCache.set(word, (parts = []));
    if (!parts) {
      const stem = languageTools('de').stem;
      parts = germanSplitter
        .split(word)
        .map((part) => stem(part))
        .filter((part) => part.length >= MIN_STEM);
      partsCache.set(word, parts);
    }
    return parts;
  };
  return {
    compoundHead(word) {
      const parts = germanSplitter.split(word);
      return parts.length > 1 ? parts[parts.length - 1]! : null;
    },
    analyze(words, language, amongLowerCase) {
      const tools = languageTools(language);
      const analyzed: AnalyzedWord[] = [];
      // An abbreviation in capitals among words that are not ("IT services", "IT-Support") is no function word ("it"); a
      // longer word in capitals there is emphasis ("UND", "NUR", "AUCH"), still a function word.
      const mixedCase = amongLowerCase ?? words.some((word) => /\p{Ll}/u.test(word));
      for (const raw of words) {
        const surface = raw.toLowerCase();
        const abbreviation = mixedCase && surface.length === 2 && raw === raw.toUpperCase() && surface !== raw;
        if (surface.length < 2 || !/\p{L}/u.test(surface) || (tools.isStopWord(surface) && !abbreviation)) continue;
        const stem = tools.stem(surface);
        if (stem.length < MIN_STEM) continue;
        analyzed.push({ surface, stem, parts: language === 'de' ? germanParts(surface) : [] });
      }
      return analyzed;
    },
  };
}
