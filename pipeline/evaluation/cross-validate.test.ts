import { describe, expect, it } from 'vitest';
import { flattestPoint, TUNED_GRID, type TunedValues } from './cross-validate.ts';

const point = (k1: number, b: number): TunedValues => ({
  k1,
  cpv: TUNED_GRID.cpv[0],
  b,
  queryBreadth: TUNED_GRID.queryBreadth[0],
  qualifierMass: TUNED_GRID.qualifierMass[0],
  qualifierCodeShare: TUNED_GRID.qualifierCodeShare[0],
  collocationShare: TUNED_GRID.collocationShare[0],
});

describe('choosing grid points', () => {
  it('chooses the point whose neighbourhood does best, not a lone spike', () => {
    const points = TUNED_GRID.k1.flatMap((k1) => TUNED_GRID.b.map((b) => point(k1, b)));
    const spike = point(TUNED_GRID.k1[0], TUNED_GRID.b[2]);
    const plateau = point(TUNED_GRID.k1[2], TUNED_GRID.b[0]);
    const value = (candidate: TunedValues) => {
      if (candidate.k1 === spike.k1 && candidate.b === spike.b) return 0.9;
      // Good around the plateau's corner, poor elsewhere (the spike's neighbours included).
      return candidate.k1 === plateau.k1 || candidate.b === plateau.b ? 0.85 : 0.5;
    };
    expect(flattestPoint(points, value)).toEqual(plateau);
    // The single best point is the spike.
    expect(Math.max(...points.map(value))).toBe(value(spike));
  });

  it('keeps the first of equally good points', () => {
    const points = TUNED_GRID.k1.map((k1) => point(k1, TUNED_GRID.b[0]));
    expect(flattestPoint(points, () => 0.7)).toEqual(points[0]);
  });
});
