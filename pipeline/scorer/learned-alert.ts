import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import type { CorpusStatistics } from './corpus-statistics.ts';
import type { LearnedAssociations } from './learned-associations.ts';
import { essentialTerms, weighEvidence, type LocalScorer, type PreparedAlert, type PreparedProject, type ScoreResult } from './local-scorer.ts';
import { withLikeness } from './match-explanation.ts';
import { SCORING_PARAMETERS } from './scoring-parameters.ts';
import { MAX_LABEL_IDF } from './scoring-resources.ts';
import { isLabelKey } from './term-table.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { foldWord } from './text-analysis.ts';

type LearnedItem = { kind: 'term' | 'cpv'; value: string; weight: number };

/** What an alert learned from feedback, and the words its owner excluded; weights are 0..1. */
export interface AlertLearning {
  more: readonly LearnedItem[];
  less: readonly LearnedItem[];
  exclude: readonly string[];
  /**
   * The projects the subscriber said 👍 / 👎 to, as prepared for scoring (Rocchio in the notices' own term
   * space: a project resembling the liked ones gains, one resembling the disliked ones loses).
   */
  liked?: readonly PreparedProject[];
  disliked?: readonly PreparedProject[];
  /** How to weigh it; LEARNING_WEIGHTS when absent (the evaluation tries others). */
  weights?: LearningWeights;
}

/** The hook: a prepared alert whose prompt words are reweighed, with learned queries beside it and exclusions. */
export interface LearnedAlert extends PreparedAlert {
  /** Each exclusion is the word's term-id alternatives per word; a project carrying every word is excluded. */
  readonly exclusions?: ReadonlyArray<ReadonlyArray<ReadonlySet<number>>>;
  /** The learned words and codes of liked projects read as an alert of their own: a project close to them gains. */
  readonly companion?: PreparedAlert;
  /** The words and codes only disliked projects had, read the same way: a project close to them loses. */
  readonly negative?: PreparedAlert;
  /** The liked projects' tf-idf vectors, and the disliked ones' centroid (without the liked ones' and the prompt's terms). */
  readonly similarity?: FeedbackCentroids;
  /** The weights it was prepared with (the evaluation tries others). */
  readonly learningWeights?: LearningWeights;
}

export interface FeedbackCentroids {
  /**
   * Each liked project's unit vector: a project is as alike as it is to the nearest of them. Liked projects are often
   * of several kinds (an alert on electrical work likes a lighting lot and a data-network lot); their centroid
   * resembles none of them (5-fold cross-validation: residual nDCG@10 gain +0.069 against +0.036, docs/feedback.md).
   */
  liked?: LikedVectors;
  /** The liked projects stand for the alert's best match (pseudo-feedback), not for projects its subscriber liked. */
  fromBestMatch?: boolean;
  /** The liked projects (their own likeness explains nothing). */
  likedIds?: ReadonlySet<number | string>;
  disliked?: ReadonlyMap<number, number>;
  /** The notices' document frequencies the disliked centroid is weighed with (a project's vector is weighed the same way). */
  idf: (termId: number) => number;
}

export type LearningWeights = typeof LEARNING_WEIGHTS;

/**
 * How learning weighs (docs/feedback.md). Those marked "Tuned" were chosen by 5-fold cross-validation over
 * the labelled alerts (`npm run bench -- feedback-cv`, with FEEDBACK_LEARNING.promptCodeDigits) and frozen;
 * the companion and negative shares come from an earlier run of it and are kept (the negative query is what makes
 * the "less like" items shown on the alert act, and their undo mean something). Bounded so that one click
 * demotes or promotes, never wipes: a prompt word keeps at least half its weight, penalties take at most half a score.
 */
