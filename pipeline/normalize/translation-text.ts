import type { Translation } from '../simap/simap-schemas.ts';
import type { Language } from '../../domain/languages.ts';

/** A text missing in the wanted language is taken from the first of these that has it: most notices are German. */
const FALLBACK_ORDER: readonly Language[] = ['de', 'fr', 'it', 'en'];

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The text in `language`, else in the first language that has one. */
export function pickText(translation: Translation | null | undefined, language: Language): string | null {
  if (!translation) return null;
  return clean(translation[language]) ?? FALLBACK_ORDER.map((l) => clean(translation[l])).find((t) => t !== null) ?? null;
}

export function textIn(translation: Translation | null | undefined, language: Language): string | null {
  return clean(translation?.[language]);
}
