import { deu, eng, fra, ita } from 'stopword';
import { splitWords } from './place-constraints.ts';
import type { ScoringResources } from './scoring-resources.ts';
import { LANGUAGES, languageTools, type Language } from './text-analysis.ts';

const FUNCTION_WORDS: Record<Language, ReadonlySet<string>> = {
  de: new Set(deu),
  fr: new Set(fra),
  it: new Set(ita),
  en: new Set(eng),
};
const FUNCTION_WORD_VOTE = 1;
const VOCABULARY_VOTE = 0.5;
const DECLARED_BONUS = 0.75;

/**
 * The language a prompt is written in. An alert carries the language of the interface it was written
 * from, but a German-speaking user may well type "travaux de couverture": stemming that with the German
 * stemmer would miss every word. Function words and the CPV vocabulary of each language vote; the
 * declared language wins ties.
 */
export function detectPromptLanguage(prompt: string, declared: Language, resources: Pick<ScoringResources, 'knows'>): Language {
  const words = splitWords(prompt).map((word) => word.toLowerCase());
  let best = declared;
  let bestVotes = -Infinity;
  for (const language of LANGUAGES) {
    const { stem } = languageTools(language);
    let votes = language === declared ? DECLARED_BONUS : 0;
    for (const word of words) {
      if (FUNCTION_WORDS[language].has(word)) votes += FUNCTION_WORD_VOTE;
      else if (word.length > 3 && resources.knows(language, stem(word))) votes += VOCABULARY_VOTE;
    }
    if (votes > bestVotes) {
      best = language;
      bestVotes = votes;
    }
  }
  return best;
}
