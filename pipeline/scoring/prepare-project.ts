import { extractBkpCodes } from './bkp-codes.ts';
import type { CpvMatch } from './cpv-label-index.ts';
import { inferProjectCanton, splitWords } from './place-constraints.ts';
import { weightedStems, type ScoringResources } from './scoring-resources.ts';
import type { TermTable } from './term-table.ts';
import { LANGUAGES, type Language } from './text-analysis.ts';

export interface ProjectText {
  language: Language | null;
  title: string;
  description: string;
  cpvCodes: readonly string[];
  canton: string | null;
  location?: string | null;
  organization?: string | null;
}

export interface ProjectProfile {
  language: Language;
  canton: string | null;
  /** Sorted term ids and, at the same index, how strongly the project carries each term (0..1). */
  termIds: Int32Array;
  termWeights: Float32Array;
  /** Declared codes (weight 1) and codes its title maps to by label similarity. */
  cpv: CpvMatch[];
  bkp: string[];
}

const FIELD_WEIGHT = { title: 1, description: 0.7, cpvLabel: 0.6, organization: 0.4 } as const;
const MAX_DESCRIPTION_WORDS = 400;
const INFERRED_CODES = 3;
const MIN_INFERRED_SIMILARITY = 0.3;
const INFERRED_CODE_SHARE = 0.8;

export function prepareProjectProfile(project: ProjectText, resources: ScoringResources, terms: TermTable): ProjectProfile {
  const language = project.language ?? 'de';
  const weights = new Map<number, number>();
  const addText = (text: string, lang: Language, fieldWeight: number, maxWords = Infinity) => {
    const stems = weightedStems(resources.analyzer.analyze(splitWords(text).slice(0, maxWords), lang));
    for (const [stem, share] of stems) {
      const id = terms.id(lang, stem);
      weights.set(id, Math.max(weights.get(id) ?? 0, share * fieldWeight));
    }
    return stems;
  };
  const titleStems = addText(project.title, language, FIELD_WEIGHT.title);
  addText(project.description, language, FIELD_WEIGHT.description, MAX_DESCRIPTION_WORDS);
  if (project.organization) addText(project.organization, language, FIELD_WEIGHT.organization);
  const codes = project.cpvCodes.map((code) => code.trim().slice(0, 8)).filter((code) => /^\d{8}$/.test(code));
  for (const code of codes) {
    const labelTerms = resources.labelTerms(code);
    if (!labelTerms) continue;
    for (const lang of LANGUAGES) {
      for (const [stem, share] of labelTerms[lang]) {
        const id = terms.id(lang, stem);
        weights.set(id, Math.max(weights.get(id) ?? 0, share * FIELD_WEIGHT.cpvLabel));
      }
    }
  }

  const cpv: CpvMatch[] = codes.map((code) => ({ code, similarity: 1 }));
  const titleQuery = new Map([...titleStems].map(([stem, share]) => [stem, share * resources.idf(language, stem)]));
  const inferred = [...resources.labelIndex.match(titleQuery, language)]
    .filter(([code, similarity]) => similarity >= MIN_INFERRED_SIMILARITY && !codes.includes(code))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, INFERRED_CODES);
  for (const [code, similarity] of inferred) cpv.push({ code, similarity: similarity * INFERRED_CODE_SHARE });

  const sorted = [...weights].sort((a, b) => a[0] - b[0]);
  return {
    language,
    canton: inferProjectCanton(project.canton, project.location, project.organization),
    termIds: Int32Array.from(sorted, ([id]) => id),
    termWeights: Float32Array.from(sorted, ([, weight]) => weight),
    cpv,
    bkp: extractBkpCodes(`${project.title}\n${project.description.slice(0, 4000)}`),
  };
}
