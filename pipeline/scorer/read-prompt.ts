import {
  findPlaceMentions,
  LIST_JOINERS,
  NEGATIONS,
  placesNamedOutside,
  placeWordIndices,
  readPlaceConstraint,
  type PlaceConstraint,
} from './place-constraints.ts';
import { EXCLUSIVE_MARKERS } from './swiss-places.ts';
import { LANGUAGES } from '../../domain/languages.ts';
import { foldWord as fold, isProcurementWord, languageTools } from './text-analysis.ts';
import { COST_PLAN_ABBREVIATIONS } from './trade-vocabulary.ts';
import { isActionNoun } from './derived-words.ts';
import {
  ACCENTED_EXCLUSIONS,
  ARTICLES,
  BUSINESS_WORDS,
  BUYER_ARTICLES,
  BUYER_ENDS,
  BUYER_NOUNS,
  BUYER_PREPOSITIONS,
  CLAUSE_FINAL_WISHES,
  COMPLEMENT_WORDS,
  CONTRACT_HEADS,
  CONTRASTS,
  EXCLUSION_PHRASES,
  FIRST_PERSON,
  FRAME_PHRASES,
  GENERIC_HEADS,
  GENERIC_VERBS,
  INTERVENTION_HEADS,
  LOCATION_WORDS,
  NOTICE_PHRASES,
  OBJECT_HEADS,
  POSTPOSITIVE,
  POSTPOSITIVE_EXCLUSIONS,
  PUBLIC,
  PURPOSE_WORDS,
  QUANTITY_WORDS,
  RECEIVE_WORDS,
  SEEK_PHRASES,
  SELF_INTRODUCTIONS,
  SIZE,
  STAFF,
  SUPPLY_ACTS,
  SUPPLY_HEADS,
  WIDENERS,
} from './prompt-grammar.ts';

/** What a word of the prompt does: the subject sought, a self-description, a required context, or an exclusion. */
export type WordRole = 'subject' | 'profile' | 'qualifier' | 'exclusion';

export interface PromptWord {
  word: string;
  role: WordRole;
  /**
   * For an excluded word that names something with its neighbours ("no tree felling", "pas de génie civil"): the
   * phrase it belongs to. A notice is excluded by a phrase only when it carries each of its words.
   */
  phrase?: number;
}

/** A CPV code typed in the prompt ("45262500", "CPV 45262500-6"), in the role of the words around it. */
export interface PromptCode {
  code: string;
  role: WordRole;
}

export interface ReadPrompt {
  words: PromptWord[];
  codes: PromptCode[];
  place: PlaceConstraint | null;
  /**
   * What is sought is one phrase ("révision de l’orgue de paroisse", "Reparatur von Kirchenorgeln"), not a list
   * ("vitraux, mosaïques", "Orgeln und Harfen"): a complete match carries all of its words.
   */
  phrase: boolean;
  /**
   * The head of what is sought, as an index into `words`: its first word when a complement follows it ("désinfection
   * de salles de gymnastique", "Reinigung von Kirchen und Kapellen", "cleaning of bell towers"). The head names
   * the work; the complement the things it is done to or for, which other work shares. Null without a complement, or
   * for a list of works ("restauration de vitraux, réparation d'orgues").
   */
  head: number | null;
  /** The things the head's complement lists (indices into `words`, one array per thing): any one of them is sought. */
  things: number[][];
  /**
   * Works joined before one complement ("design and building of kindergarten playgrounds", "Entwurf und Bau von
   * Spielplätzen"), as indices into `words`: any one of the works is sought, with the whole complement.
   */
  joined?: JoinedWorks;
}

/** Works joined before one complement and the complement's words, as indices (into `words`, or into the prompt's words while reading). */
export interface JoinedWorks {
  works: number[];
  complement: number[];
}

/** A CPV code as subscribers copy it: eight digits (its check digit, after a hyphen, is a word of its own). */
const CPV_CODE = /^\d{8}$/;

/** The cost plan's abbreviations, and the electronic plan's ("eBKP", "eCCC"). */
const COST_PLAN_WORDS = new Set(COST_PLAN_ABBREVIATIONS.flatMap((abbreviation) => [abbreviation.toLowerCase(), `e${abbreviation.toLowerCase()}`]));
const hasDigit = (word: string | undefined) => word !== undefined && /\p{N}/u.test(word);

/** A bare negation after the prompt's start excludes what follows, unless it only widens (`WIDENERS`: "not only"). */
const negationAt = (folded: readonly string[], index: number) => (NEGATIONS.has(folded[index]!) && !WIDENERS.has(folded[index + 1] ?? '') ? 1 : 0);

