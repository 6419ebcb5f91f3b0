import { foldDiacritics } from './text-analysis.ts';

const LINKS = ['', 's', 'es', 'n', 'en', 'er', 'e'];
const MIN_PART = 3;
const MIN_LEARNED_PART = 4;
const MIN_UNKNOWN_PART = 4;
/** A part outside the vocabulary is at least this long. */
const MIN_UNKNOWN_WORD = 5;
/** The weight (as a count) of a part outside the vocabulary that begins as vocabulary words begin, and of one that does not. */
const UNKNOWN_WORD_LIKE = 0.5;
const UNKNOWN_UNLIKE = 0.1;
/** Linking elements that are no inflection: what follows them is a compound member, never a suffix. */
const GENITIVE_LINKS = new Set(['s', 'es']);
/** A piece ending this many vocabulary words is an ending. */
const MIN_ENDING_WORDS = 3;
/** Letters an inflection adds to a stem ("-en", "-ern", "-es"). */
const MAX_INFLECTION = 3;
/** A known part beside an unknown one is at least this long. */
const MIN_BESIDE_UNKNOWN = 6;
/** Verb particles and prefixes: "Unterhalt" is one word, not "unter" + "halt". */
const PARTICLES = new Set([
  'ab',
  'an',
  'auf',
  'aus',
  'bei',
  'durch',
  'ein',
  'ent',
  'gegen',
  'hinter',
  'mit',
  'nach',
  'neben',
  'ober',
  'uber',
  'um',
  'unter',
  'ver',
  'vor',
  'wider',
  'wieder',
  'zer',
  'zu',
  'zusammen',
  'zwischen',
  'multi',
  'inter',
  'sonder',
]);

/** Derivational suffixes of German adjectives and abstract nouns: "öffent|lich" is one word, whatever "Licht" begins with. */
const SUFFIXES = /^(lich|isch|heit|keit)(e|en|er|es|em)?$/;
const DERIVATION_START = /^(ung|heit|keit|schaft)/;

const VOWELS = /[aeiouy]$/;
/** Whether German puts this linking element after this modifier: "-n" after an "-e" (Fassade-n-), the others after a consonant. */
function linkFits(modifier: string, link: string): boolean {
  if (link === 'n') return modifier.endsWith('e');
  if (link === 's') return !modifier.endsWith('s');
  return !VOWELS.test(modifier);
}

export interface CompoundSplitter {
  /** Parts of a German compound ("glasreinigung" → ["glas", "reinigung"]), or [] when it does not split. */
  split(word: string): string[];
}

/** What the splitter knows of its corpus: plain data, so that it can be cached. */
export interface SplitterVocabulary {
  frequency: ReadonlyMap<string, number>;
  known: ReadonlyMap<string, number>;
  stems: ReadonlySet<string>;
  /** Every prefix (3+ letters) of a vocabulary word: a piece none starts with is an ending, not a word. */
  wordStarts: ReadonlySet<string>;
}

