import { loadCpvCatalog, type CpvCatalog } from './cpv-catalog.ts';
import type { Language } from '../../domain/languages.ts';
import { EMPTY_CORPUS, type CorpusStatistics } from './corpus-statistics.ts';
import {
  learnAssociations,
  NO_LEARNED_ASSOCIATIONS,
  type LearnedAssociations,
  type LearnedAssociationsData,
  type NoticeForLearning,
} from './learned-associations.ts';
import { explainMatch } from './match-explanation.ts';
import { prepareAlertProfile, withoutLinks, type AlertProfile, type ExtraAlertTerms } from './prepare-alert.ts';
import { placeFactorOf, placeRelation, type PlaceRelation } from './place-constraints.ts';
import { prepareProjectProfile, type ProjectProfile } from './prepare-project.ts';
import { detectPromptLanguage } from './prompt-language.ts';
import { SCORING_PARAMETERS, type ScoringParameters } from './scoring-parameters.ts';
import { getScoringResources } from './scoring-resources.ts';
import { createTermTable, type TermTable } from './term-table.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';

export type { ExtraAlertTerms } from './prepare-alert.ts';

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

export interface PrepareAlertOptions {
  /** Statistics of the notices the alert is scored against (the project index's); none: CPV-label frequencies. */
  corpus?: CorpusStatistics;
  /** Translations and word → CPV associations learned from the notices (stored in the database); none: the CPV labels alone. */
  learned?: LearnedAssociations;
  /** Weighted terms, exclusions and codes beyond the prompt (e.g. learned from the subscriber's feedback). */
  extra?: ExtraAlertTerms;
}

export interface LocalScorer {
  prepareAlert(prompt: string, language: Language, options?: PrepareAlertOptions): PreparedAlert;
  prepareProject(project: ScorableProject): PreparedProject;
  score(alert: PreparedAlert, project: PreparedProject): ScoreResult;
  /** The same score as `score`, without building the explanation: for deciding what to keep. */
  quickScore(alert: PreparedAlert, project: PreparedProject): number;
  /** `score`, or null below `floor` without the cost of an explanation. */
  scoreAtLeast(alert: PreparedAlert, project: PreparedProject, floor: number): ScoreResult | null;
  /** The term table prepared projects' ids refer to (the on-disk project index saves its keys); absent in wrappers. */
  readonly terms?: TermTable;
}

export function createLocalScorer(catalog: CpvCatalog = loadCpvCatalog(), parameters: ScoringParameters = SCORING_PARAMETERS): LocalScorer {
  const resources = getScoringResources(catalog);
  const terms = createTermTable();
  const explain = (alert: PreparedAlert, project: PreparedProject, evidence: Evidence): ScoreResult => {
    const signals = matchSignals(alert, project, evidence, parameters);
    return {
      score: evidence.score,
      explanation: explainMatch(
        {
          cpv: signals.cpvCode ? { code: signals.cpvCode, label: catalog.label(signals.cpvCode, alert.language) ?? '' } : null,
          words: signals.words,
          place: signals.place,
        },
        alert.language,
      ),
    };
  };
  return {
    terms,
    prepareAlert(prompt, language, options = {}) {
      const text = withoutLinks(prompt);
      const written = detectPromptLanguage(text, language, resources);
      const corpus = options.corpus ?? EMPTY_CORPUS;
      // Analysed in the language it is written in; explained in the alert's own language.
      const profile = {
        ...prepareAlertProfile(text, written, {
          resources,
          terms,
          corpus,
          learned: options.learned ?? NO_LEARNED_ASSOCIATIONS,
          parameters,
          extra: options.extra,
        }),
        language,
      };
      return { kind: 'alert', prompt, ...profile, indexTerms: essentialTerms(profile, SCORE_FLOOR, parameters) };
    },
    prepareProject: (project) => ({ kind: 'project', id: project.id, ...prepareProjectProfile(project, resources, terms, parameters) }),
    quickScore: (alert, project) => weighEvidence(alert, project, parameters).score,
    score: (alert, project) => explain(alert, project, weighEvidence(alert, project, parameters)),
    scoreAtLeast(alert, project, floor) {
      const evidence = weighEvidence(alert, project, parameters);
      return evidence.score < floor ? null : explain(alert, project, evidence);
    },
  };
}

