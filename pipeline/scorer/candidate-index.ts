import { placeFactorOf } from './place-constraints.ts';
import { createCorpusCounter, type CorpusStatistics } from './corpus-statistics.ts';
import { calibratedScore, type LocalScorer, type PreparedAlert, type PreparedProject } from './local-scorer.ts';
import { LEARNING_WEIGHTS, type LearnedAlert } from './learned-alert.ts';
import { SCORING_PARAMETERS, type ScoringParameters } from './scoring-parameters.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';

export interface CandidateIndex {
  add(project: PreparedProject): void;
  remove(id: number | string): void;
  /** The indexed project with this id, as indexed now. */
  get(id: number | string): PreparedProject | undefined;
  /**
   * The projects that can score at least `floor` (default: the storage floor) against the alert: every
   * other project is known, from an upper bound of its score, to stay below it.
   */
  candidatesFor(alert: PreparedAlert, options?: { floor?: number }): PreparedProject[];
  /** Every indexed project, in no particular order. */
  projects(): IterableIterator<PreparedProject>;
  /** Document frequencies and lengths of the indexed projects: the corpus alerts are prepared against. */
  readonly corpus: CorpusStatistics;
  readonly size: number;
}

/** Slots of projects carrying a term or a code prefix; removed projects leave dead slots until the next compaction. */
type Postings = Map<number | string, number[]>;

/** Distinct prefixes (2 to 8 digits) of a project's codes: a code shares depth ≥ d with another only if it starts with its d digits. */
function prefixesOf(codes: readonly string[]): Set<string> {
  const prefixes = new Set<string>();
  for (const code of codes) for (let length = 2; length <= 8; length++) prefixes.add(code.slice(0, length));
  return prefixes;
}

/** Digits of a code up to its last non-zero one (at least 2): what it specifies. */
function significantLength(code: string): number {
  let length = 8;
  while (length > 2 && code.charCodeAt(length - 1) === 48) length--;
  return length;
}

const POWERS = Array.from({ length: 9 }, (_, n) => 10 ** n);
const EIGHT_DIGITS = /^\d{8}$/;

/** One query term of the alert with the term ids of its spellings: the unit the bound counts, as the scorer saturates per term. */
interface BoundTerm {
  weight: number;
  qualifier: boolean;
  termIds: number[];
}

/**
 * An upper bound of the scorer's evidence for one project (docs/matching.md "Candidates"): every query
 * term the project carries counts with its full weight (as if its frequency saturated), CPV codes count
 * their depth weight without rarity, qualifiers and exclusions only lower the score, the place factor is
 * the scorer's own. The scorer's score is never above calibratedScore(bound).
 */
function boundFor(alert: PreparedAlert, parameters: ScoringParameters): (subject: number, qualifier: number, cpv: number, placeFactor: number) => number {
  // The scorer's query mass: every subject and qualifier, or the heaviest alternative when the profile says
  // how much a complete match weighs (`expectedWeight`, a prompt listing several subjects).
  const expected = (alert as { expectedWeight?: number }).expectedWeight;
  const sum = alert.subjectWeight + alert.qualifierWeight;
  const total = expected !== undefined && expected > 0 ? Math.min(sum, expected) : sum;
  const qualifierTotal = alert.qualifierWeight;
  const { absoluteEvidence, qualifierGate } = parameters;
  const cpvWeight = parameters.cpv;
  return (subject, qualifier, cpv, placeFactor) => {
    const weight = subject + qualifier;
    const lexical = total > 0 ? Math.min(1, (weight / total) * Math.min(1, weight / absoluteEvidence)) : 0;
    let evidence = 1 - (1 - lexical) * (1 - cpvWeight * cpv);
    if (qualifierTotal > 0) evidence *= 1 - qualifierGate * (1 - Math.min(1, qualifier / qualifierTotal));
    evidence *= placeFactor;
    // Sums taken in another order than the scorer's may differ in the last bits: the bound errs upwards.
    return evidence * (1 + 1e-9) + 1e-12;
  };
}

/**
 * An inverted index over what the scorer can reward, with max-score pruning: the alert's lightest query
 * terms whose weights together (with the best CPV evidence a project outside the CPV postings can have)
 * cannot reach the floor are not walked; they only add to projects found through the others. Each
 * project found is then bounded (`evidenceBound`) and kept only if the bound reaches the floor.
 *
 * `parameters` must be the scorer's: the bound mirrors its evidence formula.
 */