export function deriveSplitterVocabulary(corpusWords: Iterable<string>, stem: (word: string) => string): SplitterVocabulary {
  const frequency = new Map<string, number>();
  for (const raw of corpusWords) {
    const word = foldDiacritics(raw.toLowerCase());
    frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const known = new Map(frequency);
  const stems = new Set([...frequency.keys()].map(stem));
  // A piece no vocabulary word starts with is a derivational ending left by a wrong cut ("leit" + "ungen").
  const wordStarts = new Set<string>();
  for (const word of frequency.keys()) for (let i = MIN_PART; i <= word.length; i++) wordStarts.add(word.slice(0, i));
  learnSharedParts(frequency, known);
  return { frequency, known, stems, wordStarts };
}

export function compoundSplitterOf(vocabulary: SplitterVocabulary, stem: (word: string) => string): CompoundSplitter {
  const { frequency, known, stems, wordStarts } = vocabulary;
  // An inflected form ("bauwerken") starts no vocabulary word, but its stem does ("bauwerke").
  // (The stemmer runs only when the part without its last letters starts a vocabulary word: most pieces tried do not.)
  // A stem of three letters says nothing: any three letters start some word ("ungen" → "ung", as "ungiftig").
  const isEnding = (part: string) =>
    !wordStarts.has(part) && !(wordStarts.has(part.slice(0, Math.max(MIN_PART, part.length - MAX_INFLECTION))) && isWordStart(stem(part)));
  const isWordStart = (root: string) => root.length >= MIN_LEARNED_PART && wordStarts.has(root);
  // Pieces that end several vocabulary words ("ungen", "schaften", "ierung") are endings left by a wrong cut, not words.
  const endings = new Map<string, number>();
  for (const word of frequency.keys()) for (let i = 1; i <= word.length - MIN_PART; i++) endings.set(word.slice(i), (endings.get(word.slice(i)) ?? 0) + 1);
  const isCommonEnding = (part: string) => (endings.get(part) ?? 0) >= MIN_ENDING_WORDS;

  const isKnown = (part: string): number => {
    if (PARTICLES.has(part) || isEnding(part) || SUFFIXES.test(part)) return 0;
    const min = frequency.has(part) ? MIN_PART : MIN_LEARNED_PART;
    if (part.length < min) return 0;
    const count = known.get(part);
    if (count) return count;
    return part.length >= MIN_UNKNOWN_PART && stems.has(stem(part)) ? 1 : 0;
  };

  type Split = { parts: string[]; score: number; unknown: number };
  const memo = new Map<string, Split | null>();
  const better = (a: Split | null, b: Split): boolean =>
    !a ||
    b.unknown < a.unknown ||
    (b.unknown === a.unknown && b.parts.length < a.parts.length) ||
    (b.unknown === a.unknown && b.parts.length === a.parts.length && b.score > a.score);

  const beginsLikeAWord = (piece: string) => wordStarts.has(piece.slice(0, MIN_UNKNOWN_PART));
  const sharedStart = (piece: string) => {
    let length = MIN_UNKNOWN_PART;
    while (length < piece.length && wordStarts.has(piece.slice(0, length + 1))) length++;
    return length;
  };
  /** `afterLink`: the linking element before a part that follows a modifier ('' for none), null for a compound's first part. */
  const partOf = (part: string, allowUnknown: boolean, afterLink: string | null = null): { count: number; unknown: number } | null => {
    const count = isKnown(part);
    if (count) return { count, unknown: 0 };
    // A word the vocabulary lacks ("lizenzen", "informatik") may be one part, if it is no ending of other words
    // (after a genitive "-s"/"-es", which joins compound members, a piece is a word even if words end so: "…s|zeiten").
    if (!allowUnknown || part.length < MIN_UNKNOWN_WORD || PARTICLES.has(part)) return null;
    if (isCommonEnding(part) && !GENITIVE_LINKS.has(afterLink ?? '')) return null;
    // A piece that starts with a noun suffix right after its modifier is the modifier's derivation cut in two
    // ("Unterhalt|ungsprogramm" is "Unterhaltungs|programm"), no part of its own.
    if (afterLink === '' && DERIVATION_START.test(part)) return null;
    // A piece that begins as no vocabulary word begins, but would without a leading linking element ("skonzept" and
    // "konzept", as "Konzert"), is that word after the modifier's link ("Entsorgungs|konzept"), no part of its own.
    // After a modifier, the longer its start that vocabulary words share, the likelier a word ("periode", as
    // "Periodika", over "speriode", as "Sperre").
    if (beginsLikeAWord(part)) return { count: afterLink === null ? UNKNOWN_WORD_LIKE : (UNKNOWN_WORD_LIKE * sharedStart(part)) / part.length, unknown: 1 };
    const linked = afterLink === '' && LINKS.some((link) => link !== '' && part.startsWith(link) && beginsLikeAWord(part.slice(link.length)));
    return linked ? null : { count: UNKNOWN_UNLIKE, unknown: 1 };
  };
  // Beside a part the vocabulary lacks, the known one must be a whole word of some length, or the plural of a known noun
  // in -ung, German's most common compound head ("Gemeinde|verwaltungen"): "kanalisat" + "ionen" is no split.
  const isCorpusWord = (part: string): boolean =>
    part.length >= MIN_BESIDE_UNKNOWN && (frequency.has(part) || (part.endsWith('ungen') && frequency.has(stem(part))));

  /** At most one part may be outside the vocabulary, and only in a two-part split, so that "Gemeindeparkplatz" still splits. */
  const bestSplit = (word: string, allowUnknown: boolean): Split | null => {
    let result: Split | null = null;
    // Of two readings with a part the vocabulary lacks that score alike, the one whose linking element goes with the modifier ("Leuchte|n|wartungen",
    // not "Leuchte|nwartungen"): a piece the vocabulary lacks tells nothing of where its first letter belongs.
    let resultLink = 0;
    for (let i = MIN_PART; i <= word.length - MIN_PART; i++) {
      const tail = word.slice(i);
      const head = word.slice(0, i);
      for (const link of LINKS) {
        if (link && !head.endsWith(link)) continue;
        // "gegen|stand" is no "geg(e)" + "n": a particle with what looks like a link is still a particle.
        if (link && PARTICLES.has(head)) continue;
        const modifier = head.slice(0, head.length - link.length);
        // German links with "-n" only after an "-e" ("Seite|n|wand"): "Telefon|netz" is no "Telefo|n|netz", "Turnhallen" no "Tür".
        if (link === 'n' && !linkFits(modifier, link)) continue;
        const known = partOf(modifier, false);
        const rest = known
          ? (best(tail, false) ?? (allowUnknown && isCorpusWord(modifier) ? asWhole(tail, true, link) : null))
          : allowUnknown && isCorpusWord(tail)
            ? asWhole(tail, false)
            : null;
        const first = known ?? partOf(modifier, allowUnknown);
        if (!first || !rest || first.unknown + rest.unknown > 1) continue;
        const candidate = {
          parts: [modifier, ...rest.parts],
          score: (Math.log(first.count + 1) + rest.score * rest.parts.length) / (rest.parts.length + 1),
          unknown: first.unknown + rest.unknown,
        };
        const tie = result !== null && !better(result, candidate) && !better(candidate, result);
        if (better(result, candidate) || (tie && candidate.unknown > 0 && link.length > resultLink && linkFits(modifier, link))) {
          result = candidate;
          resultLink = link.length;
        }
      }
    }
    return result;
  };

  const asWhole = (word: string, allowUnknown: boolean, afterLink: string | null = null): Split | null => {
    const part = partOf(word, allowUnknown, afterLink);
    return part ? { parts: [word], score: Math.log(part.count + 1), unknown: part.unknown } : null;
  };

  const best = (word: string, allowUnknown: boolean): Split | null => {
    const key = `${allowUnknown ? 1 : 0}${word}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const result = asWhole(word, false) ?? bestSplit(word, false) ?? (allowUnknown ? asWhole(word, true) : null);
    memo.set(key, result);
    return result;
  };

  return {
    split(word) {
      const folded = foldDiacritics(word.toLowerCase());
      if (folded.length < 2 * MIN_PART) return [];
      const split = bestSplit(folded, false) ?? bestSplit(folded, true);
      if (!split) return [];
      const isVocabularyWord = frequency.has(folded) || stems.has(stem(folded));
      if (isVocabularyWord && split.unknown > 0) return [];
      return split.parts;
    },
  };
}

/**
 * A piece that is a linking element followed by a vocabulary word ("sanlagen" after "Kühlung") is that word, the
 * link belonging to the modifier: it is no part of its own.
 */
function startsWithLink(piece: string, frequency: ReadonlyMap<string, number>): boolean {
  return LINKS.some(
    (link) => link !== '' && piece.startsWith(link) && piece.length - link.length >= MIN_LEARNED_PART && frequency.has(piece.slice(link.length)),
  );
}

function learnSharedParts(frequency: ReadonlyMap<string, number>, known: Map<string, number>): void {
  const heads = new Map<string, Set<string>>();
  const modifiers = new Map<string, Set<string>>();
  const note = (table: Map<string, Set<string>>, part: string, word: string) => {
    if (part.length < MIN_LEARNED_PART + 1 || PARTICLES.has(part)) return;
    let words = table.get(part);
    if (!words) table.set(part, (words = new Set()));
    words.add(word);
  };
  for (const word of frequency.keys()) {
    if (word.length < 2 * MIN_LEARNED_PART) continue;
    for (let i = MIN_PART; i <= word.length - MIN_LEARNED_PART; i++) {
      const head = word.slice(0, i);
      const tail = word.slice(i);
      for (const link of LINKS) {
        if (link && !head.endsWith(link)) continue;
        const modifier = link ? head.slice(0, head.length - link.length) : head;
        // Nor a tail that is a vocabulary word without the link's letters: "Zeit|erfassung" teaches no "fassung".
        if (modifier.length >= MIN_LEARNED_PART && frequency.has(modifier) && !startsWithLink(tail, frequency) && !(link && frequency.has(link + tail)))
          note(heads, tail, word);
      }
      if (tail.length >= MIN_LEARNED_PART && frequency.has(tail)) {
        note(modifiers, head, word);
        for (const link of LINKS) if (link && head.endsWith(link)) note(modifiers, head.slice(0, head.length - link.length), word);
      }
    }
  }
  for (const table of [heads, modifiers]) {
    for (const [part, words] of table) if (words.size >= 2 && !known.has(part)) known.set(part, words.size);
  }
}
