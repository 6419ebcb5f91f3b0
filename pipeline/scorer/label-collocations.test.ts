import { describe, expect, it } from 'vitest';
import { labelCollocationsOf } from './label-collocations.ts';

// Made-up label stems: "pomp chaleur" is a name of its own, "pomp" and "eau" only meet twice.
const labels = [
  ...Array.from({ length: 4 }, () => ({ language: 'fr' as const, stems: ['pomp', 'chaleur'] })),
  { language: 'fr' as const, stems: ['chaleur', 'solair'] },
  { language: 'fr' as const, stems: ['pomp', 'eau'] },
  { language: 'fr' as const, stems: ['pomp', 'eau', 'pomp', 'eau'] },
  ...Array.from({ length: 3 }, () => ({ language: 'de' as const, stems: ['warm', 'pump'] })),
];

describe('label collocations', () => {
  it("measures a pair by the share of the rarer stem's labels that hold it, per language and in order", () => {
    const strength = labelCollocationsOf(labels);
    // "pomp chaleur" stands in 4 labels; "chaleur" in 5, "pomp" in 6: 4 / 5.
    expect(strength.get('fr:pomp chaleur')).toBeCloseTo(0.8);
    expect(strength.get('fr:chaleur pomp')).toBeUndefined();
    expect(strength.get('de:warm pump')).toBe(1);
    expect(strength.get('fr:warm pump')).toBeUndefined();
  });

  it('ignores a pair of fewer than three labels, counting each label once', () => {
    expect(labelCollocationsOf(labels).get('fr:pomp eau')).toBeUndefined();
  });
});
