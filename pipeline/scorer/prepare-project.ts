import { inferProjectCanton, splitWords } from './place-constraints.ts';
import { SCORING_PARAMETERS, type ScoringParameters } from './scoring-parameters.ts';
import type { ScoringResources } from './scoring-resources.ts';
import type { TermTable } from './term-table.ts';
import { completeTruncatedCompounds } from './truncated-compounds.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { COST_PLAN_ABBREVIATIONS } from './trade-vocabulary.ts';

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
  /** Sorted term ids and, at the same index, the term's field-weighted frequency (BM25F). */
  termIds: Int32Array;
  termFrequencies: Float32Array;
  /** Field-weighted length of the title and description, for BM25 length normalisation. */
  length: number;
  /** Declared CPV codes, 8 digits. */
  codes: string[];
}

/** "BKP 282.5", "CFC 230", "CCC 211": the groups of the Swiss building cost plan in its three languages. */
const COST_PLAN_NUMBER = new RegExp(`\\b(?:${COST_PLAN_ABBREVIATIONS.join('|')})\\s*(\\d{1,3})(?:[.\\d]*)`, 'giu');

/**
 * A notice as bags of analysed terms per field (title, description, the labels of its CPV codes in all
 * four languages), merged with the BM25F field weights. Independent of the corpus: the statistics that
 * turn frequencies into weights come with the alert.
 */
export function prepareProjectProfile(
  project: ProjectText,
  resources: ScoringResources,
  terms: TermTable,
  parameters: ScoringParameters = SCORING_PARAMETERS,
): ProjectProfile {
  const language = project.language ?? 'de';
  const frequencies = new Map<number, number>();
  const add = (id: number, amount: number) => frequencies.set(id, (frequencies.get(id) ?? 0) + amount);
  let length = 0;
  const addText = (raw: string, weight: number, maxWords = Infinity) => {
    // As for alerts: "Dach- und Spenglerarbeiten" names two compounds (a quick check first: most texts have no cut word).
    const text = language === 'de' && /\p{L}-[\s,]/u.test(raw) ? completeTruncatedCompounds(raw, (word) => resources.analyzer.compoundHead(word)) : raw;
    const words = resources.analyzer.analyze(splitWords(text).slice(0, maxWords), language);
    for (const word of words) {
      length += weight;
      add(terms.id(language, word.stem), weight);
      for (const part of word.parts) if (part !== word.stem) add(terms.id(language, part), weight);
    }
  };
  addText(project.title, parameters.field.title);
  addText(project.description, parameters.field.description, parameters.maxDescriptionWords);
  const codes = [...new Set(project.cpvCodes.map((code) => code.trim().slice(0, 8)).filter((code) => /^\d{8}$/.test(code)))];
  const labelTerms = new Set<number>();
  for (const code of codes) {
    const labels = resources.labelTerms(code);
    if (!labels) continue;
    for (const lang of LANGUAGES) for (const stem of labels[lang].keys()) labelTerms.add(terms.labelId(lang, stem));
  }
  // A building-cost-plan number ("BKP 271 …", "CFC 230") names its group as a CPV code names its label, in the title
  // or in the description ("Umbau, Los 3: BKP 272 Metallbauarbeiten": the lot of a notice whose title names the building).
  for (const match of [...project.title.matchAll(COST_PLAN_NUMBER), ...project.description.matchAll(COST_PLAN_NUMBER)]) {
    const group = resources.costPlanGroupTerms(match[1]!);
    if (!group) continue;
    for (const lang of LANGUAGES) for (const stem of group[lang].keys()) labelTerms.add(terms.labelId(lang, stem));
  }
  for (const id of labelTerms) add(id, parameters.field.cpvLabel);
  const sorted = [...frequencies].sort((a, b) => a[0] - b[0]);
  return {
    language,
    canton: inferProjectCanton(project.canton, project.location, project.organization),
    termIds: Int32Array.from(sorted, ([id]) => id),
    termFrequencies: Float32Array.from(sorted, ([, frequency]) => frequency),
    length,
    codes,
  };
}