/**
 * A wish the prompt negates ("not interested in", "nicht interessiert an", "non cerchiamo") says what is not wanted,
 * unless it only widens ("non cerchiamo solo …, ma anche …").
 */
const negatedSeekAt = (folded: readonly string[], index: number) => {
  if (index === 0 || !NEGATIONS.has(folded[index - 1]!)) return 0;
  const length = phraseAt(folded, index, SEEK_PHRASES);
  return length > 0 && !WIDENERS.has(folded[index + length] ?? '') ? length : 0;
};
const seekAt = (folded: readonly string[], index: number) => (negatedSeekAt(folded, index) > 0 ? 0 : phraseAt(folded, index, SEEK_PHRASES));

/**
 * Wishes whose verb ends the clause ("Wir sind an Dachdeckerarbeiten im Kanton Uri interessiert"): where each starts
 * (its "an", which then reads as "interessiert an" does) and the verb, no word of the query. Not after "nicht" (a
 * negated wish).
 */
function verbFinalWishes(clauses: readonly string[][], folded: readonly string[]): { starts: Set<number>; verbs: Set<number> } {
  const starts = new Set<number>();
  const verbs = new Set<number>();
  let offset = 0;
  for (const clause of clauses) {
    const last = offset + clause.length - 1;
    if (clause.length > 2 && CLAUSE_FINAL_WISHES.has(folded[last]!)) {
      const start = folded.slice(offset, last).indexOf('an');
      if (start >= 0 && folded[offset + start - 1] !== 'nicht') {
        starts.add(offset + start);
        verbs.add(last);
      }
    }
    offset += clause.length;
  }
  return { starts, verbs };
}

const EXCLUSIVE = new Set(EXCLUSIVE_MARKERS.map(fold));

function phraseAt(folded: readonly string[], index: number, phrases: readonly string[][]): number {
  for (const phrase of phrases) if (phrase.every((part, offset) => folded[index + offset] === part)) return phrase.length;
  return 0;
}

/**
 * What ends a clause: a sentence's or a bracket's mark, a dash between spaces ("Wir sind Spengler – Dachrinnen …"), and
 * a comma before an exclusion's marker or around a clause a postpositive marker ends ("…, Küchen ausgenommen, …").
 */
const CLAUSE_BREAK = new RegExp(
  `[.;:!?()\\n]+|\\s[-–—]\\s|,\\s+(?=(?:aber|mais|ma|but|sauf|except|ausser|tranne)\\b)|,\\s+(?=[^,.;:!?()\\n]*\\b(?:${POSTPOSITIVE})\\s*(?:[,.;:!?()\\n]|$))|(?<=\\b(?:${POSTPOSITIVE})),\\s*`,
  'iu',
);

/** The dot of an abbreviation inside a phrase ("Elektro exkl. Blitzschutz", "Storen bzw. Rollläden") ends no clause. */
const PHRASE_ABBREVIATION_DOT = /\b(exkl|excl|inkl|incl|bzw|resp|evtl|ggf|risp)\.(?=\s*\p{L})/giu;

/** Marks that separate the items of a list inside a clause. */
const LIST_MARK = /^[,/&+]$/u;

/**
 * The prompt's clauses as lists of words, and the word indices (over all clauses) where a list's item may begin: a
 * clause's first word, or one that a list mark (",", "/", "&", "+") precedes.
 */
function splitClauses(prompt: string): { clauses: string[][]; itemStarts: Set<number> } {
  const clauses: string[][] = [];
  const itemStarts = new Set<number>();
  let index = 0;
  for (const text of prompt.normalize('NFC').replace(PHRASE_ABBREVIATION_DOT, '$1').split(CLAUSE_BREAK)) {
    const words: string[] = [];
    let marked = true;
    for (const token of text.match(/[\p{L}\p{N}]+|[,/&+]/gu) ?? []) {
      if (LIST_MARK.test(token)) {
        marked = true;
        continue;
      }
      if (marked) itemStarts.add(index);
      marked = false;
      words.push(token);
      index += 1;
    }
    if (words.length > 0) clauses.push(words);
  }
  return { clauses, itemStarts };
}

const isContractHead = (folded: string) => CONTRACT_HEADS.has(folded) || (folded.endsWith('s') && CONTRACT_HEADS.has(folded.slice(0, -1)));