export const LEARNING_WEIGHTS = {
  /** A prompt word every liked project carries (and no disliked one) weighs up to 1 + this. Tuned. */
  promptBoost: 0.5,
  /** A prompt word disliked projects carry and no liked one does weighs 1 − this… Tuned. */
  promptDampen: 1,
  /** …and keeps at least this share of its weight. */
  minPromptShare: 0.5,
  /** The companion's score joins the alert's (noisy-or) at this share (0: no companion). */
  companionShare: 0.1,
  /** The negative query's score takes this share off a score… */
  negativeShare: 0.3,
  /** …and never more than this. */
  maxPenalty: 0.5,
  /**
   * A project's cosine similarity (tf-idf, 0..1) to the nearest liked project adds this × 100 points to its score;
   * its similarity to the disliked ones' centroid takes `unlikeShare` × that off (within `maxPenalty`). Tuned.
   */
  likeShare: 0.6,
  unlikeShare: 3,
  /**
   * The words of the liked projects' CPV labels count this much in the likeness (their own words fully): a subscriber's
   * 👍 says the codes are right too; pseudo-feedback sets its own (`pseudoFeedback.labelShare`).
   */
  likedLabelShare: 1,
  /** A lifted score above this nears 100 ever more slowly (not tuned: where the scores of the e-mailed matches sit). */
  liftKnee: 90,
  /**
   * A term of the disliked projects counts in their contrast only when at least this many notices carry it:
   * rarer ones are the tender's names (its building, its street), which its other lots share whatever their trade.
   * Tuned.
   */
  unlikeMinDocuments: 5,
  minKeyWeight: 0.9,
  minExcludedPresence: 0.3,
};

/** A likeness worth this many points or more is named in the explanation. */
const LIKENESS_EXPLAINED = 5;

const wordCache = new WeakMap<LocalScorer, Map<string, PreparedAlert>>();

function prepareWord(scorer: LocalScorer, word: string, language: Language): PreparedAlert {
  let cache = wordCache.get(scorer);
  if (!cache) wordCache.set(scorer, (cache = new Map()));
  const key = `${language}\u0000${word}`;
  let prepared = cache.get(key);
  if (!prepared) cache.set(key, (prepared = scorer.prepareAlert(word, language)));
  return prepared;
}

/**
 * The scorer's weight of a single word (its rarity), 0 for a function word: measured on the notices of
 * `corpus` when given (not cached, as the corpus grows), else on the CPV labels.
 */
export function wordWeight(scorer: LocalScorer, word: string, language: Language, corpus?: CorpusStatistics): number {
  const prepared = corpus ? scorer.prepareAlert(word, language, { corpus }) : prepareWord(scorer, word, language);
  // Concept idf runs 0..1; feedback learning reads rarity on the CPV-label idf scale (0..MAX_LABEL_IDF).
  return (prepared.concepts[0]?.idf ?? 0) * MAX_LABEL_IDF;
}

/**
 * How specific a CPV code is among the notices, 0..1, as the scorer reads a code's rarity: the share of notices
 * declaring a code under its significant prefix, on a log scale where `cpvDistinctiveShare` or rarer is 1
 * (45000000, "construction work", on 111 of the 185 dev notices: 0.17). 1 without statistics.
 */
export function codeSpecificity(code: string, corpus?: CorpusStatistics): number {
  if (!corpus || corpus.documents < SCORING_PARAMETERS.minCorpus) return 1;
  let length = 8;
  while (length > 2 && code.charAt(length - 1) === '0') length--;
  const share = Math.max(corpus.codeFrequency(code.slice(0, length)), 1) / corpus.documents;
  return Math.max(0, Math.min(1, Math.log(1 / share) / Math.log(1 / SCORING_PARAMETERS.cpvDistinctiveShare)));
}

/**
 * How strongly a notice carries each word of the prompt as the scorer reads it (its stems, translations
 * and compound parts): folded prompt word → BM25 saturation 0..1, the best of its concepts.
 */
export function promptWordPresence(alert: PreparedAlert, project: PreparedProject): Map<string, number> {
  const evidence = weighEvidence(alert, project, SCORING_PARAMETERS);
  const presence = new Map<string, number>();
  alert.concepts.forEach((concept, index) => {
    if (concept.role === 'exclusion') return;
    const frequency = evidence.frequencies[index] ?? 0;
    const matched = frequency > 0 ? frequency / (frequency + evidence.norm) : 0;
    const key = foldWord(concept.surface);
    presence.set(key, Math.max(presence.get(key) ?? 0, matched));
  });
  return presence;
}

/**
 * Whether the word, read as a notice's title in any of the four languages, carries a word of the prompt through a
 * sure spelling: one of its forms, a translation, a compound of it or one of its parts ("vitrerie" for
 * "Glaserarbeiten", "Orgelrevisionsvertrag" for "Orgelrevision", "Glaser" for "Glaserarbeiten").
 */
