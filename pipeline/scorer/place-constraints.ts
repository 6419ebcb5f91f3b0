import { CANTONS, EXCLUSIVE_MARKERS, PLACE_INTRODUCERS, REGIONS } from './swiss-places.ts';
import { foldDiacritics, PREFERENCE_WORDS } from './text-analysis.ts';

export interface PlaceConstraint {
  /** The cantons asked for; empty when the prompt only excludes some ("sauf dans le canton de Genève"). */
  cantons: ReadonlySet<string>;
  exclusive: boolean;
  /** A preference, not a condition ("bevorzugt in der Zentralschweiz"): a notice elsewhere loses only a little. */
  preferred?: boolean;
  /** The cantons named in an exclusion ("except in Ticino", "ausser im Kanton Zürich"). */
  excluded: ReadonlySet<string>;
}

/** Where a notice stands to the prompt's places. */
export type PlaceRelation = 'inside' | 'outside' | 'excluded';

/** How a notice in `canton` (null: unknown) stands to the constraint, or null when the constraint says nothing about it. */
export function placeRelation(place: PlaceConstraint, canton: string | null): PlaceRelation | 'unknown' | null {
  if (canton !== null && place.excluded.has(canton)) return 'excluded';
  if (place.cantons.size === 0) return null;
  if (canton === null) return 'unknown';
  return place.cantons.has(canton) ? 'inside' : 'outside';
}

/** The share of its evidence a notice in `canton` keeps: all inside, less outside or unknown, least in an excluded canton. */
export function placeFactorOf(
  place: PlaceConstraint | null,
  canton: string | null,
  factors: Readonly<{ outside: number; outsideExclusive: number; unknown: number }>,
): number {
  if (!place) return 1;
  switch (placeRelation(place, canton)) {
    case 'excluded':
      return factors.outsideExclusive;
    case 'outside':
      return place.exclusive ? factors.outsideExclusive : place.preferred ? factors.unknown : factors.outside;
    case 'unknown':
      return factors.unknown;
    default:
      return 1;
  }
}

export interface PlaceMention {
  /** The canton named, or '' for a name of Switzerland as a whole (a place word that constrains nothing). */
  canton: string;
  /** A town is finer than its canton; a canton or a region names whole cantons. */
  town?: boolean;
  /** Indices of the words naming the place, so they are not read as subject words. */
  wordIndices: number[];
}

interface PlaceName {
  words: string[];
  canton: string;
  ambiguous: boolean;
  town: boolean;
}

const normalizeWord = (word: string): string => foldDiacritics(word.toLowerCase());

const PLACE_NAMES: PlaceName[] = CANTONS.flatMap((canton) =>
  [...canton.names, ...(canton.adjectives ?? []), ...canton.towns].map((name) => ({
    words: splitWords(name).map(normalizeWord),
    canton: canton.code,
    ambiguous: canton.ambiguous?.includes(name) ?? false,
    town: canton.towns.includes(name),
  })),
).sort((a, b) => b.words.length - a.words.length);

const CANTON_CODES = new Set(CANTONS.map((canton) => canton.code));

interface RegionName {
  words: string[];
  cantons: readonly string[];
}

const REGION_NAMES: RegionName[] = REGIONS.flatMap((region) =>
  region.names.map((name) => ({ words: splitWords(name).map(normalizeWord), cantons: region.cantons })),
).sort((a, b) => b.words.length - a.words.length);
const INTRODUCERS = new Set(PLACE_INTRODUCERS.map(normalizeWord));
const EXCLUSIVE = new Set(EXCLUSIVE_MARKERS.map(normalizeWord));
/** The bare negations of the four languages. Before an exclusive marker they widen ("nicht nur im Kanton Bern", "pas uniquement", "not only"). */
export const NEGATIONS: ReadonlySet<string> = new Set(['nicht', 'pas', 'non', 'not']);
/** "AG" is also the company suffix (Aktiengesellschaft), so it is a canton only after "Kanton". */
const AMBIGUOUS_CODES = new Set(['AG']);
const FILLERS = new Set([
  'de',
  // Elided: "canton d’Uri", "canton d'Argovie".
  'd',
  'du',
  'des',
  'di',
  'del',
  'of',
  'the',
  'le',
  'la',
  'des',
  'dans',
  'im',
  'in',
  'nel',
  'en',
  'au',
  'ou',
  'oder',
  'o',
  'or',
  'et',
  'und',
  'e',
  'and',
  'et',
]);

