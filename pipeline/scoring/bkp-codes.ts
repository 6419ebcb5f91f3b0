/**
 * Swiss building cost codes (BKP/CFC/CCC: "BKP 23 Elektroanlagen", "CFC 271 Plâtrerie") name the trade
 * in every language at once. A code in an alert covers every code it prefixes: BKP 23 covers 230–239.
 */
const BKP_CODE = /\b(?:bkp|cfc|ccc|ebkp-h)\s*:?\s*(\d{1,3}(?:\.\d{1,2})?)/gi;

export function extractBkpCodes(text: string): string[] {
  const codes = new Set<string>();
  for (const match of text.matchAll(BKP_CODE)) codes.add(match[1]!.replace(/\.0+$/, ''));
  return [...codes];
}

/** The alert code that covers one of the project's codes, if any. */
export function coveringBkpCode(alertCodes: readonly string[], projectCodes: readonly string[]): string | null {
  for (const wanted of alertCodes) {
    for (const carried of projectCodes) if (carried.startsWith(wanted)) return carried;
  }
  return null;
}