/**
 * Translations and word → CPV associations learned from these notices with the scorer's analyzer: store
 * them, and pass them back to `prepareAlert` as `learned`.
 */
export function learnFromNotices(notices: Iterable<NoticeForLearning>, catalog: CpvCatalog = loadCpvCatalog()): LearnedAssociationsData {
  return learnAssociations(notices, getScoringResources(catalog));
}

/** Evidence (0..1) → score (0..100), piecewise linear and monotone. */
export function calibratedScore(evidence: number, parameters: ScoringParameters = SCORING_PARAMETERS): number {
  const knots = parameters.calibration;
  const e = Math.max(0, Math.min(1, evidence));
  for (let i = 1; i < knots.length; i++) {
    const [e1, s1] = knots[i]!;
    const [e0, s0] = knots[i - 1]!;
    if (e <= e1) return Math.round(s0 + ((e - e0) / (e1 - e0)) * (s1 - s0));
  }
  return 100;
}

function evidenceForScore(score: number, parameters: ScoringParameters): number {
  const knots = parameters.calibration;
  for (let i = 1; i < knots.length; i++) {
    const [e1, s1] = knots[i]!;
    const [e0, s0] = knots[i - 1]!;
    if (score <= s1) return e0 + ((score - s0) / (s1 - s0)) * (e1 - e0);
  }
  return 1;
}

/** Length of the common ancestor of two CPV codes in the tree (2 = division … 8 = the code itself). */
function sharedDepth(a: string, b: string): number {
  let shared = 0;
  while (shared < 8 && a.charCodeAt(shared) === b.charCodeAt(shared)) shared++;
  return Math.min(shared, significantLength(a), significantLength(b));
}

/** Digits up to the last non-zero one, at least 2 (a division). Called for every code a candidate carries: no regex. */
function significantLength(code: string): number {
  let length = code.length;
  while (length > 2 && code.charCodeAt(length - 1) === 48) length--;
  return Math.max(2, length);
}

interface AlertLookup {
  /** Term id → index in `pairs`, or -1; dense because term ids are small consecutive integers. */
  slots: Int32Array;
  pairs: number[][];
  frequencies: Float64Array;
  /** Project code → CPV evidence and the alert code it met. */
  byCode: Map<string, number>;
  /** Concept → the complement's thing (`AlertProfile.head.things`) or joined work (`works`) it belongs to, or -1; each one's matched weight. */
  thingOf: Int32Array | null;
  thingWeights: Float64Array;
  /** Exclusion concept → its excluded phrase (`AlertProfile.exclusionPhrases`), or -1; and each concept's presence. */
  phraseOf: Int32Array | null;
  phrasePresence: Float64Array;
  /** For joined works: each work's weight, the heaviest, and the weight of the subject words outside them (their complement). */
  works: { weights: Float64Array; heaviest: number; complementWeight: number } | null;
  /** The slots of the head's spellings in CPV labels: a notice whose code's label alone names the work. */
  headLabelSlots: Uint8Array;
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
  const things = alert.head?.things ?? alert.works;
  lookup = {
    slots,
    pairs,
    frequencies: new Float64Array(alert.concepts.length),
    byCode: new Map(),
    thingOf: groupOf(things, alert.concepts.length),
    thingWeights: new Float64Array(things?.length ?? 0),
    phraseOf: groupOf(alert.exclusionPhrases, alert.concepts.length),
    phrasePresence: new Float64Array(alert.concepts.length),
    works: alert.works ? worksOf(alert, alert.works) : null,
    headLabelSlots: new Uint8Array(pairs.length),
  };
  for (const id of alert.head?.labelTerms ?? []) if (id < slots.length && slots[id]! >= 0) lookup.headLabelSlots[slots[id]!] = 1;
  lookups.set(alert, lookup);
  return lookup;
}

