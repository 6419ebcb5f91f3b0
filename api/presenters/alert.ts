import type { AlertWithMatchCount } from '../../db/alerts.ts';
import { detectPromptLanguage, type WordKnowledge } from '../../pipeline/scorer/prompt-language.ts';

// Function words decide here; the CPV vocabulary (seconds to load) is left to the scorer.
const FUNCTION_WORDS_ONLY: WordKnowledge = { knows: () => false, isVocabulary: () => false, analyzer: { compoundHead: () => null } };

export function presentAlert(alert: AlertWithMatchCount) {
  return {
    id: alert.id,
    prompt: alert.prompt,
    isActive: alert.isActive,
    frequency: alert.frequency,
    language: alert.language,
    /** The language the prompt is written in, which may differ from the interface's (`language`). */
    promptLanguage: detectPromptLanguage(alert.prompt, alert.language, FUNCTION_WORDS_ONLY),
    matchCount: alert.matchCount,
    createdAt: alert.createdAt,
  };
}