/**
 * "Public" beside a word for a contract ("öffentliche Aufträge", "marchés publics", "appalti pubblici", "public tenders")
 * says whose contract, not what is sought: no word of the query (every notice is a public contract). (Other words beside one name the work: "roofing contracts", "Malerprojekte".)
 */
const isContractWord = (folded: string) => isProcurementWord(folded) || isContractHead(folded);
const MAX_BUYER_WORDS = 3;
/**
 * The length of a buyer named after a word for a contract (the preposition, its articles and the buyer's words up to a
 * purpose, a joining word or a list mark), or 0: whom a contract is from names nothing sought ("Aufträge von Gemeinden
 * für Strassenreinigung" seeks street cleaning). French and Italian "de" / "di" also link a contract to what it is
 * about ("mandats d'organiste"), so there only a word for a public body makes it a buyer.
 */
function buyerAt(folded: readonly string[], at: number): number {
  // "Mandats publics de la …", "kleinere Aufträge von …": a word for the contract's kind or size may stand between.
  const contract = at >= 2 && (PUBLIC.has(folded[at - 1]!) || SIZE.has(folded[at - 1]!)) ? at - 2 : at - 1;
  if (contract < 0 || !isContractWord(folded[contract]!)) return 0;
  let end = at;
  if (BUYER_PREPOSITIONS.has(folded[at]!)) end = at + 1;
  else {
    while (end < folded.length && BUYER_ARTICLES.has(folded[end]!)) end++;
    if (end === at || !BUYER_NOUNS.has(folded[end] ?? '')) return 0;
  }
  // The buyer's name: its first words, up to what says what the contract is for, about or where ("en acoustique").
  let last = Math.min(folded.length, end + MAX_BUYER_WORDS);
  while (end < last) {
    const word = folded[end]!;
    // A list of buyers ("von Gemeinden, Kantonen und Bund") goes on as long as it names public bodies.
    if (BUYER_NOUNS.has(word)) last = Math.min(folded.length, Math.max(last, end + MAX_BUYER_WORDS));
    else if (LIST_JOINERS.has(word) && BUYER_NOUNS.has(folded[end + 1] ?? '')) last = Math.min(folded.length, end + 1 + MAX_BUYER_WORDS);
    else if (PURPOSE_WORDS.has(word) || LIST_JOINERS.has(word) || LOCATION_WORDS.has(word) || BUYER_ENDS.has(word)) break;
    end++;
  }
  return end - at;
}

const describesContract = (folded: readonly string[], at: number) =>
  (PUBLIC.has(folded[at]!) || SIZE.has(folded[at]!)) && (isContractWord(folded[at + 1] ?? '') || isContractWord(folded[at - 1] ?? ''));

const isStopWord = (word: string) => LANGUAGES.some((language) => languageTools(language).isStopWord(word.toLowerCase()));

/** A function word, a procurement word ("Ausschreibungen", "appels d’offres") or a generic head, in any of the four languages: it names nothing sought. */
const isFunctionWord = (word: string) => GENERIC_HEADS.has(fold(word)) || isContractHead(fold(word)) || isStopWord(word);

/**
 * Reads a subscriber's prompt: a company profile is reduced to what it seeks (its self-description
 * still counts, less), a purpose ("für Spitäler") becomes a qualifier, and what follows "aber keine",
 * "sauf", "except", "senza" … becomes an exclusion until the end of its clause. The place constraint
 * is read over the whole prompt and its words leave the subject.
 */