function worksOf(alert: AlertProfile, works: ReadonlyArray<readonly number[]>): NonNullable<AlertLookup['works']> {
  const weights = Float64Array.from(works, (work) => work.reduce((total, index) => total + alert.concepts[index]!.weight, 0));
  const inWorks = weights.reduce((total, weight) => total + weight, 0);
  return { weights, heaviest: Math.max(...weights), complementWeight: alert.subjectWeight - inWorks };
}

/** Concept → the index of the group holding it, or -1; null without groups. */
function groupOf(groups: ReadonlyArray<readonly number[]> | undefined, concepts: number): Int32Array | null {
  if (!groups) return null;
  const of = new Int32Array(concepts).fill(-1);
  groups.forEach((group, k) => {
    for (const index of group) of[index] = k;
  });
  return of;
}

/** How much a notice's code says the alert's subject: the specificity (depth, rarity) of the ancestor they share. */
function codeEvidence(alert: AlertProfile, code: string, parameters: ScoringParameters): number {
  let best = 0;
  const corpus = alert.corpus;
  const useCorpus = corpus.documents >= parameters.minCorpus;
  const top = Math.log(1 / parameters.cpvDistinctiveShare);
  for (const wanted of alert.codes) {
    const depth = sharedDepth(wanted.code, code);
    const base = parameters.cpvDepth[depth] ?? 0;
    if (base === 0) continue;
    let rarity = 1;
    if (useCorpus) {
      const share = Math.max(corpus.codeFrequency(code.slice(0, depth)), 1) / corpus.documents;
      rarity = Math.max(0, Math.min(1, Math.log(1 / share) / top));
    }
    best = Math.max(best, wanted.weight * base * rarity);
  }
  return best;
}

export interface Evidence {
  frequencies: Float64Array;
  norm: number;
  lexical: number;
  cpv: number;
  cpvCode: string | null;
  qualifier: number;
  exclusion: number;
  placeFactor: number;
  score: number;
  /** How often the notice's own text (its codes' labels apart) names the work the alert seeks (its head); 0 without a head. */
  headInText: number;
}

/** What a complete match weighs: the query's subjects and qualifiers, or the heaviest of them when the prompt lists many. */
function queryMass(alert: AlertProfile): number {
  const total = alert.subjectWeight + alert.qualifierWeight;
  return alert.expectedWeight !== undefined && alert.expectedWeight > 0 ? Math.min(total, alert.expectedWeight) : total;
}

/** How fully a notice names a work: once in its title in a sure spelling (or as often through translations and its description) is fully. */
const namedShare = (frequency: number, parameters: ScoringParameters) => Math.min(1, frequency / (parameters.variant.translation * parameters.field.title));

/** BM25 saturation of a field-weighted frequency. */
const saturate = (frequency: number, norm: number) => (frequency > 0 ? frequency / (frequency + norm) : 0);

