import { describe, expect, it } from 'vitest';
import { clampPercent, scoreColour, scoreLevel } from './score.ts';

describe('score levels and colours (docs/product.md §9)', () => {
  it('maps badge levels at 80 and 50', () => {
    expect(scoreLevel(100)).toBe('success');
    expect(scoreLevel(80)).toBe('success');
    expect(scoreLevel(79)).toBe('warning');
    expect(scoreLevel(50)).toBe('warning');
    expect(scoreLevel(49)).toBe('default');
    expect(scoreLevel(0)).toBe('default');
  });

  it('maps colours at 85 and 70', () => {
    expect(scoreColour(85)).toBe('green');
    expect(scoreColour(84)).toBe('blue');
    expect(scoreColour(70)).toBe('blue');
    expect(scoreColour(69)).toBe('amber');
  });

  it('never invents a score: missing means "none"', () => {
    expect(scoreLevel(null)).toBe('none');
    expect(scoreLevel(undefined)).toBe('none');
    expect(scoreColour(null)).toBe('none');
    expect(clampPercent(null)).toBe(0);
    expect(clampPercent(120)).toBe(100);
  });
});