export function readPrompt(prompt: string): ReadPrompt {
  const { clauses, itemStarts } = splitClauses(prompt);
  const all = clauses.flat();
  const mentions = findPlaceMentions(all);
  const placeIndices = placeWordIndices(all, mentions);
  const outside = placesNamedOutside(all, mentions);
  const folded = all.map(fold);
  const lowered = all.map((word) => word.toLowerCase());
  const verbFinal = verbFinalWishes(clauses, folded);
  const seekIndex = folded.findIndex((_, i) => verbFinal.starts.has(i) || seekAt(folded, i) > 0);
  const wishless = seekIndex < 0 ? wishlessProfileEnd(clauses, all, folded) : undefined;
  // A prompt that only introduces the company ("Wir sind ein Gartenbauunternehmen aus …") is all self-description: what
  // it does is what it seeks, a word for a firm is who speaks, and where it sits constrains nothing.
  const selfOnly = seekIndex < 0 && wishless === undefined && phraseAt(folded, 0, SELF_INTRODUCTIONS) > 0;
  const firstSeek = wishless ?? (selfOnly ? all.length : seekIndex);
  // A self-description comes before the wish: introduced ("Wir sind …", "We are …") or not ("Electrical contractor from
  // Geneva, seeking …", "Impresa di pulizie cerca …"); the wish may have no verb ("Nous sommes … . Restauration de …").
  const isProfile = firstSeek > 0 || (firstSeek === 0 && folded.some((_, i) => phraseAt(folded, i, SELF_INTRODUCTIONS) > 0));
  const words: PromptWord[] = [];
  const codes: PromptCode[] = [];
  /** Where each sought word stands (over all clauses): whether they make one phrase. */
  const soughtAt: number[] = [];
  /** Where each of `words` stands. */
  const wordAt: number[] = [];
  let exclusionPhrase = 0;
  let lastExcludedAt = -1;
  /** Supply words left out of the query (`SUPPLY_ACTS`), where they stand. */
  const supplies: Array<{ at: number; word: PromptWord }> = [];
  /** The role of each place word where it stands: a place in an exclusion ("except in Ticino") is a place not wanted. */
  const placeRoles = new Map<number, WordRole>();
  let offset = 0;
  let seekingStarted = !isProfile;
  /** A location word followed, past its articles, by no place name. */
  const opensContext = (at: number) => {
    if (!LOCATION_WORDS.has(folded[at]!)) return false;
    let next = at + 1;
    while (next < folded.length && ARTICLES.has(folded[next]!)) next++;
    // "dans le domaine du vitrail", "in the field of glazing": a frame, not a place kind.
    return next < folded.length && !placeIndices.has(next) && phraseAt(folded, next, FRAME_PHRASES) === 0;
  };
  /** Where a verb said by "we" stands (`isVerbOfWe`): its object follows it as a complement follows a noun. */
  const verbHeads = new Set<number>();
  /** Whether what is sought has a word of its own yet: "Ausschreibungen für Dachfenster" seeks roof windows, not tenders for them. */
  let soughtNamed = false;
  /** A self-description has begun ("Nous sommes …") and no wish since: a word for a firm is who speaks. */
  let introduced = false;
  for (const clause of clauses) {
    if (offset === wishless) {
      seekingStarted = true;
      introduced = false;
    }
    let role: WordRole = seekingStarted ? 'subject' : 'profile';
    /** The role an exclusion interrupted, and whether the exclusion has named what it excludes yet. */
    let interrupted: WordRole = role;
    let excludedNamed = false;
    // A clause after the first that ends in a postpositive marker excludes what it names.
    const postpositive = clause.length >= 2 && POSTPOSITIVE_EXCLUSIONS.has(folded[offset + clause.length - 1]!);
    if (offset > 0 && postpositive) role = 'exclusion';
    // "wir suchen Projekte für Glasdächer": the first purpose word after the wish introduces what is sought, unless the
    // wish has named it already ("wir suchen Orgelrevisionen für Kirchgemeinden": a purpose, as without the wish).
    let seeking = false;
    for (let i = 0; i < clause.length; i++) {
      const at = offset + i;
      if (postpositive && i === clause.length - 1) continue;
      if (verbFinal.verbs.has(at)) continue;
      const negatedSeek = negatedSeekAt(folded, at);
      if (negatedSeek > 0) {
        if (role !== 'exclusion') interrupted = role;
        role = 'exclusion';
        excludedNamed = false;
        i += negatedSeek - 1;
        continue;
      }
      const seek = verbFinal.starts.has(at) ? 1 : phraseAt(folded, at, SEEK_PHRASES);
      if (seek > 0) {
        introduced = false;
        seekingStarted = true;
        seeking = true;
        soughtNamed = false;
        role = 'subject';
        i += seek - 1;
        continue;
      }
      // "We would like to receive tenders for …", "Wir möchten Aufträge für … erhalten": getting is part of the wish.
      if (role !== 'exclusion' && RECEIVE_WORDS.has(folded[at]!)) continue;
      if (seeking && PURPOSE_WORDS.has(folded[at]!)) {
        seeking = false;
        if (!soughtNamed) continue;
      }
      const frame = phraseAt(folded, at, FRAME_PHRASES);
      if (frame > 0) {
        i += frame - 1;
        continue;
      }
      const introduction = phraseAt(folded, at, SELF_INTRODUCTIONS);
      if (introduction > 0) {
        introduced = true;
        i += introduction - 1;
        continue;
      }
      const exclusion = phraseAt(folded, at, EXCLUSION_PHRASES) || negationAt(folded, at) || phraseAt(lowered, at, ACCENTED_EXCLUSIONS);
      // At the very start of a prompt of one clause, no exclusion ("Ohne …" would exclude all it says); at the start of
      // a clause that "…, sauf / except / ausser …" opened, or of a first clause that a later one follows ("Keine
      // Bauarbeiten. Nur …", "Ohne Gerüst: Kaminsanierung"), the exclusion lasts to the clause's end.
      // Nor at the start of one whose exclusion an "only" ends ("Keine Reinigung, nur Unterhalt von Grünflächen").
      if (exclusion > 0 && (at > 0 || clauses.length > 1 || clause.slice(i + exclusion).some((word) => WIDENERS.has(fold(word))))) {
        if (role !== 'exclusion') interrupted = role;
        role = 'exclusion';
        excludedNamed = false;
        i += exclusion - 1;
        continue;
      }
      // "keine Orgelneubauten, sondern Orgelrevisionen", "no harp sales but harp tuning": what the contrast names is sought.
      // So does an "only" after the excluded words ("Pas de nettoyage, seulement l'entretien …", "… le forniture, solo lavori …").
      if (role === 'exclusion' && (CONTRASTS.has(folded[at]!) || (WIDENERS.has(folded[at]!) && !NEGATIONS.has(folded[at - 1] ?? '')))) {
        role = seekingStarted ? 'subject' : 'profile';
        continue;
      }
      // Not at the very start of the prompt ("Für Spitäler: …"), but after a clause break ("… (BKP 27) für Heime").
      if (at > 0 && soughtNamed && role !== 'exclusion' && role !== 'profile' && (PURPOSE_WORDS.has(folded[at]!) || opensContext(at))) {
        role = 'qualifier';
        continue;
      }
      if (placeIndices.has(at)) {
        // A place after what an exclusion names is where the work is sought ("Reinigung ohne Küchen im Kanton Zürich"); right
        // after the exclusion's word, it is the place excluded ("Reinigung, aber nicht im Kanton Zürich").
        placeRoles.set(at, outside.places.has(at) ? 'exclusion' : role === 'exclusion' && excludedNamed ? interrupted : role);
        continue;
      }
      if (outside.markers.has(at)) continue;
      // Who speaks ("eine Firma", "a small office") is no word of what it does.
      if ((role === 'profile' || introduced) && (BUSINESS_WORDS.has(folded[at]!) || SIZE.has(folded[at]!) || STAFF.has(folded[at]!))) continue;
      if (CPV_CODE.test(folded[at]!)) {
        codes.push({ code: folded[at]!, role });
        if (role === 'subject') soughtNamed = true;
        continue;
      }
      // "CPV" before a code names the list the code is from, as "BKP" before its number does.
      if (folded[at] === 'cpv' && CPV_CODE.test(folded[at + 1] ?? '')) continue;
      // "only", "seulement", "nur": a restriction of what follows (a place, or what is sought), no word of its own.
      if (EXCLUSIVE.has(folded[at]!)) continue;
      // A figure, and a unit or comparison next to one, states a size or an amount, which no notice word can match.
      // A cost-plan abbreviation before its number ("BKP 221", "CFC 230") is a reference, as the number is: no word of the query.
      if (
        (COST_PLAN_WORDS.has(folded[at]!) && hasDigit(all[at + 1])) ||
        hasDigit(folded[at]) ||
        (QUANTITY_WORDS.has(folded[at]!) && [at - 2, at - 1, at + 1, at + 2].some((near) => hasDigit(all[near])))
      )
        continue;
      if (describesContract(folded, at)) continue;
      const notice = phraseAt(folded, at, NOTICE_PHRASES);
      if (notice > 0) {
        i += notice - 1;
        continue;
      }
      // "für Gemeinden", "pour les communes": every buyer is a public body; which kind a notice's text seldom says.
      if (role === 'qualifier' && BUYER_NOUNS.has(folded[at]!)) continue;
      const buyer = buyerAt(folded, at);
      if (buyer > 0) {
        i += buyer - 1;
        continue;
      }
      if (role !== 'exclusion' && isVerbOfWe(all, folded, at)) {
        if (GENERIC_VERBS.has(folded[at]!)) {
          // "we take care of …": the verb's own object is part of it.
          if (folded[at] === 'take' && folded[at + 1] === 'care') i += 1;
          continue;
        }
        verbHeads.add(at);
      }
      // An excluded supply ("no deliveries") still excludes: a notice for goods alone is not wanted.
      if (role !== 'exclusion' && SUPPLY_ACTS.has(folded[at]!)) {
        supplies.push({ at, word: { word: clause[i]!, role } });
        continue;
      }
      wordAt.push(at);
      if (role === 'exclusion' && !LIST_JOINERS.has(folded[at]!) && !isStopWord(clause[i]!)) {
        // Excluded words next to each other (articles and prepositions between allowed) name one thing; a list mark or a
        // joining word ("ou", "oder", "ni") starts another.
        if (lastExcludedAt < 0 || itemStarts.has(at) || folded.slice(lastExcludedAt + 1, at).some((word) => LIST_JOINERS.has(word) || !isStopWord(word)))
          exclusionPhrase += 1;
        lastExcludedAt = at;
        if (!isFunctionWord(clause[i]!)) excludedNamed = true;
        words.push(isFunctionWord(clause[i]!) ? { word: clause[i]!, role } : { word: clause[i]!, role, phrase: exclusionPhrase });
        continue;
      }
      words.push({ word: clause[i]!, role });
      if (role === 'subject' && !isFunctionWord(clause[i]!)) soughtNamed = true;
      // A prompt that only describes the company seeks what it says it does ("Wir bieten Reinigung von Büros an").
      if (role === 'subject' || (selfOnly && role === 'profile')) soughtAt.push(at);
    }
    offset += clause.length;
  }
  // A prompt that names nothing but a supply ("Anschaffungen im Kanton Glarus") seeks supplies: its supply words stay.
  if (!words.some((word) => word.role !== 'exclusion' && !isFunctionWord(word.word))) {
    for (const supply of supplies) {
      const before = wordAt.findIndex((at) => at > supply.at);
      const index = before < 0 ? words.length : before;
      words.splice(index, 0, supply.word);
      wordAt.splice(index, 0, supply.at);
      if (supply.word.role === 'subject') soughtAt.push(supply.at);
    }
    soughtAt.sort((a, b) => a - b);
  }
  const excluded = mentions.filter((mention) => mention.wordIndices.some((index) => placeRoles.get(index) === 'exclusion'));
  // In a company profile, a place before the wish says where the company is ("eine Dachdeckerei aus der Region X"), not
  // where it wants to work: only places named with what it seeks constrain.
  const sought = mentions.filter((mention) => !excluded.includes(mention) && (!isProfile || Math.min(...mention.wordIndices) > firstSeek));
  // Function words left behind by a place or a size after what is sought ("…, dans le canton de Vaud") end no phrase.
  const lastContent = soughtAt.findLastIndex((index) => !isFunctionWord(all[index]!));
  const soughtCore = soughtAt.slice(0, lastContent + 1);
  const phrase = !isProfile && isOnePhrase(soughtCore, folded, itemStarts);
  const head = phraseHead(soughtCore, all, folded, itemStarts, verbHeads) ?? (phrase ? juxtaposedHead(soughtCore, all, folded) : null);
  return {
    words,
    codes,
    place: readPlaceConstraint(all, sought, excluded),
    phrase,
    head: head === null ? null : wordAt.indexOf(head.head),
    things: head === null ? [] : head.things.map((thing) => thing.map((at) => wordAt.indexOf(at))),
    ...joinedOf(phrase || isProfile ? null : joinedWorks(soughtCore, all, folded, itemStarts, verbHeads), wordAt),
  };
}