/** The numbers behind a score, without the strings of an explanation (the hot path of the score stage). */
export function weighEvidence(alert: AlertProfile, project: ProjectProfile, parameters: ScoringParameters): Evidence {
  const lookup = lookupFor(alert);
  const { slots, pairs: slotPairs } = lookup;
  const frequencies = lookup.frequencies.fill(0);
  lookup.thingWeights.fill(0);
  lookup.phrasePresence.fill(0);
  const { termIds, termFrequencies } = project;
  const headConcept = alert.head?.concept ?? -1;
  let headInLabels = 0;
  for (let i = 0; i < termIds.length; i++) {
    const id = termIds[i]!;
    const slot = id < slots.length ? slots[id]! : -1;
    if (slot < 0) continue;
    const pairs = slotPairs[slot]!;
    const frequency = termFrequencies[i]!;
    for (let p = 0; p < pairs.length; p += 2) {
      frequencies[pairs[p]!]! += pairs[p + 1]! * frequency;
      if (pairs[p] === headConcept && lookup.headLabelSlots[slot] === 1) headInLabels += pairs[p + 1]! * frequency;
    }
  }
  const averageLength = alert.corpus.averageLength;
  const norm = parameters.k1 * (averageLength > 0 ? 1 - parameters.b + (parameters.b * project.length) / averageLength : 1);
  let subject = 0;
  let expectedShift = 0;
  let complementShare = 1;
  let qualifier = 0;
  let exclusion = 0;
  const { concepts } = alert;
  for (let index = 0; index < concepts.length; index++) {
    const frequency = frequencies[index]!;
    if (frequency === 0) continue;
    const concept = concepts[index]!;
    const matched = saturate(frequency, norm);
    // An excluded word counts fully once the notice carries it as a title word (or its CPV code's label) does: no
    // saturation, which would leave a notice filed under the excluded thing more than half of its score.
    if (concept.role === 'exclusion') {
      const presence = Math.min(1, frequency / parameters.field.title) * Math.min(1, concept.idf / parameters.absoluteEvidence);
      if (lookup.phraseOf !== null && lookup.phraseOf[index]! >= 0) lookup.phrasePresence[index] = presence;
      else exclusion = Math.max(exclusion, presence);
    } else if (concept.role === 'qualifier') qualifier += concept.weight * matched;
    else if (lookup.thingOf !== null && lookup.thingOf[index]! >= 0) lookup.thingWeights[lookup.thingOf[index]!]! += concept.weight * matched;
    else subject += concept.weight * matched;
  }
  if (lookup.thingOf !== null) {
    // The things the head's complement lists (or the joined works) are alternatives: the best one counts, as one of the
    // expected mass.
    let best = 0;
    let bestK = -1;
    for (let k = 0; k < lookup.thingWeights.length; k++) if (lookup.thingWeights[k]! > best) [best, bestK] = [lookup.thingWeights[k]!, k];
    subject += best;
    if (lookup.works !== null) {
      if (lookup.works.complementWeight > 0) complementShare = Math.min(1, (subject - best) / lookup.works.complementWeight);
      // A complete match carries the work it names, however common ("Planung und Bau von Strassen": a notice for building
      // roads), and the complement, which the gate below asks for.
      if (bestK >= 0) expectedShift = lookup.works.weights[bestK]! - lookup.works.heaviest;
    }
  }
  if (lookup.phraseOf !== null && alert.exclusionPhrases) {
    // An excluded phrase ("no tree felling") excludes a notice that carries each of its words, as much as its least one.
    for (const phrase of alert.exclusionPhrases) {
      let least = 1;
      for (const index of phrase) least = Math.min(least, lookup.phrasePresence[index]!);
      exclusion = Math.max(exclusion, least);
    }
  }
  const total = queryMass(alert) + expectedShift;
  const matchedWeight = subject + qualifier;
  const lexical = total > 0 ? (matchedWeight / total) * Math.min(1, matchedWeight / parameters.absoluteEvidence) : 0;

  let cpv = 0;
  let cpvCode: string | null = null;
  if (alert.codes.length > 0) {
    for (const code of project.codes) {
      let value = lookup.byCode.get(code);
      if (value === undefined) lookup.byCode.set(code, (value = codeEvidence(alert, code, parameters)));
      if (value > cpv) {
        cpv = value;
        cpvCode = code;
      }
    }
  }
  let evidence = 1 - (1 - Math.min(1, lexical)) * (1 - parameters.cpv * cpv);
  const qualifierShare = alert.qualifierWeight > 0 ? qualifier / alert.qualifierWeight : 1;
  if (alert.qualifierWeight > 0) evidence *= 1 - parameters.qualifierGate * (1 - qualifierShare);
  if (exclusion > 0) evidence *= 1 - (1 - parameters.exclusionFloor) * exclusion;
  // Joined works want their common complement as a head's complement wants its work ("Planung und Bau von Radwegen":
  // the planning of a school's heating is none of them).
  if (lookup.works !== null) evidence *= 1 - parameters.headGate * (1 - complementShare);
  if (lookup.works !== null && alert.works && alert.worksLanguages?.includes(project.language)) {
    // And a notice must name one of the works, as it must name a head's ("Entretien et transport de mobilier": a purchase of
    // furniture is neither).
    let workFrequency = 0;
    for (const work of alert.works) for (const index of work) workFrequency = Math.max(workFrequency, frequencies[index]!);
    evidence *= 1 - parameters.headGate * (1 - namedShare(workFrequency, parameters));
  }
  const headInText = alert.head !== undefined ? frequencies[alert.head.concept]! - headInLabels : 0;
  if (alert.head !== undefined && alert.head.languages.includes(project.language)) {
    // Named in the title in a sure spelling, or in a translation's title or the description: the work is there.
    // A code's label names what the notice is filed under, often a list ("Möbel … und Reinigungsmittel"): the notice's
    // own text must name the work.
    evidence *= 1 - parameters.headGate * (1 - namedShare(headInText, parameters));
  }

  const placeFactor = placeFactorOf(alert.place, project.canton, parameters.place);
  const score = calibratedScore(evidence * placeFactor, parameters);
  return { frequencies, norm, lexical, cpv, cpvCode, qualifier: qualifierShare, exclusion, placeFactor, score, headInText };
}