/** Words with their original case; the same split as the one the analyzer uses. */
export function splitWords(text: string): string[] {
  return text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The places a text names. A prompt (`requireIntroducerForAmbiguous`) may also name a region ("Suisse romande",
 * "Ostschweiz"): one mention per canton of it, on the same words; a notice's own canton comes from a canton or town.
 */
export function findPlaceMentions(words: readonly string[], requireIntroducerForAmbiguous = true): PlaceMention[] {
  const folded = words.map(normalizeWord);
  const mentions: PlaceMention[] = [];
  const introduced = (index: number): boolean => {
    for (let i = index - 1; i >= 0 && i >= index - 3; i--) {
      if (INTRODUCERS.has(folded[i] ?? '')) return true;
      if (!FILLERS.has(folded[i] ?? '')) return false;
    }
    return false;
  };
  /** Ambiguous names not introduced: places after all when they stand in a list of places ("Luzern und Zug", "AG, SO, BL"). */
  const pending: PlaceMention[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word.length === 2 && CANTON_CODES.has(word)) {
      (!AMBIGUOUS_CODES.has(word) || introduced(i) ? mentions : pending).push({ canton: word, wordIndices: [i] });
      continue;
    }
    // A notice's place is one canton: of the regions, only those within one canton tell it.
    const region = REGION_NAMES.find(
      (candidate) => (requireIntroducerForAmbiguous || candidate.cantons.length === 1) && candidate.words.every((part, offset) => folded[i + offset] === part),
    );
    if (region) {
      const wordIndices = region.words.map((_, offset) => i + offset);
      for (const canton of region.cantons.length > 0 ? region.cantons : ['']) mentions.push({ canton, wordIndices });
      i += region.words.length - 1;
      continue;
    }
    const name = PLACE_NAMES.find((candidate) => candidate.words.every((part, offset) => folded[i + offset] === part));
    if (!name) continue;
    const mention = { canton: name.canton, wordIndices: name.words.map((_, offset) => i + offset), ...(name.town ? { town: true } : {}) };
    (name.ambiguous && requireIntroducerForAmbiguous && !introduced(i) ? pending : mentions).push(mention);
    i += name.words.length - 1;
  }
  // Only in a prompt: a notice's "Muster AG, Zürich" is a company, not a list.
  for (let added = requireIntroducerForAmbiguous; added;) {
    added = false;
    for (const candidate of [...pending]) {
      if (!mentions.some((mention) => inOneList(folded, mention.wordIndices, candidate.wordIndices))) continue;
      mentions.push(candidate);
      pending.splice(pending.indexOf(candidate), 1);
      added = true;
    }
  }
  return (requireIntroducerForAmbiguous ? narrowedRegions(folded, mentions) : mentions).sort((a, b) => a.wordIndices[0]! - b.wordIndices[0]!);
}

/**
 * A region followed by a list of its own cantons ("Ostschweiz (SG, TG, AR, AI)", "Suisse romande : VD et GE") names
 * those cantons, not the whole region. A list that names a canton outside it ("Zentralschweiz und Zürich") adds to it.
 */
function narrowedRegions(folded: readonly string[], mentions: PlaceMention[]): PlaceMention[] {
  const regions = new Map<string, PlaceMention[]>();
  for (const mention of mentions) {
    const key = mention.wordIndices.join(',');
    regions.set(key, [...(regions.get(key) ?? []), mention]);
  }
  let result = mentions;
  for (const region of regions.values()) {
    if (region.length < 2) continue;
    const listed: PlaceMention[] = [];
    let last = region[0]!.wordIndices;
    for (;;) {
      const next = mentions.find(
        (mention) =>
          !region.includes(mention) &&
          !listed.includes(mention) &&
          (listed.length === 0 ? mention.wordIndices[0] === last[last.length - 1]! + 1 : inOneList(folded, last, mention.wordIndices)),
      );
      if (!next) break;
      listed.push(next);
      last = next.wordIndices;
    }
    const cantons = new Set(listed.map((mention) => mention.canton));
    if (listed.length === 0 || ![...cantons].every((canton) => region.some((mention) => mention.canton === canton))) continue;
    result = result.filter((mention) => !region.includes(mention) || cantons.has(mention.canton));
  }
  return result;
}

/** Words that join the items of a list, in the four languages. */
export const LIST_JOINERS: ReadonlySet<string> = new Set(['und', 'oder', 'sowie', 'bzw', 'resp', 'et', 'ou', 'ni', 'e', 'o', 'oppure', 'and', 'or', 'nor']);

/** Whether two places stand next to each other in a list: adjacent words ("AG, SO": commas are not words) or one joiner apart. */
function inOneList(folded: readonly string[], a: readonly number[], b: readonly number[]): boolean {
  const [first, second] = a[0]! < b[0]! ? [a, b] : [b, a];
  const gap = second[0]! - first[first.length - 1]!;
  return gap === 1 || (gap === 2 && LIST_JOINERS.has(folded[second[0]! - 1] ?? ''));
}