/**
 * A verb said by "we", which names the work as its noun would ("Wir reinigen Büros", "nous nettoyons les bureaux",
 * "puliamo uffici", "we clean offices"). German verbs are told from nouns by their small initial; Italian first persons
 * by their ending, without a pronoun.
 */
function isVerbOfWe(all: readonly string[], folded: readonly string[], at: number): boolean {
  return WE_VERB_FORMS[weBefore(folded, at)]!(all[at] ?? '', folded[at] ?? '');
}

/** The "we" a verb at `at` follows, as a key of WE_VERB_FORMS; Italian says none ("puliamo …"). */
const weBefore = (folded: readonly string[], at: number) => (WE_VERB_FORMS[folded[at - 1] ?? ''] !== undefined ? folded[at - 1]! : 'noi');

/** How the verbs of "we" look in each language (German: a small initial and an infinitive's ending); not an English adverb. */
const WE_VERB_FORMS: Record<string, (written: string, folded: string) => boolean> = {
  wir: (written, folded) => /^\p{Ll}/u.test(written) && /(?:en|ern|eln)$/.test(folded),
  nous: (_, folded) => folded.endsWith('ons'),
  noi: (_, folded) => folded.length > 5 && folded.endsWith('iamo'),
  we: (written) => /^\p{L}+$/u.test(written) && !/ly$/iu.test(written),
};

