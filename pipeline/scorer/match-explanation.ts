import type { Language } from '../../domain/languages.ts';

const WORDING: Record<Language, { canton: string; outside: string; excluded: string; nothing: string; likeLiked: string; likeBest: string }> = {
  fr: {
    canton: 'canton',
    outside: 'hors canton',
    excluded: 'canton exclu',
    nothing: 'aucune correspondance',
    likeLiked: 'proche des projets jugés pertinents',
    likeBest: 'proche de la meilleure correspondance',
  },
  de: {
    canton: 'Kanton',
    outside: 'ausserhalb Kanton',
    excluded: 'ausgeschlossener Kanton',
    nothing: 'keine Übereinstimmung',
    likeLiked: 'ähnlich wie als passend markierte Projekte',
    likeBest: 'ähnlich wie der beste Treffer',
  },
  it: {
    canton: 'cantone',
    outside: 'fuori cantone',
    excluded: 'cantone escluso',
    nothing: 'nessuna corrispondenza',
    likeLiked: 'simile ai progetti segnati come pertinenti',
    likeBest: 'simile alla corrispondenza migliore',
  },
  en: {
    canton: 'canton',
    outside: 'outside canton',
    excluded: 'excluded canton',
    nothing: 'no match',
    likeLiked: 'like projects marked relevant',
    likeBest: 'like the best match',
  },
};

export interface ExplanationParts {
  cpv: { code: string; label: string } | null;
  words: readonly string[];
  place: { canton: string; relation: 'inside' | 'outside' | 'excluded' } | null;
}

/** One line in the alert's language: "CPV 79530000 Services de traduction · traduction, notice · canton VD". */
export function explainMatch(parts: ExplanationParts, language: Language): string {
  const wording = WORDING[language];
  const pieces: string[] = [];
  if (parts.cpv) pieces.push(`CPV ${parts.cpv.code} ${parts.cpv.label}`);
  if (parts.words.length > 0) pieces.push(parts.words.join(', '));
  if (parts.place) pieces.push(`${parts.place.relation === 'inside' ? wording.canton : wording[parts.place.relation]} ${parts.place.canton}`);
  return pieces.length > 0 ? pieces.join(' · ') : wording.nothing;
}

/**
 * The explanation of a pair that resembling liked projects lifted, in the alert's language: "… · ähnlich wie der
 * beste Treffer" (the alert's best match, pseudo-feedback) or "… · like projects marked relevant" (the subscriber's 👍).
 */
export function withLikeness(explanation: string, language: Language, source: 'liked' | 'best'): string {
  const wording = WORDING[language];
  const phrase = source === 'best' ? wording.likeBest : wording.likeLiked;
  return explanation === wording.nothing ? phrase : `${explanation} · ${phrase}`;
}
