export type ScoreLevel = 'success' | 'warning' | 'default' | 'none';
export type ScoreColour = 'green' | 'blue' | 'amber' | 'none';

export function hasScore(score: number | null | undefined): score is number {
  return typeof score === 'number' && Number.isFinite(score);
}

/** A match is a score at or above the server's MATCH_THRESHOLD (GET /api/config); every count and list uses this. */
export function isMatch(score: number | null | undefined, threshold: number): score is number {
  return hasScore(score) && score >= threshold;
}

/** Badge level (docs/product.md §9): 80+ success, 50-79 warning, below 50 default; no score → 'none' ("no match"). */
export function scoreLevel(score: number | null | undefined): ScoreLevel {
  if (!hasScore(score)) return 'none';
  if (score >= 80) return 'success';
  if (score >= 50) return 'warning';
  return 'default';
}

/** Bar colour (docs/product.md §9): 85+ green, 70+ blue, below 70 amber. */
export function scoreColour(score: number | null | undefined): ScoreColour {
  if (!hasScore(score)) return 'none';
  if (score >= 85) return 'green';
  if (score >= 70) return 'blue';
  return 'amber';
}

export function clampPercent(value: number | null | undefined): number {
  if (!hasScore(value)) return 0;
  return Math.max(0, Math.min(100, Math.round(value)));
}