export function carriesPromptWord(scorer: LocalScorer, alert: PreparedAlert, word: string): boolean {
  for (const language of LANGUAGES) {
    const { termIds } = scorer.prepareProject({ id: 0, language, title: word, description: '', cpvCodes: [], canton: null });
    for (const id of termIds) {
      const pairs = alert.termKeys.get(id);
      if (!pairs) continue;
      for (let p = 0; p < pairs.length; p += 2)
        if (alert.concepts[pairs[p]!]!.role !== 'exclusion' && pairs[p + 1]! >= SCORING_PARAMETERS.strongVariant) return true;
    }
  }
  return false;
}

/** The term ids standing for the word as a whole (its stem and full translations), not for its compound parts. */
function wholeWordTerms(prepared: PreparedAlert): Map<number, number> {
  const terms = new Map<number, number>();
  for (const [term, pairs] of prepared.termKeys) {
    for (let p = 0; p < pairs.length; p += 2) {
      if (pairs[p] === 0 && (pairs[p + 1] ?? 0) >= LEARNING_WEIGHTS.minKeyWeight) terms.set(term, Math.max(terms.get(term) ?? 0, pairs[p + 1] ?? 0));
    }
  }
  return terms;
}

/**
 * In how many notices the word as a whole (its stem or a full translation) appears, read in each of the four
 * languages (a liked notice may be in another language than the alert): the most of its terms.
 */
export function wordDocumentFrequency(scorer: LocalScorer, word: string, corpus: CorpusStatistics): number {
  let most = 0;
  for (const language of LANGUAGES) {
    for (const term of wholeWordTerms(prepareWord(scorer, word, language)).keys()) most = Math.max(most, corpus.documentFrequency(term));
  }
  return most;
}

/** Learned words and codes as a query of their own (no prompt words), or none when there are none or its share is 0. */
function learnedQuery(
  scorer: LocalScorer,
  items: readonly LearnedItem[],
  language: Language,
  context: { corpus: CorpusStatistics | undefined; associations: LearnedAssociations | undefined },
  share: number,
) {
  if (share <= 0 || items.length === 0) return undefined;
  return scorer.prepareAlert('', language, {
    corpus: context.corpus,
    learned: context.associations,
    extra: {
      terms: items.filter((item) => item.kind === 'term').map((item) => ({ text: item.value, weight: item.weight })),
      codes: items.filter((item) => item.kind === 'cpv').map((item) => ({ code: item.value, weight: item.weight })),
    },
  });
}

/** BM25-like saturation of a notice's field-weighted term frequency in its feedback vector. */
const SATURATION = 1.2;

/** A term's weight in a notice's feedback vector: its saturated frequency times its rarity. */
const termWeight = (frequency: number, idf: number) => (frequency / (frequency + SATURATION)) * Math.max(0, idf);

/** Inverse document frequency on the notices' statistics (every term 1 without them), cached per alert. */
function idfOf(corpus: CorpusStatistics | undefined): (termId: number) => number {
  if (!corpus || corpus.documents === 0) return () => 1;
  const cache = new Map<number, number>();
  const documents = corpus.documents;
  return (termId) => {
    let value = cache.get(termId);
    if (value === undefined) cache.set(termId, (value = Math.log((documents + 1) / (corpus.documentFrequency(termId) + 0.5))));
    return value;
  };
}

/** `idf` with the words of CPV labels (the scorer's label term ids) at `share` of their weight. */
function labelWordsAtShare(idf: (termId: number) => number, scorer: LocalScorer, share: number): (termId: number) => number {
  const keys = scorer.terms?.keys();
  if (share === 1 || !keys) return idf;
  return (termId) => (isLabelKey(keys[termId]) ? share * idf(termId) : idf(termId));
}

/** A notice as a unit vector of saturated, idf-weighted term frequencies: `visit` sees each term's share. */
function visitNoticeVector(project: PreparedProject, idf: (termId: number) => number, visit: (termId: number, weight: number) => void): void {
  const { termIds, termFrequencies } = project;
  const weights = new Float64Array(termIds.length);
  let norm = 0;
  for (let i = 0; i < termIds.length; i++) {
    const weight = termWeight(termFrequencies[i]!, idf(termIds[i]!));
    weights[i] = weight;
    norm += weight * weight;
  }
  if (norm === 0) return;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < termIds.length; i++) if (weights[i]! > 0) visit(termIds[i]!, weights[i]! * scale);
}

