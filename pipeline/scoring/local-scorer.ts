import { loadCpvCatalog, type CpvCatalog } from './cpv-catalog.ts';
import { coveringBkpCode } from './bkp-codes.ts';
import { cpvRelation, DIVISION_RELATION } from './cpv-relation.ts';
import { explainMatch } from './match-explanation.ts';
import { prepareAlertProfile, type AlertProfile } from './prepare-alert.ts';
import { detectPromptLanguage } from './prompt-language.ts';
import { prepareProjectProfile, type ProjectProfile } from './prepare-project.ts';
import { getScoringResources } from './scoring-resources.ts';
import { createCorpusStatistics, weighByCorpus } from './corpus-statistics.ts';
import { createTermTable } from './term-table.ts';
import type { Language } from './text-analysis.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';

export type { Language } from './text-analysis.ts';

export interface ScorableProject {
  id: number | string;
  language: Language | null;
  title: string;
  description: string;
  cpvCodes: string[];
  canton: string | null;
  location?: string | null;
  organization?: string | null;
}

export interface ScoreResult {
  /** Integer 0..100. */
  score: number;
  explanation: string;
}

export interface PreparedAlert extends AlertProfile {
  readonly kind: 'alert';
  readonly prompt: string;
  /** The terms a candidate must share with the alert to possibly reach the storage floor. */
  readonly indexTerms: ReadonlySet<number>;
}

export interface PreparedProject extends ProjectProfile {
  readonly kind: 'project';
  readonly id: number | string;
}

export interface LocalScorer {
  prepareAlert(prompt: string, language: Language): PreparedAlert;
  prepareProject(project: ScorableProject): PreparedProject;
  score(alert: PreparedAlert, project: PreparedProject): ScoreResult;
  /** The same score as `score`, without building the explanation: for deciding what to keep. */
  quickScore(alert: PreparedAlert, project: PreparedProject): number;
  /** `score`, or null below `floor` without the cost of an explanation. */
  scoreAtLeast(alert: PreparedAlert, project: PreparedProject, floor: number): ScoreResult | null;
}

/** Weights of the two signals and the place factors; see docs/architecture.md "The pipeline", step 4. */
export const SCORING_WEIGHTS = {
  lexical: 1,
  lexicalGain: 1.4,
  conceptStrength: 0.55,
  maxConceptWeight: 6,
  cpv: 0.6,
  /** A building cost code of the alert (BKP 23) that covers one of the project's (BKP 230): as good as the right CPV group. */
  bkp: 0.8,
  outsidePlace: 0.25,
  outsideExclusivePlace: 0.1,
  unknownPlace: 0.75,
  explainedWord: 0.3,
  explainedCpv: 0.3,
  maxExplainedWords: 4,
} as const;

export function createLocalScorer(catalog: CpvCatalog = loadCpvCatalog()): LocalScorer {
  const resources = getScoringResources(catalog);
  const explain = (alert: PreparedAlert, match: MatchSignals): ScoreResult => ({
    score: match.score,
    explanation: explainMatch(
      {
        cpv: match.cpvShare >= SCORING_WEIGHTS.explainedCpv && match.cpvCode
          ? { code: match.cpvCode, label: catalog.label(match.cpvCode, alert.language) ?? '' }
          : null,
        words: match.words,
        place: match.place,
      },
      alert.language,
    ),
  });
  const terms = createTermTable();
  const corpus = createCorpusStatistics();
  return {
    prepareAlert(prompt, language) {
      const written = detectPromptLanguage(prompt, language, resources);
      // Analysed in the language it is written in; explained in the alert's own language.
      const profile = { ...weighByCorpus(prepareAlertProfile(prompt, written, resources, terms), corpus), language };
      return { kind: 'alert', prompt, ...profile, indexTerms: essentialTerms(profile, SCORE_FLOOR) };
    },
    prepareProject(project) {
      const prepared: PreparedProject = { kind: 'project', id: project.id, ...prepareProjectProfile(project, resources, terms) };
      corpus.observe(prepared.id, prepared.termIds);
      return prepared;
    },
    quickScore,
    score: (alert, project) => explain(alert, matchSignals(alert, project)),
    scoreAtLeast(alert, project, floor) {
      const evidence = weighEvidence(alert, project);
      return evidence.score < floor ? null : explain(alert, matchSignals(alert, project, evidence));
    },
  };
}

export interface MatchSignals {
  score: number;
  lexical: number;
  coverage: number;
  placeFactor: number;
  cpvShare: number;
  cpvCode: string | null;
  words: string[];
  place: { canton: string; inside: boolean } | null;
}