/**
 * The verbs of "we" joined to the one at `at` by a joining word or a list mark ("Wir planen und bauen Strassen", "nous
 * construisons, rénovons et entretenons …", "we design and build …"): each a work of its own. Indices into `all`.
 */
function joinedVerbsOf(all: readonly string[], folded: readonly string[], at: number, itemStarts: ReadonlySet<number>): number[] {
  const we = weBefore(folded, at);
  const verbs = [at];
  for (let next = at + 1; next < all.length;) {
    const candidate = LIST_JOINERS.has(folded[next]!) ? next + 1 : itemStarts.has(next) ? next : -1;
    if (candidate < 0 || candidate >= all.length || !WE_VERB_FORMS[we]!(all[candidate]!, folded[candidate]!)) break;
    verbs.push(candidate);
    next = candidate + 1;
  }
  return verbs;
}

/**
 * Where the wish of a self-introduced profile without a word for wishing begins ("Nous sommes un atelier de vitrail à
 * Fribourg. Restauration de vitraux …"): the first sentence after the introduction that does not go on speaking of the
 * company; undefined when the prompt does not begin with an introduction or is one sentence (called only when no word
 * says "we seek").
 */
function wishlessProfileEnd(clauses: readonly string[][], all: readonly string[], folded: readonly string[]): number | undefined {
  if (clauses.length < 2 || phraseAt(folded, 0, SELF_INTRODUCTIONS) === 0) return undefined;
  let offset = clauses[0]!.length;
  for (const clause of clauses.slice(1)) {
    if (phraseAt(folded, offset, SELF_INTRODUCTIONS) === 0 && (!FIRST_PERSON.has(folded[offset]!) || namesWorkOfWe(all, folded, offset + 1))) return offset;
    offset += clause.length;
  }
  return undefined;
}

