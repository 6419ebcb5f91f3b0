import { deu, eng, fra, ita } from 'stopword';
import { splitWords } from './place-constraints.ts';
import type { ScoringResources } from './scoring-resources.ts';
import type { WordAnalyzer } from './word-analyzer.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { languageTools } from './text-analysis.ts';

const FUNCTION_WORDS: Record<Language, ReadonlySet<string>> = {
  de: new Set(deu),
  fr: new Set(fra),
  it: new Set(ita),
  en: new Set(eng),
};
const FUNCTION_WORD_VOTE = 1;
const VOCABULARY_VOTE = 0.5;
/** Less than one word's vote: the declared language breaks ties, it does not outvote a word of another language. */
const DECLARED_BONUS = 0.25;

/** What the scorer's resources know of words (ScoringResources has it all); without them, function words alone decide. */
export type WordKnowledge = Pick<ScoringResources, 'knows' | 'isVocabulary'> & { analyzer: Pick<WordAnalyzer, 'compoundHead'> };

/**
 * A word of the CPV labels or of the trade and Swiss vocabularies ("Velo"), or a German compound of known parts
 * ("Turmuhren": "turm" + "uhr"), which no list names whole.
 */
function knowsWord(language: Language, word: string, stem: string, resources: WordKnowledge): boolean {
  return resources.knows(language, stem) || resources.isVocabulary(language, stem) || (language === 'de' && resources.analyzer.compoundHead(word) !== null);
}

/**
 * The language a prompt is written in. An alert carries the language of the interface it was written
 * from, but a German-speaking user may well type "travaux de couverture": stemming that with the German
 * stemmer would miss every word. Function words and the words each language knows vote; the
 * declared language breaks ties.
 */
export function detectPromptLanguage(prompt: string, declared: Language, resources: WordKnowledge): Language {
  const words = splitWords(prompt).map((word) => word.toLowerCase());
  let best = declared;
  let bestVotes = -Infinity;
  for (const language of LANGUAGES) {
    const { stem } = languageTools(language);
    let votes = language === declared ? DECLARED_BONUS : 0;
    for (const word of words) {
      if (FUNCTION_WORDS[language].has(word)) votes += FUNCTION_WORD_VOTE;
      // A short word votes only as a trade or Swiss word ("ARA", "KVA", "CVC"): short label words say little of a language.
      else if (word.length > 3 ? knowsWord(language, word, stem(word), resources) : resources.isVocabulary(language, stem(word))) votes += VOCABULARY_VOTE;
    }
    if (votes > bestVotes) {
      best = language;
      bestVotes = votes;
    }
  }
  return best;
}