export function createCandidateIndex(_scorer?: LocalScorer, parameters: ScoringParameters = SCORING_PARAMETERS): CandidateIndex {
  let slots: Array<PreparedProject | undefined> = [];
  const slotOf = new Map<number | string, number>();
  let byTerm: Postings = new Map();
  let byPrefix: Postings = new Map();
  let dead = 0;
  const corpus = createCorpusCounter();
  // What the bound reads of each slot, in flat arrays (no object to follow per project): canton (0 = none,
  // else its id + 1) and the project's codes as numbers with their significant lengths.
  let slotCanton: number[] = [];
  let codeStart: number[] = [];
  let codeCount: number[] = [];
  let codeValue: number[] = [];
  let codeSignificant: number[] = [];
  const cantonIds = new Map<string, number>();
  const cantonId = (canton: string | null) => {
    if (canton === null) return 0;
    let id = cantonIds.get(canton);
    if (id === undefined) cantonIds.set(canton, (id = cantonIds.size + 1));
    return id;
  };
  // Per-slot scratch of candidatesFor, stamped instead of cleared.
  let seen = new Int32Array(0);
  let counted = new Int32Array(0);
  let subjectSum = new Float64Array(0);
  let qualifierSum = new Float64Array(0);
  let stamp = 0;

  const post = (table: Postings, key: number | string, slot: number) => {
    const list = table.get(key);
    if (list) list.push(slot);
    else table.set(key, [slot]);
  };
  const place = (project: PreparedProject, slot: number) => {
    slots[slot] = project;
    slotCanton[slot] = cantonId(project.canton);
    codeStart[slot] = codeValue.length;
    codeCount[slot] = project.codes.length;
    for (const code of project.codes) {
      codeValue.push(Number(code));
      codeSignificant.push(significantLength(code));
    }
    for (const term of project.termIds) post(byTerm, term, slot);
    for (const prefix of prefixesOf(project.codes)) post(byPrefix, prefix, slot);
  };
  /** Postings of removed projects are dropped in one pass once they are a quarter of the index. */
  const compact = () => {
    const live = slots.filter((project): project is PreparedProject => project !== undefined);
    slots = [];
    slotCanton = [];
    codeStart = [];
    codeCount = [];
    codeValue = [];
    codeSignificant = [];
    slotOf.clear();
    byTerm = new Map();
    byPrefix = new Map();
    dead = 0;
    live.forEach((project, slot) => {
      slotOf.set(project.id, slot);
      place(project, slot);
    });
  };
  const ensureScratch = () => {
    if (seen.length >= slots.length) return;
    const size = Math.max(1024, slots.length * 2);
    seen = new Int32Array(size);
    counted = new Int32Array(size);
    subjectSum = new Float64Array(size);
    qualifierSum = new Float64Array(size);
    stamp = 0;
  };
  const nextStamp = () => {
    if (stamp >= 0x7fffffff - 1) {
      seen.fill(0);
      counted.fill(0);
      stamp = 0;
    }
    return ++stamp;
  };
  const thresholds = new Map<number, number>();
  /** The least evidence the scorer maps to `floor` or more (its calibration is monotone): found once per floor by bisection. */
  const evidenceThreshold = (floor: number) => {
    let threshold = thresholds.get(floor);
    if (threshold !== undefined) return threshold;
    let low = 0;
    let high = 1;
    if (calibratedScore(high, parameters) < floor) threshold = Infinity;
    else if (calibratedScore(low, parameters) >= floor) threshold = 0;
    else {
      for (let step = 0; step < 60; step++) {
        const mid = (low + high) / 2;
        if (calibratedScore(mid, parameters) >= floor) high = mid;
        else low = mid;
      }
      threshold = low;
    }
    thresholds.set(floor, threshold);
    return threshold;
  };

  const index: CandidateIndex = {
    add(project) {
      if (slotOf.has(project.id)) index.remove(project.id);
      const slot = slots.length;
      slotOf.set(project.id, slot);
      place(project, slot);
      corpus.add(project);
    },
    get(id) {
      const slot = slotOf.get(id);
      return slot === undefined ? undefined : slots[slot];
    },
    remove(id) {
      const slot = slotOf.get(id);
      if (slot === undefined) return;
      const project = slots[slot]!;
      slots[slot] = undefined;
      slotOf.delete(id);
      corpus.remove(project);
      if (++dead > Math.max(1000, slotOf.size / 4)) compact();
    },
    candidatesFor(alert, options = {}) {
      const threshold = evidenceThreshold(options.floor ?? SCORE_FLOOR);
      ensureScratch();
      const terms = boundTerms(alert);
      const codes = alert.codes
        .filter((wanted) => EIGHT_DIGITS.test(wanted.code))
        .map((wanted) => ({ code: wanted.code, weight: wanted.weight, significant: significantLength(wanted.code) }));
      // A code that is not 8 digits (a learned one, say) is not looked up: it may give any project its best depth.
      const topDepthWeight = Math.max(0, ...parameters.cpvDepth);
      const oddCpv = alert.codes.reduce((best, wanted) => (EIGHT_DIGITS.test(wanted.code) ? best : Math.max(best, wanted.weight * topDepthWeight)), 0);
      // Per alert code: its leading d digits as a number, for d = 0..8, to compare with a project's code by division.
      const wantedCodes = codes.map((wanted) => ({
        weight: wanted.weight,
        significant: wanted.significant,
        prefixes: Array.from({ length: 9 }, (_, d) => (d === 0 ? 0 : Math.floor(Number(wanted.code) / POWERS[8 - d]!))),
      }));
      // The CPV postings walked: per alert code, projects sharing the shallowest depth at which the code alone can reach the floor.
      const walkedPrefixes: string[] = [];
      let cpvOutside = oddCpv;
      for (const wanted of codes) {
        // A project outside the postings of depth d meets the code at most at depth d − 1 (or the code's own depth).
        let below = Math.max(0, parameters.cpvDepth[0] ?? 0, parameters.cpvDepth[1] ?? 0);
        let depth = 2;
        for (; depth <= wanted.significant; depth++) {
          const at = Math.max(below, parameters.cpvDepth[depth] ?? 0);
          if (maxBound(alert, parameters, 0, 0, wanted.weight * at) >= threshold) break;
          below = at;
        }
        if (depth <= wanted.significant) walkedPrefixes.push(wanted.code.slice(0, depth));
        cpvOutside = Math.max(cpvOutside, wanted.weight * below);
      }
      // Max-score: the lightest terms that cannot reach the floor together (on top of cpvOutside) are looked up, not walked.
      const byWeight = [...terms].sort((a, b) => a.weight - b.weight);
      let looked = 0;
      let lightSubject = 0;
      let lightQualifier = 0;
      for (; looked < byWeight.length; looked++) {
        const term = byWeight[looked]!;
        const subject = lightSubject + (term.qualifier ? 0 : term.weight);
        const qualifier = lightQualifier + (term.qualifier ? term.weight : 0);
        if (maxBound(alert, parameters, subject, qualifier, cpvOutside) >= threshold) break;
        lightSubject = subject;
        lightQualifier = qualifier;
      }
      const lookedUp = byWeight.slice(0, looked);
      const walked = byWeight.slice(looked);

      const found = nextStamp();
      const touched: number[] = [];
      for (const term of walked) {
        const once = nextStamp();
        const { weight, qualifier } = term;
        for (const id of term.termIds) {
          const list = byTerm.get(id);
          if (!list) continue;
          for (let i = 0; i < list.length; i++) {
            const slot = list[i]!;
            if (counted[slot] === once) continue;
            counted[slot] = once;
            if (seen[slot] !== found) {
              seen[slot] = found;
              subjectSum[slot] = 0;
              qualifierSum[slot] = 0;
              touched.push(slot);
            }
            if (qualifier) qualifierSum[slot]! += weight;
            else subjectSum[slot]! += weight;
          }
        }
      }
      for (const prefix of walkedPrefixes) {
        for (const slot of byPrefix.get(prefix) ?? []) {
          if (seen[slot] === found) continue;
          seen[slot] = found;
          subjectSum[slot] = 0;
          qualifierSum[slot] = 0;
          touched.push(slot);
        }
      }

      const candidates: PreparedProject[] = [];
      const bound = boundFor(alert, parameters);
      // The scorer's place factor by canton id (0: unknown canton).
      const placeFactor = new Float64Array(cantonIds.size + 1).fill(1);
      if (alert.place) {
        placeFactor[0] = placeFactorOf(alert.place, null, parameters.place);
        for (const [canton, id] of cantonIds) placeFactor[id] = placeFactorOf(alert.place, canton, parameters.place);
      }
      const depthWeights = parameters.cpvDepth;
      for (const slot of touched) {
        const factor = placeFactor[slotCanton[slot]!]!;
        let subject = subjectSum[slot]!;
        let qualifier = qualifierSum[slot]!;
        if (lookedUp.length > 0) {
          const project = slots[slot];
          if (!project) continue;
          for (const term of lookedUp) {
            if (!carriesAny(project, term.termIds)) continue;
            if (term.qualifier) qualifier += term.weight;
            else subject += term.weight;
          }
        }
        let cpv = oddCpv;
        const start = codeStart[slot]!;
        const end = start + codeCount[slot]!;
        for (let at = start; at < end; at++) {
          const value = codeValue[at]!;
          const significant = codeSignificant[at]!;
          for (const wanted of wantedCodes) {
            // The scorer's sharedDepth: leading digits in common, at most either code's significant length.
            const most = Math.min(significant, wanted.significant);
            let depth = 0;
            while (depth < most && Math.floor(value / POWERS[7 - depth]!) === wanted.prefixes[depth + 1]) depth++;
            const evidence = wanted.weight * (depthWeights[depth] ?? 0);
            if (evidence > cpv) cpv = evidence;
          }
        }
        if (bound(subject, qualifier, cpv, factor) < threshold) continue;
        const project = slots[slot];
        if (project) candidates.push(project);
      }
      return candidates;
    },
    *projects() {
      for (const project of slots) if (project) yield project;
    },
    corpus,
    get size() {
      return slotOf.size;
    },
  };
  return index;
}