export interface MatchSignals {
  cpvCode: string | null;
  words: string[];
  place: { canton: string; relation: PlaceRelation } | null;
}

export function matchSignals(alert: AlertProfile, project: ProjectProfile, evidence: Evidence, parameters: ScoringParameters): MatchSignals {
  const contributions: Array<{ surface: string; value: number }> = [];
  alert.concepts.forEach((concept, index) => {
    if (concept.role === 'exclusion') return;
    const matched = saturate(evidence.frequencies[index] ?? 0, evidence.norm);
    if (matched >= parameters.explainedShare) contributions.push({ surface: concept.surface, value: concept.weight * matched });
  });
  const relation = alert.place ? placeRelation(alert.place, project.canton) : null;
  const place: MatchSignals['place'] =
    relation === 'inside' || relation === 'excluded'
      ? { canton: project.canton!, relation }
      : relation === 'outside'
        ? { canton: [...alert.place!.cantons].join('/'), relation }
        : null;
  const words = contributions
    .sort((a, b) => b.value - a.value)
    .map((entry) => entry.surface)
    .filter((surface, index, all) => all.indexOf(surface) === index)
    .slice(0, parameters.maxExplainedWords);
  return { cpvCode: evidence.cpv >= parameters.explainedCpv ? evidence.cpvCode : null, words, place };
}

/**
 * Terms of the alert that the candidate index can skip: a notice holding only those (fully) and meeting
 * the alert's codes no closer than a division stays below `floor`.
 */
export function essentialTerms(alert: AlertProfile, floor: number, parameters: ScoringParameters): Set<number> {
  // The least a complete match may weigh: with joined works, the one it names may be the lightest.
  const works = lookupFor(alert).works;
  const total = queryMass(alert) - (works !== null ? works.heaviest - Math.min(...works.weights) : 0);
  const reachOf = (pairs: readonly number[]) => {
    let reach = 0;
    for (let p = 0; p < pairs.length; p += 2) {
      const concept = alert.concepts[pairs[p]!]!;
      if (concept.role !== 'exclusion') reach = Math.max(reach, concept.weight * pairs[p + 1]!);
    }
    return reach;
  };
  const keys = [...alert.termKeys].map(([term, pairs]) => ({ term, reach: reachOf(pairs) })).sort((a, b) => a.reach - b.reach || a.term - b.term);
  const budget = evidenceForScore(floor, parameters);
  const divisionOnly = parameters.cpv * (parameters.cpvDepth[2] ?? 0);
  const essential = new Set<number>();
  let skipped = 0;
  for (const key of keys) {
    if (key.reach === 0) continue;
    const next = skipped + key.reach;
    const lexical = total > 0 ? Math.min(1, next / total) * Math.min(1, next / parameters.absoluteEvidence) : 0;
    if (1 - (1 - lexical) * (1 - divisionOnly) >= budget) essential.add(key.term);
    else skipped = next;
  }
  return essential;
}
