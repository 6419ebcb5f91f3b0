import { extractBkpCodes } from './bkp-codes.ts';
import type { CpvMatch } from './cpv-label-index.ts';
import { findPlaceMentions, placeWordIndices, readPlaceConstraint, splitWords, type PlaceConstraint } from './place-constraints.ts';
import type { ScoringResources } from './scoring-resources.ts';
import type { TermTable } from './term-table.ts';
import { foldDiacritics, LANGUAGES, type Language } from './text-analysis.ts';

export interface AlertConcept {
  surface: string;
  weight: number;
}

export interface AlertProfile {
  language: Language;
  concepts: AlertConcept[];
  totalWeight: number;
  /** Term id → flat pairs [concept index, key weight, …]: every way a project word can stand for a concept. */
  termKeys: Map<number, number[]>;
  cpv: CpvMatch[];
  cpvConfidence: number;
  place: PlaceConstraint | null;
  bkp: string[];
}

const TRANSLATION_SHARE = 1;
const COGNATE_SHARE = 0.5;
const RELATED_STEM_SHARE = 0.7;
const MIN_COGNATE_LENGTH = 4;
const WHOLE_COMPOUND_SHARE = 0.35;
const MODIFIER_CONCEPT_SHARE = 0.6;
const OWN_LANGUAGE_VOTE = 2;
const MAX_ALERT_CODES = 10;
const RELATIVE_CODE_SIMILARITY = 0.6;
const CONFIDENT_SIMILARITY = 0.4;

/** Words that open what the purchase is for ("… pour bâtiments publics"): the thing bought comes before them. */
const PURPOSE_WORDS = new Set(['pour', 'destine', 'destines', 'destinee', 'destinees', 'per', 'destinati', 'destinate', 'for', 'fur', 'zugunsten']);
const PURPOSE_CLAUSE_SHARE = 0.5;

function purposeClauseStart(words: readonly string[]): number {
  const at = words.findIndex((word, index) => index > 0 && PURPOSE_WORDS.has(foldDiacritics(word.toLowerCase())));
  return at < 0 ? words.length : at;
}

export function prepareAlertProfile(prompt: string, language: Language, resources: ScoringResources, terms: TermTable): AlertProfile {
  const words = splitWords(prompt);
  const mentions = findPlaceMentions(words);
  const placeIndices = placeWordIndices(words, mentions);
  const kept = words.filter((_, index) => !placeIndices.has(index));
  const purposeAt = purposeClauseStart(kept);
  const head = resources.analyzer.analyze(kept.slice(0, purposeAt), language);
  const purpose = resources.analyzer.analyze(kept.slice(purposeAt), language);

  const concepts: AlertConcept[] = [];
  const conceptStems: Array<{ stem: string; share: number }> = [];
  const seen = new Set<string>();
  const addConcept = (surface: string, stem: string, share: number) => {
    if (seen.has(stem)) return;
    seen.add(stem);
    concepts.push({ surface, weight: share * resources.idf(language, stem) });
    conceptStems.push({ stem, share });
  };
  for (const [words, clauseShare] of [[head, 1], [purpose, PURPOSE_CLAUSE_SHARE]] as const) {
    for (const word of words) {
      if (word.parts.length === 0) {
        addConcept(word.surface, word.stem, clauseShare);
        continue;
      }
      addConcept(word.surface, word.stem, clauseShare * WHOLE_COMPOUND_SHARE);
      word.parts.forEach((part, index) =>
        addConcept(word.surface, part, clauseShare * (index === word.parts.length - 1 ? 1 : MODIFIER_CONCEPT_SHARE)),
      );
    }
  }


  const termKeys = new Map<number, number[]>();
  const queries = new Map<Language, Map<string, number>>(LANGUAGES.map((lang) => [lang, new Map()]));
  const addKey = (conceptIndex: number, lang: Language, stem: string, weight: number) => {
    const id = terms.id(lang, stem);
    const pairs = termKeys.get(id) ?? [];
    const at = pairs.findIndex((value, i) => i % 2 === 0 && value === conceptIndex);
    if (at < 0) pairs.push(conceptIndex, weight);
    else pairs[at + 1] = Math.max(pairs[at + 1] ?? 0, weight);
    termKeys.set(id, pairs);
    const query = queries.get(lang);
    const conceptWeight = concepts[conceptIndex]?.weight ?? 0;
    if (query) query.set(stem, Math.max(query.get(stem) ?? 0, weight * conceptWeight));
  };
  conceptStems.forEach(({ stem }, index) => {
    const variants: Array<[string, number]> = [[stem, 1], ...resources.relatedStems(language, stem).map((related): [string, number] => [related, RELATED_STEM_SHARE])];
    for (const [variant, share] of variants) {
      addKey(index, language, variant, share);
      for (const other of LANGUAGES) {
        if (other !== language && variant.length >= MIN_COGNATE_LENGTH) addKey(index, other, variant, share * COGNATE_SHARE);
      }
      for (const translation of resources.lexicon.translate(language, variant)) {
        addKey(index, translation.language, translation.stem, share * TRANSLATION_SHARE * translation.weight);
      }
    }
  });

  const { cpv, confidence } = mapToCpv(queries, language, resources);
  return {
    language,
    concepts,
    totalWeight: concepts.reduce((sum, concept) => sum + concept.weight, 0),
    termKeys,
    cpv,
    cpvConfidence: confidence,
    place: readPlaceConstraint(words, mentions),
    bkp: extractBkpCodes(prompt),
  };
}

/** The prompt's CPV codes by label similarity, voting across the four label languages. */
function mapToCpv(queries: ReadonlyMap<Language, Map<string, number>>, language: Language, resources: ScoringResources): { cpv: CpvMatch[]; confidence: number } {
  const votes = new Map<string, number>();
  let totalVote = 0;
  for (const [lang, query] of queries) {
    const vote = lang === language ? OWN_LANGUAGE_VOTE : 1;
    totalVote += vote;
    for (const [code, similarity] of resources.labelIndex.match(query, lang)) votes.set(code, (votes.get(code) ?? 0) + vote * similarity);
  }
  const ranked = [...votes]
    .map(([code, vote]) => ({ code, similarity: vote / totalVote }))
    .sort((a, b) => b.similarity - a.similarity || a.code.localeCompare(b.code));
  const top = ranked[0]?.similarity ?? 0;
  return {
    cpv: ranked.filter((match) => match.similarity >= top * RELATIVE_CODE_SIMILARITY).slice(0, MAX_ALERT_CODES),
    confidence: Math.min(1, top / CONFIDENT_SIMILARITY),
  };
}