/**
 * The candidates of an alert that learned from feedback. Its score joins the alert's own score and its
 * companion's times `companionShare` (noisy-or, at most their sum), then only penalties lower it: a project
 * reaching `floor` has own + share × companion ≥ floor − ½ (rounding), so its own score reaches half of that
 * (and floor − ½ − 100 × share), or its companion's reaches the other half over the share.
 */
export function learnedCandidates(index: CandidateIndex, alert: LearnedAlert, options: { floor?: number } = {}): Iterable<PreparedProject> {
  const floor = options.floor ?? SCORE_FLOOR;
  if (!alert.companion) return index.candidatesFor(alert, { floor });
  const share = (alert.learningWeights ?? LEARNING_WEIGHTS).companionShare;
  const needed = floor - 0.5;
  const found = new Map(index.candidatesFor(alert, { floor: Math.max(needed / 2, needed - 100 * share) }).map((project) => [project.id, project]));
  if (share > 0 && needed / (2 * share) <= 100)
    for (const project of index.candidatesFor(alert.companion, { floor: needed / (2 * share) })) found.set(project.id, project);
  return found.values();
}

/** The bound at its most generous place (inside the canton), for deciding which terms need walking. */
function maxBound(alert: PreparedAlert, parameters: ScoringParameters, subject: number, qualifier: number, cpv: number): number {
  return boundFor(alert, parameters)(subject, qualifier, cpv, 1);
}

function boundTerms(alert: PreparedAlert): BoundTerm[] {
  const termIds = new Map<number, number[]>();
  for (const [termId, pairs] of alert.termKeys) {
    for (let p = 0; p < pairs.length; p += 2) {
      if (!(pairs[p + 1]! > 0)) continue;
      const concept = pairs[p]!;
      const ids = termIds.get(concept);
      if (ids) ids.push(termId);
      else termIds.set(concept, [termId]);
    }
  }
  const terms: BoundTerm[] = [];
  for (const [concept, ids] of termIds) {
    const { role, weight } = alert.concepts[concept]!;
    if (role === 'exclusion' || !(weight > 0)) continue;
    terms.push({ weight, qualifier: role === 'qualifier', termIds: ids });
  }
  return terms;
}

function carriesAny(project: PreparedProject, terms: readonly number[]): boolean {
  for (const term of terms) if (carries(project, term)) return true;
  return false;
}

/** Whether the project's (sorted) term ids hold `term`. */
function carries(project: PreparedProject, term: number): boolean {
  const ids = project.termIds;
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const id = ids[mid]!;
    if (id === term) return true;
    if (id < term) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}