/** Either signal alone can carry a match; both together reinforce each other (noisy-or). */
function combineEvidence(lexical: number, cpv: number): number {
  return 1 - (1 - SCORING_WEIGHTS.lexical * Math.min(1, lexical)) * (1 - Math.min(1, cpv));
}

/**
 * Evidence (0..1) → score (0..100), piecewise linear and monotone. The knots put the evidence of a
 * clear match (a core concept in the title, or the right CPV group) above the notification threshold
 * and keep pairs that merely share a generic word or a CPV division below the storage floor.
 */
const CALIBRATION: ReadonlyArray<readonly [evidence: number, score: number]> = [
  [0, 0],
  [0.35, 20],
  [0.48, 70],
  [1, 100],
];

export function calibratedScore(evidence: number): number {
  const e = Math.max(0, Math.min(1, evidence));
  for (let i = 1; i < CALIBRATION.length; i++) {
    const [e1, s1] = CALIBRATION[i]!;
    const [e0, s0] = CALIBRATION[i - 1]!;
    if (e <= e1) return Math.round(s0 + ((e - e0) / (e1 - e0)) * (s1 - s0));
  }
  return 100;
}

function evidenceForScore(score: number): number {
  for (let i = 1; i < CALIBRATION.length; i++) {
    const [e1, s1] = CALIBRATION[i]!;
    const [e0, s0] = CALIBRATION[i - 1]!;
    if (score <= s1) return e0 + ((score - s0) / (s1 - s0)) * (e1 - e0);
  }
  return 1;
}

/** Rare words decide a match, common ones ("travaux", "Anlagen") barely move it. */
function conceptStrength(weight: number): number {
  return SCORING_WEIGHTS.conceptStrength * (weight / SCORING_WEIGHTS.maxConceptWeight);
}

/**
 * Terms of the alert that the candidate index can skip: even a project matching all of them fully,
 * and meeting the alert's CPV codes at division level, stays below `floor`.
 */
export function essentialTerms(alert: AlertProfile, floor: number): Set<number> {
  const keys = [...alert.termKeys].map(([term, pairs]) => {
    let reach = 0;
    for (let p = 0; p < pairs.length; p += 2) {
      const concept = alert.concepts[pairs[p] ?? 0];
      if (concept) reach = Math.max(reach, (pairs[p + 1] ?? 0) * concept.weight);
    }
    return { term, pairs, reach };
  });
  keys.sort((a, b) => a.reach - b.reach || a.term - b.term);
  const reached = new Float64Array(alert.concepts.length);
  const budget = evidenceForScore(floor);
  const divisionOnly = SCORING_WEIGHTS.cpv * DIVISION_RELATION;
  const essential = new Set(keys.map((key) => key.term));
  for (const key of keys) {
    const trial = Float64Array.from(reached);
    for (let p = 0; p < key.pairs.length; p += 2) {
      const concept = key.pairs[p] ?? 0;
      trial[concept] = Math.max(trial[concept] ?? 0, key.pairs[p + 1] ?? 0);
    }
    let missing = 1;
    let matched = 0;
    alert.concepts.forEach((concept, index) => {
      missing *= 1 - conceptStrength(concept.weight) * (trial[index] ?? 0);
      matched += concept.weight * (trial[index] ?? 0);
    });
    const coverage = alert.totalWeight > 0 ? matched / alert.totalWeight : 0;
    const lexical = Math.max(1 - missing, Math.min(1, coverage * SCORING_WEIGHTS.lexicalGain));
    if (combineEvidence(lexical, divisionOnly) >= budget) break;
    reached.set(trial);
    essential.delete(key.term);
  }
  return essential;
}

interface Evidence {
  best: Float64Array;
  bkpCode: string | null;
  lexical: number;
  coverage: number;
  cpvShare: number;
  cpvCode: string | null;
  placeFactor: number;
  score: number;
}

/** Per-alert lookup tables for the hot loop: built once, then reused for every project the alert meets. */
interface AlertLookup {
  /** Term id → index in `pairs`, or -1; dense because term ids are small consecutive integers. */
  slots: Int32Array;
  pairs: number[][];
  best: Float64Array;
  /** Project CPV code → its best relation to the alert's codes (before the project's own code weight). */
  cpvByCode: Map<string, number>;
}

const lookups = new WeakMap<AlertProfile, AlertLookup>();

function lookupFor(alert: AlertProfile): AlertLookup {
  let lookup = lookups.get(alert);
  if (lookup) return lookup;
  let maxId = -1;
  for (const id of alert.termKeys.keys()) if (id > maxId) maxId = id;
  const slots = new Int32Array(maxId + 1).fill(-1);
  const pairs: number[][] = [];
  for (const [id, entry] of alert.termKeys) {
    slots[id] = pairs.length;
    pairs.push(entry);
  }
  lookup = { slots, pairs, best: new Float64Array(alert.concepts.length), cpvByCode: new Map() };
  lookups.set(alert, lookup);
  return lookup;
}