/** Unit vectors of several projects, by term: term id → flat pairs [project index, weight, …]. */
export interface LikedVectors {
  readonly count: number;
  readonly byTerm: ReadonlyMap<number, readonly number[]>;
  /** The document frequencies the vectors are weighed with, CPV labels' words at `likedLabelShare` (a project is weighed the same way). */
  readonly idf: (termId: number) => number;
}

function likedVectorsOf(projects: readonly PreparedProject[] | undefined, idf: (termId: number) => number): LikedVectors | undefined {
  if (!projects || projects.length === 0) return undefined;
  const byTerm = new Map<number, number[]>();
  projects.forEach((project, index) =>
    visitNoticeVector(project, idf, (term, weight) => {
      const pairs = byTerm.get(term);
      if (pairs) pairs.push(index, weight);
      else byTerm.set(term, [index, weight]);
    }),
  );
  return { count: projects.length, byTerm, idf };
}

/** The mean of the projects' unit vectors (Rocchio's centroid), or none for no project. */
function centroidOf(projects: readonly PreparedProject[] | undefined, idf: (termId: number) => number): Map<number, number> | undefined {
  if (!projects || projects.length === 0) return undefined;
  const centroid = new Map<number, number>();
  for (const project of projects) visitNoticeVector(project, idf, (term, weight) => centroid.set(term, (centroid.get(term) ?? 0) + weight / projects.length));
  return centroid;
}

/**
 * The disliked centroid keeps only what sets the disliked projects apart: terms neither the liked projects nor
 * the prompt have (a disliked project carrying the prompt's words only shows that they are not enough).
 */
function contrastOf(
  disliked: Map<number, number> | undefined,
  liked: LikedVectors | undefined,
  prompt: PreparedAlert,
  isName: (termId: number) => boolean,
): Map<number, number> | undefined {
  if (!disliked) return undefined;
  for (const term of disliked.keys()) if (liked?.byTerm.has(term) || prompt.termKeys.has(term) || isName(term)) disliked.delete(term);
  return disliked.size > 0 ? disliked : undefined;
}

/** Cosine similarity (0..1) of a project to the nearest of the liked projects (one pass over its terms: the score stage's hot path). */
export function likenessTo(liked: LikedVectors, project: PreparedProject): number {
  const { termIds, termFrequencies } = project;
  const { idf } = liked;
  const dots = new Float64Array(liked.count);
  let norm = 0;
  for (let i = 0; i < termIds.length; i++) {
    const weight = termWeight(termFrequencies[i]!, idf(termIds[i]!));
    norm += weight * weight;
    const pairs = liked.byTerm.get(termIds[i]!);
    if (pairs) for (let p = 0; p < pairs.length; p += 2) dots[pairs[p]!]! += weight * pairs[p + 1]!;
  }
  if (norm === 0) return 0;
  let best = 0;
  for (const dot of dots) if (dot > best) best = dot;
  return Math.min(1, best / Math.sqrt(norm));
}

/** Cosine-like similarity (0..1) of a project to a centroid of unit vectors (two passes, no allocation: the score stage's hot path). */
function similarityTo(centroid: ReadonlyMap<number, number>, project: PreparedProject, idf: (termId: number) => number): number {
  const { termIds, termFrequencies } = project;
  let norm = 0;
  let dot = 0;
  for (let i = 0; i < termIds.length; i++) {
    const weight = termWeight(termFrequencies[i]!, idf(termIds[i]!));
    norm += weight * weight;
    const other = centroid.get(termIds[i]!);
    if (other !== undefined) dot += weight * other;
  }
  return norm > 0 ? Math.min(1, dot / Math.sqrt(norm)) : 0;
}

