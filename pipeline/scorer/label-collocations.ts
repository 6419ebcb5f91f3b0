import type { Language } from '../../domain/languages.ts';

/** A pair seen in fewer labels says nothing about the language. */
const MIN_PAIR_LABELS = 3;

/**
 * Two stems that follow each other in the CPV labels of a language ("instruments de musique", "musical instruments",
 * "strumenti musicali"): `language:first second` → the share of the rarer stem's labels in which the other stands
 * beside it (a stop word between them does not count). A name of two words is one thing, and a prompt naming it
 * should not weigh it as two.
 */
export function labelCollocationsOf(labels: Iterable<{ language: Language; stems: readonly string[] }>): Map<string, number> {
  const labelsOf = new Map<string, number>();
  const pairs = new Map<string, number>();
  for (const { language, stems } of labels) {
    for (const stem of new Set(stems)) labelsOf.set(`${language}:${stem}`, (labelsOf.get(`${language}:${stem}`) ?? 0) + 1);
    const seen = new Set<string>();
    for (let i = 1; i < stems.length; i++) {
      if (stems[i - 1] === stems[i]) continue;
      const key = `${language}:${stems[i - 1]} ${stems[i]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
  }
  const strength = new Map<string, number>();
  for (const [key, count] of pairs) {
    if (count < MIN_PAIR_LABELS) continue;
    const [language, rest] = [key.slice(0, 2), key.slice(3)];
    const [first, second] = rest.split(' ') as [string, string];
    strength.set(key, count / Math.min(labelsOf.get(`${language}:${first}`)!, labelsOf.get(`${language}:${second}`)!));
  }
  return strength;
}