/** A verb of "we" that names a work ("Wir decken Dächer", "we paint …"), not one of doing in general ("Wir haben …"). */
const namesWorkOfWe = (all: readonly string[], folded: readonly string[], at: number) =>
  at < all.length && isVerbOfWe(all, folded, at) && !GENERIC_VERBS.has(folded[at]!) && !SUPPLY_ACTS.has(folded[at]!);

/**
 * Where the head of what is sought stands: its first word (past an article, a generic head, a supply word or a word for
 * an intervention), when the sought words stand together and a complement's linking word follows it. The complement
 * may list things ("Reinigung von Kirchen und Kapellen", "dépoussiérage des églises et des chapelles"), not works of their own: a later item whose first word a complement follows ("restauration de
 * vitraux, réparation d'orgues") is another work, and the prompt then has no one head.
 */
function phraseHead(
  at: readonly number[],
  all: readonly string[],
  folded: readonly string[],
  itemStarts: ReadonlySet<number>,
  /** Verbs said by "we": their object follows without a linking word ("Wir reinigen Büros"). */
  verbHeads: ReadonlySet<number> = new Set(),
): { head: number; things: number[][] } | null {
  const first = at.find(
    (index) =>
      !isFunctionWord(all[index]!) && !SUPPLY_HEADS.has(folded[index]!) && !INTERVENTION_HEADS.has(folded[index]!) && !OBJECT_HEADS.has(folded[index]!),
  );
  if (first === undefined || !at.includes(first + 1) || itemStarts.has(first + 1)) return null;
  const verb = verbHeads.has(first);
  if (!verb && !COMPLEMENT_WORDS.has(folded[first + 1]!)) return null;
  if (verb && joinedVerbsOf(all, folded, first, itemStarts).length > 1) return null;
  // Heads joined before their complement ("Lieferung und Stimmung von …", "Reparatur und Wartung von …") are two works.
  if (at.some((index) => index < first && (LIST_JOINERS.has(folded[index]!) || (index > at[0]! && itemStarts.has(index))))) return null;
  // From the head on, the sought words stand together (a word for a contract before it may stand apart: "Aufträge für die …").
  const from = at.indexOf(first);
  for (let k = from + 1; k < at.length; k++) if (at[k]! !== at[k - 1]! + 1) return null;
  const things: number[][] = [[]];
  let itemOpen = false;
  for (let index = verb && !COMPLEMENT_WORDS.has(folded[first + 1]!) ? first + 1 : first + 2; index <= at.at(-1)!; index++) {
    if ((itemStarts.has(index) || LIST_JOINERS.has(folded[index]!)) && things.at(-1)!.length > 0) things.push([]);
    if (itemStarts.has(index) || LIST_JOINERS.has(folded[index]!)) itemOpen = true;
    if (LIST_JOINERS.has(folded[index]!) || isStopWord(all[index]!)) continue;
    // The item's first word: another head if a complement follows it (a generic or a contract head too: "… et prestations de conseil").
    if (itemOpen && COMPLEMENT_WORDS.has(folded[index + 1] ?? '') && at.includes(index + 1)) return null;
    itemOpen = false;
    things.at(-1)!.push(index);
  }
  return { head: first, things: things.filter((thing) => thing.length > 0) };
}

