import { DEFAULT_THRESHOLDS, SCORE_FLOOR } from '../../domain/score-thresholds.ts';

/** A labelled pair's evidence (0..1, before the score map) and its judged relevance (0 when unjudged). */
export interface EvidencePair {
  evidence: number;
  relevance: number;
}

export interface CalibrationTargets {
  /** Share of pairs at or above the e-mail knot that must be relevant. */
  precision: number;
  /** Share of relevance-2 pairs that must stay at or above the storage knot. */
  storedRecall: number;
  /** Fewest pairs above the e-mail knot for its precision to be believed. */
  minPairs: number;
}

/**
 * The e-mail knot is fitted for 0.85 on the pairs it is fitted on, so that it holds 0.8 on alerts it was not
 * fitted on (cross-validation shows a fitted precision drops by a few points on held-out alerts).
 */
export const CALIBRATION_TARGETS: CalibrationTargets = Object.freeze({ precision: 0.85, storedRecall: 0.8, minPairs: 10 });

/** A pair less than a quarter as sure as an e-mailed one is not worth storing. */
const MIN_STORE_SHARE = 0.25;

/**
 * The score map's knots from labelled pairs: the e-mail knot (70) at the lowest evidence above which
 * pairs are relevant at least `precision` of the time, the storage knot (20) where `storedRecall` of the
 * relevance-2 pairs stay above it. Monotone, with (0, 0) and (1, 100) at the ends.
 */
export function fitCalibration(
  pairs: readonly EvidencePair[],
  knots: { store: number; email: number } = { store: SCORE_FLOOR, email: DEFAULT_THRESHOLDS.notify },
  targets: CalibrationTargets = CALIBRATION_TARGETS,
): Array<[number, number]> {
  const sorted = [...pairs].filter((pair) => pair.evidence > 0).sort((a, b) => b.evidence - a.evidence);
  let relevant = 0;
  let email = 1;
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i]!.relevance >= 1) relevant += 1;
    const next = sorted[i + 1]?.evidence;
    // Only between distinct evidence values: a knot cannot split tied pairs.
    if (next !== undefined && next === sorted[i]!.evidence) continue;
    if (i + 1 >= targets.minPairs && relevant / (i + 1) >= targets.precision) email = sorted[i]!.evidence;
  }
  const highly = sorted.filter((pair) => pair.relevance >= 2).map((pair) => pair.evidence);
  const kept = Math.ceil(targets.storedRecall * highly.length);
  let store = highly.length > 0 ? (highly[Math.max(0, kept - 1)] ?? 0) : email / 3;
  email = Math.min(email, 0.99);
  store = Math.max(email * MIN_STORE_SHARE, Math.min(store, email * 0.9));
  return [
    [0, 0],
    [round(store), knots.store],
    [round(email), knots.email],
    [1, 100],
  ];
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Precision of the pairs at or above `score`, and the share of relevance-2 pairs among them. */
export function emailFigures(
  pairs: ReadonlyArray<{ score: number; relevance: number }>,
  threshold: number,
): { emailed: number; relevant: number; highly: number; highlyEmailed: number } {
  let emailed = 0;
  let relevant = 0;
  let highly = 0;
  let highlyEmailed = 0;
  for (const pair of pairs) {
    if (pair.relevance >= 2) highly += 1;
    if (pair.score < threshold) continue;
    emailed += 1;
    if (pair.relevance >= 1) relevant += 1;
    if (pair.relevance >= 2) highlyEmailed += 1;
  }
  return { emailed, relevant, highly, highlyEmailed };
}