/** The places asked for (`mentions`) and those excluded (`excludedMentions`), or null when the prompt names none. */
export function readPlaceConstraint(
  words: readonly string[],
  mentions: readonly PlaceMention[],
  excludedMentions: readonly PlaceMention[] = [],
): PlaceConstraint | null {
  const cantonsOf = (list: readonly PlaceMention[]) => new Set(list.map((mention) => mention.canton).filter((canton) => canton !== ''));
  const cantons = cantonsOf(mentions);
  const excluded = cantonsOf(excludedMentions);
  // A town excluded inside a canton asked for ("nur im Kanton Bern, aber nicht in Thun") is finer than a canton: the canton
  // stays wanted. A canton excluded from a region asked for ("Nordwestschweiz ohne Basel-Stadt") leaves the region.
  const wholeCantons = cantonsOf(excludedMentions.filter((mention) => !mention.town));
  for (const canton of cantons) {
    if (wholeCantons.has(canton)) cantons.delete(canton);
    else excluded.delete(canton);
  }
  if (cantons.size === 0 && excluded.size === 0) return null;
  const exclusive = words.some((word, index) => EXCLUSIVE.has(normalizeWord(word)) && !NEGATIONS.has(normalizeWord(words[index - 1] ?? '')));
  // A preference word before a place asked for, with only place grammar between ("bevorzugt in der …", "de préférence
  // dans le canton de …", "preferably in …"); not one that says which work is preferred ("bevorzugt Flachdächer im …").
  const preferred = !exclusive && mentions.some((mention) => preferenceBefore(words, Math.min(...mention.wordIndices)));
  return { cantons, exclusive, excluded, ...(preferred ? { preferred } : {}) };
}

/** Articles and prepositions between a preference word and its place that the fillers lack ("in der", "à", "nella"). */
const PREFERENCE_LINKS = new Set(['der', 'die', 'dem', 'den', 'a', 'à', 'al', 'alla', 'nella', 'nelle', 'nei', 'negli'].map(normalizeWord));

function preferenceBefore(words: readonly string[], start: number): boolean {
  for (let i = start - 1; i >= 0; i--) {
    const word = normalizeWord(words[i] ?? '');
    if (PREFERENCE_WORDS.has(word)) return true;
    if (!FILLERS.has(word) && !INTRODUCERS.has(word) && !PREFERENCE_LINKS.has(word)) return false;
  }
  return false;
}

/** Prepositions that put a place out: "ausserhalb des Kantons Zürich", "outside Geneva", "fuori dal Ticino", "hors de Genève". */
const OUTSIDE = new Set(['ausserhalb', 'outside', 'fuori', 'hors']);
/** What joins such a preposition to its place ("fuori dal Ticino", "outside of Zurich" reads "of" as a filler). */
const OUTSIDE_LINKS = new Set(['des', 'dal', 'dalla', 'dai', 'from']);

/**
 * The places a preposition puts out ("outside Zurich" is no wish for Zurich), by their word indices, and the indices of
 * those prepositions.
 */
export function placesNamedOutside(words: readonly string[], mentions: readonly PlaceMention[]): { places: Set<number>; markers: Set<number> } {
  const places = new Set<number>();
  const markers = new Set<number>();
  for (const mention of mentions) {
    for (let i = Math.min(...mention.wordIndices) - 1; i >= 0; i--) {
      const word = normalizeWord(words[i] ?? '');
      if (OUTSIDE.has(word)) {
        markers.add(i);
        for (const index of mention.wordIndices) places.add(index);
        break;
      }
      if (!FILLERS.has(word) && !INTRODUCERS.has(word) && !OUTSIDE_LINKS.has(word)) break;
    }
  }
  return { places, markers };
}

/** Words for a place's surroundings or its kind, after its name ("Lausanne et environs", "Zürcher Raum", "Zurich city"). */
const SURROUNDINGS = new Set([
  'city',
  'town',
  'canton',
  'municipality',
  'stadt',
  'environs',
  'alentours',
  'region',
  'umgebung',
  'agglomeration',
  'dintorni',
  'surroundings',
  'vicinity',
  'raum',
  'gegend',
  'area',
]);

/** Indices of words that only serve the place: the names and the word "canton" before them. */
export function placeWordIndices(words: readonly string[], mentions: readonly PlaceMention[]): Set<number> {
  const indices = new Set<number>();
  for (const mention of mentions) {
    for (const index of mention.wordIndices) indices.add(index);
    const first = Math.min(...mention.wordIndices);
    for (let i = first - 1; i >= 0 && i >= first - 3; i--) {
      const word = normalizeWord(words[i] ?? '');
      if (INTRODUCERS.has(word)) indices.add(i);
      else if (!FILLERS.has(word)) break;
    }
    // "Lausanne et environs", "Bern und Umgebung": the surroundings are part of the place.
    const last = Math.max(...mention.wordIndices);
    for (let i = last + 1; i < words.length && i <= last + 3; i++) {
      const word = normalizeWord(words[i] ?? '');
      if (SURROUNDINGS.has(word)) indices.add(i);
      else if (!FILLERS.has(word)) break;
    }
  }
  return indices;
}

/** The canton of a project: its own field, else the first place named in its location or organization. */
export function inferProjectCanton(canton: string | null, ...texts: Array<string | null | undefined>): string | null {
  const code = canton?.trim().toUpperCase();
  if (code && CANTON_CODES.has(code)) return code;
  for (const text of texts) {
    if (!text) continue;
    const mention = findPlaceMentions(splitWords(text), false)[0];
    if (mention) return mention.canton;
  }
  return null;
}