export function prepareLearnedAlert(
  scorer: LocalScorer,
  prompt: string,
  language: Language,
  learning?: AlertLearning,
  corpus?: CorpusStatistics,
  /** What the notices taught (learned translations and word → CPV associations), if any. */
  associations?: LearnedAssociations,
  /** The prompt as `scorer.prepareAlert` reads it with this corpus and these associations, when already at hand. */
  prepared?: PreparedAlert,
): LearnedAlert {
  const base = prepared ?? scorer.prepareAlert(prompt, language, { corpus, learned: associations });
  const fedBack = (learning?.liked?.length ?? 0) + (learning?.disliked?.length ?? 0);
  if (!learning || learning.more.length + learning.less.length + learning.exclude.length + fedBack === 0) return base;
  const weights = learning.weights ?? LEARNING_WEIGHTS;
  const idf = idfOf(corpus);
  const liked = weights.likeShare > 0 ? likedVectorsOf(learning.liked, labelWordsAtShare(idf, scorer, weights.likedLabelShare)) : undefined;
  const disliked =
    weights.likeShare > 0 && weights.unlikeShare > 0
      ? contrastOf(centroidOf(learning.disliked, idf), liked, base, (term) => (corpus?.documentFrequency(term) ?? Infinity) < weights.unlikeMinDocuments)
      : undefined;
  const likedIds = new Set((learning.liked ?? []).map((project) => project.id));
  const similarity: FeedbackCentroids | undefined =
    liked || disliked ? { ...(liked ? { liked, likedIds } : {}), ...(disliked ? { disliked } : {}), idf } : undefined;

  // Rocchio on the prompt's own words and codes: those the liked projects carry weigh more, those of disliked ones less.
  const promptWords = new Set(base.concepts.map((concept) => foldWord(concept.surface)));
  const promptCodes = new Set(base.codes.map((code) => code.code));
  const keyOf = (item: LearnedItem) => (item.kind === 'term' ? foldWord(item.value) : `cpv:${item.value}`);
  const inPrompt = (item: LearnedItem) => (item.kind === 'term' ? promptWords.has(foldWord(item.value)) : promptCodes.has(item.value));
  const factors = new Map<string, number>();
  for (const item of learning.more) if (inPrompt(item)) factors.set(keyOf(item), 1 + weights.promptBoost * item.weight);
  for (const item of learning.less) {
    if (inPrompt(item)) factors.set(keyOf(item), Math.max(weights.minPromptShare, 1 - weights.promptDampen * item.weight));
  }
  const concepts = base.concepts.map((concept) => {
    const factor = concept.role === 'exclusion' ? undefined : factors.get(foldWord(concept.surface));
    return factor === undefined ? concept : { ...concept, weight: concept.weight * factor };
  });
  const codes = base.codes.map((code) => ({ ...code, weight: code.weight * (factors.get(`cpv:${code.code}`) ?? 1) }));

  const exclusions = learning.exclude
    .map((entry) =>
      entry
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => new Set(wholeWordTerms(prepareWord(scorer, word, language)).keys())),
    )
    .filter((words) => words.length > 0 && words.every((terms) => terms.size > 0));

  const sum = (role: string) => concepts.filter((concept) => concept.role === role).reduce((total, concept) => total + concept.weight, 0);
  // Renormalised, a project carrying every prompt word scores as before: reweighing shifts the evidence between words.
  const profile = { ...base, concepts, codes, subjectWeight: sum('subject'), qualifierWeight: sum('qualifier') };
  const indexTerms = new Set([...base.indexTerms, ...essentialTerms(profile, SCORE_FLOOR, SCORING_PARAMETERS)]);
  const companion = learnedQuery(
    scorer,
    learning.more.filter((item) => !inPrompt(item)),
    language,
    { corpus, associations },
    weights.companionShare,
  );
  const negative = learnedQuery(
    scorer,
    learning.less.filter((item) => !inPrompt(item)),
    language,
    { corpus, associations },
    weights.negativeShare,
  );
  return {
    ...profile,
    indexTerms: companion ? new Set([...indexTerms, ...companion.indexTerms]) : indexTerms,
    ...(companion ? { companion } : {}),
    ...(negative ? { negative } : {}),
    ...(similarity ? { similarity } : {}),
    exclusions,
    learningWeights: weights,
  };
}

function termWeightIn(project: PreparedProject, term: number): number {
  const { termIds, termFrequencies: termWeights } = project;
  let low = 0;
  let high = termIds.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const id = termIds[mid]!;
    if (id === term) return termWeights[mid]!;
    if (id < term) low = mid + 1;
    else high = mid - 1;
  }
  return 0;
}