/**
 * The head of two words written side by side without a linking word ("Schulhaus Reinigung", "Reinigung Turnhallen",
 * "riparazione ascensori"): the one that names an action, when only one does; the other is its complement.
 */
function juxtaposedHead(at: readonly number[], all: readonly string[], folded: readonly string[]): { head: number; things: number[][] } | null {
  if (at.length !== 2 || at.some((index) => isFunctionWord(all[index]!))) return null;
  const actions = at.filter((index) => isActionNoun(folded[index]!));
  if (actions.length !== 1) return null;
  const head = actions[0]!;
  if (SUPPLY_HEADS.has(folded[head]!) || INTERVENTION_HEADS.has(folded[head]!) || OBJECT_HEADS.has(folded[head]!)) return null;
  return { head, things: [at.filter((index) => index !== head)] };
}

/**
 * Works joined before one complement: "A und B von C …", the sought words standing together, no list mark before the
 * complement word and no list mark or joining word after it. Indices into `all`.
 */
function joinedWorks(
  at: readonly number[],
  all: readonly string[],
  folded: readonly string[],
  itemStarts: ReadonlySet<number>,
  verbHeads: ReadonlySet<number> = new Set(),
): JoinedWorks | null {
  if (at.length < 4) return null;
  for (let k = 1; k < at.length; k++) if (at[k]! !== at[k - 1]! + 1) return null;
  // Verbs of "we" joined before their object: "Wir planen und bauen Strassen".
  const firstContent = at.find((index) => !isFunctionWord(all[index]!));
  if (firstContent !== undefined && verbHeads.has(firstContent)) {
    const verbs = joinedVerbsOf(all, folded, firstContent, itemStarts);
    const after = at.filter((index) => index > verbs.at(-1)!);
    if (verbs.length < 2 || after.some((index) => LIST_JOINERS.has(folded[index]!) || itemStarts.has(index))) return null;
    const complement = after.filter((index) => !isStopWord(all[index]!));
    return complement.length > 0 ? { works: verbs, complement } : null;
  }
  const split = at.findIndex((index) => COMPLEMENT_WORDS.has(folded[index]!));
  if (split < 3) return null;
  const before = at.slice(0, split);
  const after = at.slice(split + 1);
  if (!before.some((index) => LIST_JOINERS.has(folded[index]!))) return null;
  if (after.some((index) => LIST_JOINERS.has(folded[index]!) || itemStarts.has(index))) return null;
  // After a list ("A, B und C von D") the complement may be the last item's alone: only works joined by a word share it.
  if (before.some((index, k) => k > 0 && itemStarts.has(index))) return null;
  const works = before.filter((index) => !LIST_JOINERS.has(folded[index]!) && !isStopWord(all[index]!));
  // Each joined work is one word ("Entwurf und Bau von …"), not several ("landscape design and building of …").
  if (works.length < 2 || before.some((index, k) => k > 0 && !LIST_JOINERS.has(folded[index]!) && !LIST_JOINERS.has(folded[before[k - 1]!]!))) return null;
  const complement = after.filter((index) => !isStopWord(all[index]!));
  return complement.length > 0 ? { works, complement } : null;
}

const joinedOf = (joined: JoinedWorks | null, wordAt: readonly number[]) =>
  joined ? { joined: { works: joined.works.map((at) => wordAt.indexOf(at)), complement: joined.complement.map((at) => wordAt.indexOf(at)) } } : {};

/** Sought words that stand together, with no list mark or joining word between them ("de", "von" may link them). */
function isOnePhrase(at: readonly number[], folded: readonly string[], itemStarts: ReadonlySet<number>): boolean {
  if (at.length < 2) return false;
  for (let k = 1; k < at.length; k++) if (at[k]! !== at[k - 1]! + 1 || itemStarts.has(at[k]!)) return false;
  return at.every((index) => !LIST_JOINERS.has(folded[index]!));
}
