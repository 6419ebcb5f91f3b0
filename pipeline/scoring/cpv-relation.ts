/**
 * How close two CPV codes are: the same code, the same category, class, group or only the same
 * division. Codes are 8 digits; the hierarchy lives in their leading digits.
 */
export function cpvRelation(a: string, b: string): number {
  if (a === b) return 1;
  let shared = 0;
  while (shared < 8 && a[shared] === b[shared]) shared++;
  if (shared >= 5) return 0.9;
  if (shared === 4) return 0.8;
  if (shared === 3) return 0.65;
  if (shared === 2) return DIVISION_RELATION;
  return 0;
}

export const DIVISION_RELATION = 0.3;

/** The group (first three digits) under which projects are indexed. */
export const cpvGroup = (code: string): string => code.slice(0, 3);
