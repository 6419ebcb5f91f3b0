import type { Language } from './text-analysis.ts';

const WORDING: Record<Language, { canton: string; outside: string; nothing: string }> = {
  fr: { canton: 'canton', outside: 'hors canton', nothing: 'aucune correspondance' },
  de: { canton: 'Kanton', outside: 'ausserhalb Kanton', nothing: 'keine Übereinstimmung' },
  it: { canton: 'cantone', outside: 'fuori cantone', nothing: 'nessuna corrispondenza' },
  en: { canton: 'canton', outside: 'outside canton', nothing: 'no match' },
};

export interface ExplanationParts {
  cpv: { code: string; label: string } | null;
  words: readonly string[];
  place: { canton: string; inside: boolean } | null;
}

/** One line in the alert's language: "CPV 79530000 Services de traduction · traduction, notice · canton VD". */
export function explainMatch(parts: ExplanationParts, language: Language): string {
  const wording = WORDING[language];
  const pieces: string[] = [];
  if (parts.cpv) pieces.push(`CPV ${parts.cpv.code} ${parts.cpv.label}`);
  if (parts.words.length > 0) pieces.push(parts.words.join(', '));
  if (parts.place) pieces.push(`${parts.place.inside ? wording.canton : wording.outside} ${parts.place.canton}`);
  return pieces.length > 0 ? pieces.join(' · ') : wording.nothing;
}