function isExcluded(alert: LearnedAlert, project: PreparedProject): boolean {
  return (alert.exclusions ?? []).some((words) =>
    words.every((terms) => [...terms].some((term) => termWeightIn(project, term) >= LEARNING_WEIGHTS.minExcludedPresence)),
  );
}

/**
 * The alert's score with the companion's joined (noisy-or) and the similarity to the liked projects added,
 * then the negative query's penalty and the similarity to the disliked projects taken off, never more than
 * `maxPenalty` of it; 0 when excluded.
 */
function learnedScore(
  scorer: LocalScorer,
  alert: LearnedAlert,
  project: PreparedProject,
  own: number,
  floor = 0,
): { score: number; companion: number; lift?: number } {
  if (isExcluded(alert, project)) return { score: 0, companion: 0 };
  const weights = alert.learningWeights ?? LEARNING_WEIGHTS;
  const companion = alert.companion ? weights.companionShare * scorer.quickScore(alert.companion, project) : 0;
  const joined = 100 - ((100 - own) * (100 - companion)) / 100;
  const similarity = alert.similarity;
  // The likeness adds at most 100 × likeShare and the rest only lowers: a pair that cannot reach `floor` stops here.
  if (joined + (similarity?.liked ? 100 * weights.likeShare : 0) < floor - 0.5) return { score: Math.floor(joined), companion };
  const like = similarity?.liked ? weights.likeShare * likenessTo(similarity.liked, project) : 0;
  const unlike = similarity?.disliked ? weights.likeShare * weights.unlikeShare * similarityTo(similarity.disliked, project, similarity.idf) : 0;
  const penalty = alert.negative ? Math.min(weights.maxPenalty, (weights.negativeShare * scorer.quickScore(alert.negative, project)) / 100) : 0;
  const lifted = belowCeiling(joined + 100 * like, weights.liftKnee);
  const lowered = Math.max(lifted * (1 - weights.maxPenalty), lifted * (1 - penalty) - 100 * unlike);
  return { score: Math.round(lowered), companion, lift: 100 * like };
}

/**
 * A lifted score as it is above `knee`: it nears 100 without reaching it, so that the projects a likeness lifts past
 * 100 keep their order instead of all tying at 100 (the lists and the e-mail rank ties arbitrarily).
 */
function belowCeiling(score: number, knee: number): number {
  return score <= knee ? score : 100 - (100 - knee) * Math.exp(-(score - knee) / (100 - knee));
}

const learns = (alert: LearnedAlert) =>
  alert.companion !== undefined || alert.negative !== undefined || alert.similarity !== undefined || (alert.exclusions?.length ?? 0) > 0;

/** `scorer.scoreAtLeast` with what the alert learned applied; null below `floor` or when excluded. */
export function scoreLearnedAtLeast(scorer: LocalScorer, alert: LearnedAlert, project: PreparedProject, floor: number): ScoreResult | null {
  if (!learns(alert)) return scorer.scoreAtLeast(alert, project, floor);
  return scoreLearnedAtLeastFrom(scorer, alert, project, scorer.quickScore(alert, project), floor);
}

/** `scoreLearnedAtLeast` of an alert that learns, when its own score of the project (`scorer.quickScore`) is known. */
export function scoreLearnedAtLeastFrom(scorer: LocalScorer, alert: LearnedAlert, project: PreparedProject, own: number, floor: number): ScoreResult | null {
  const { score, companion, lift = 0 } = learnedScore(scorer, alert, project, own, floor);
  if (score < floor || score === 0) return null;
  // Explained by whichever query found the project, and by the likeness when it lifted the score by a few points.
  const explained = alert.companion && companion > own ? scorer.score(alert.companion, project) : scorer.score(alert, project);
  if (lift < LIKENESS_EXPLAINED || alert.similarity?.likedIds?.has(project.id)) return { score, explanation: explained.explanation };
  return { score, explanation: withLikeness(explained.explanation, alert.language, alert.similarity?.fromBestMatch ? 'best' : 'liked') };
}

/** Every project's score, excluded ones 0 (the evaluation ranks them all). */
export function scoreLearned(scorer: LocalScorer, alert: LearnedAlert, project: PreparedProject): number {
  const own = scorer.quickScore(alert, project);
  return learns(alert) ? learnedScore(scorer, alert, project, own).score : own;
}