function cpvRelationToAlert(alert: AlertProfile, lookup: AlertLookup, code: string): number {
  let value = lookup.cpvByCode.get(code);
  if (value === undefined) {
    value = 0;
    const top = alert.cpv[0]?.similarity ?? 0;
    for (const wanted of alert.cpv) {
      value = Math.max(value, (wanted.similarity / top) * cpvRelation(wanted.code, code) * alert.cpvConfidence);
    }
    lookup.cpvByCode.set(code, value);
  }
  return value;
}

/** The numbers behind a score, without the strings of an explanation (the hot path of the score stage). */
function weighEvidence(alert: AlertProfile, project: ProjectProfile): Evidence {
  const lookup = lookupFor(alert);
  const { slots, pairs: slotPairs } = lookup;
  const best = lookup.best.fill(0);
  const { termIds, termWeights } = project;
  for (let i = 0; i < termIds.length; i++) {
    const id = termIds[i]!;
    const slot = id < slots.length ? slots[id]! : -1;
    if (slot < 0) continue;
    const pairs = slotPairs[slot]!;
    const weight = termWeights[i]!;
    for (let p = 0; p < pairs.length; p += 2) {
      const concept = pairs[p]!;
      const value = pairs[p + 1]! * weight;
      if (value > best[concept]!) best[concept] = value;
    }
  }
  let matched = 0;
  let missing = 1;
  const { concepts } = alert;
  for (let index = 0; index < concepts.length; index++) {
    const found = best[index]!;
    if (found === 0) continue;
    const concept = concepts[index]!;
    matched += concept.weight * found;
    missing *= 1 - conceptStrength(concept.weight) * found;
  }
  const coverage = alert.totalWeight > 0 ? matched / alert.totalWeight : 0;
  const lexical = Math.max(1 - missing, Math.min(1, coverage * SCORING_WEIGHTS.lexicalGain));

  let cpvShare = 0;
  let cpvCode: string | null = null;
  if (alert.cpv.length > 0) {
    for (const carried of project.cpv) {
      const value = cpvRelationToAlert(alert, lookup, carried.code) * carried.similarity;
      if (value > cpvShare) {
        cpvShare = value;
        cpvCode = carried.code;
      }
    }
  }

  const bkpCode = alert.bkp.length > 0 ? coveringBkpCode(alert.bkp, project.bkp) : null;
  if (bkpCode !== null) cpvShare = Math.max(cpvShare, SCORING_WEIGHTS.bkp);

  let placeFactor = 1;
  if (alert.place) {
    if (project.canton === null) placeFactor = SCORING_WEIGHTS.unknownPlace;
    else if (!alert.place.cantons.has(project.canton)) {
      placeFactor = alert.place.exclusive ? SCORING_WEIGHTS.outsideExclusivePlace : SCORING_WEIGHTS.outsidePlace;
    }
  }
  const score = calibratedScore(combineEvidence(lexical, SCORING_WEIGHTS.cpv * cpvShare) * placeFactor);
  return { best, lexical, coverage, cpvShare, cpvCode, bkpCode, placeFactor, score };
}

export function quickScore(alert: AlertProfile, project: ProjectProfile): number {
  return weighEvidence(alert, project).score;
}

export function matchSignals(alert: AlertProfile, project: ProjectProfile, evidence = weighEvidence(alert, project)): MatchSignals {
  const contributions: Array<{ surface: string; value: number }> = [];
  alert.concepts.forEach((concept, index) => {
    const found = evidence.best[index] ?? 0;
    if (found >= SCORING_WEIGHTS.explainedWord) contributions.push({ surface: concept.surface, value: concept.weight * found });
  });
  let place: MatchSignals['place'] = null;
  if (alert.place && project.canton !== null) {
    place = alert.place.cantons.has(project.canton)
      ? { canton: project.canton, inside: true }
      : { canton: [...alert.place.cantons].join('/'), inside: false };
  }
  const words = contributions
    .sort((a, b) => b.value - a.value)
    .map((entry) => entry.surface)
    .filter((surface, index, all) => all.indexOf(surface) === index)
    .slice(0, SCORING_WEIGHTS.maxExplainedWords);
  if (evidence.bkpCode) words.unshift(`BKP ${evidence.bkpCode}`);
  return {
    score: evidence.score,
    lexical: evidence.lexical,
    coverage: evidence.coverage,
    placeFactor: evidence.placeFactor,
    cpvShare: evidence.cpvShare,
    cpvCode: evidence.cpvCode,
    words,
    place,
  };
}
