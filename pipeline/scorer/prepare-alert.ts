import type { CorpusStatistics } from './corpus-statistics.ts';
import type { LearnedAssociations } from './learned-associations.ts';
import type { PlaceConstraint } from './place-constraints.ts';
import { splitWords } from './place-constraints.ts';
import { BUSINESS_WORDS } from './prompt-grammar.ts';
import { readPrompt, type PromptWord, type WordRole } from './read-prompt.ts';
import { completeTruncatedCompounds } from './truncated-compounds.ts';
import { GERMAN_NOUN_MARKERS, nounsOfVerb, workerOfWorkshop } from './derived-words.ts';
import type { ScoringParameters } from './scoring-parameters.ts';
import { MAX_LABEL_IDF, MAX_RELATED_ENDING, withoutExclusion, type ScoringResources } from './scoring-resources.ts';
import type { TermTable } from './term-table.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { foldDiacritics, isProcurementWord, languageTools } from './text-analysis.ts';

export type ConceptRole = 'subject' | 'qualifier' | 'exclusion';

/** One query term: a prompt word with all its spellings and translations, sharing one tf and one df. */
export interface AlertConcept {
  surface: string;
  role: ConceptRole;
  /** Normalised inverse document frequency (0..1) of the term as a whole. */
  idf: number;
  /** idf × the share of its clause: the most this term adds to the query. */
  weight: number;
}

export interface AlertCode {
  code: string;
  /** 0..1: how surely the prompt asks for this code. */
  weight: number;
}

/** Terms a prepared alert carries beyond its prompt (learned from feedback): positive weights seek, negative ones exclude. */
export interface ExtraAlertTerms {
  terms?: ReadonlyArray<{ text: string; weight: number }>;
  /** Words whose presence in a notice lowers its score, as "aber keine …" in a prompt does. */
  exclusions?: readonly string[];
  codes?: ReadonlyArray<{ code: string; weight: number }>;
}

export interface AlertProfile {
  language: Language;
  concepts: AlertConcept[];
  /** Term id → flat pairs [concept index, variant weight, …]: every spelling that stands for a concept. */
  termKeys: Map<number, number[]>;
  subjectWeight: number;
  qualifierWeight: number;
  /**
   * The weight a complete match is expected to carry: the `queryBreadth` heaviest words. A list of subjects
   * ("Storen, Markisen, Rollläden") asks for any of them, not for a notice about all at once; a prompt that is
   * one phrase ("révision de l’orgue de paroisse") asks for all of its words.
   */
  expectedWeight?: number;
  codes: AlertCode[];
  /**
   * The concept naming the work the prompt seeks (`ReadPrompt.head`), and the languages in which it has a
   * spelling of its own (its language, and those a translation reaches): a notice in one of them without it lacks the
   * work; in another, the word may only be untranslated ("accordage" has no German translation, "Klavierstimmung" is one).
   */
  head?: {
    concept: number;
    languages: readonly Language[];
    /** The term ids of its spellings in CPV labels (a notice's codes), as against in a notice's own text. */
    labelTerms?: ReadonlySet<number>;
    /** The things the head's complement lists, as concept groups, when it lists several: any one of them is sought. */
    things?: ReadonlyArray<readonly number[]>;
  };
  /**
   * Works joined before one complement ("design and building of …"), as concept groups: any one of them is sought, the
   * best one counts (as the head's things do). Absent when the head's complement lists things.
   */
  works?: ReadonlyArray<readonly number[]>;
  /** The languages in which every joined work has a spelling of its own: a notice in one of them names none of the works or one. */
  worksLanguages?: readonly Language[];
  /** Excluded words that name one thing together ("no tree felling"), as concept groups: a notice must carry each. */
  exclusionPhrases?: ReadonlyArray<readonly number[]>;
  place: PlaceConstraint | null;
  corpus: CorpusStatistics;
}

/** How many notices use a stem (a word of the labels or the trade vocabulary counts as used by one); 0: none. */
function stemUse(context: { resources: ScoringResources; terms: TermTable; corpus: CorpusStatistics }, language: Language, stem: string): number {
  const id = context.terms.lookup(language, stem);
  return Math.max(id === undefined ? 0 : context.corpus.documentFrequency(id), context.resources.isVocabulary(language, stem) ? 1 : 0);
}

/** One concept per stem and role: the key seeds are merged by, and the merged concepts found by. */
const seedKey = (seed: { role: ConceptRole; stem: string }) => `${seed.role}:${seed.stem}`;

const ROLE_OF: Record<WordRole, ConceptRole> = { subject: 'subject', profile: 'subject', qualifier: 'qualifier', exclusion: 'exclusion' };

interface ConceptSeed {
  surface: string;
  stem: string;
  /** The stem is the whole word's, not a compound part's. */
  whole: boolean;
  /** A compound's last part, as written ("instalationen" of "Elektroinstalationen"): what a typing slip in it is checked against. */
  writtenHead?: string;
  role: ConceptRole;
  share: number;
  /** For a compound's head: the regional equivalents of the whole compound ("Liegenschaftsverwaltung" → "Immobilienverwaltung"). */
  equivalents?: readonly string[];
  /**
   * The one-word names of the trade a compound names as a whole (on each of its parts), or a trade name of several
   * words names (on each of its words): a notice naming the trade meets every part of the prompt's name for it.
   */
  tradeNames?: readonly TradeName[];
  /** For an excluded compound's most specific part: its other parts, the more specific first. */
  otherParts?: readonly string[];
  /**
   * For a compound's part: the stems of the whole compounds it is part of. A notice naming the compound unsplit
   * ("Turnhalle", which the splitter leaves whole as a known word) carries the part ("Turnhallen" → "turn", "halle").
   */
  compounds?: readonly string[];
  /** For a word written as a verb: the nouns it may stand for (`nounsOfVerb`), as spelt; those the notices use join it. */
  verbNouns?: readonly string[];
  /** A verb no notice names the work by: it cannot be the head a notice must carry. */
  noHead?: true;
}

type TradeName = { language: Language; stem: string };

/** An excluded compound's most specific part that the prompt does not also seek, or null when it seeks every one. */
function notSought(seed: ConceptSeed, sought: ReadonlySet<string>): ConceptSeed | null {
  const stem = seed.otherParts?.find((part) => !sought.has(part));
  return stem === undefined ? null : { ...seed, stem, otherParts: [] };
}

/**
 * The trade's one-word names for each prompt word that is part of a trade name of several words in the same role
 * ("pompe à chaleur" → "Wärmepumpe", "PAC"; "sun shading" → "Storen", "tapparelle"): the words carry them as variants.
 */
function tradePhraseNames(words: readonly PromptWord[], language: Language, resources: ScoringResources): Map<number, TradeName[]> {
  const names = new Map<number, TradeName[]>();
  let run: Array<{ stem: string; index: number }> = [];
  const flush = () => {
    for (const found of resources.tradePhrases(
      language,
      run.map((entry) => entry.stem),
    )) {
      for (const { index } of run.slice(found.start, found.start + found.length)) names.set(index, [...(names.get(index) ?? []), ...found.names]);
    }
    run = [];
  };
  words.forEach((word, index) => {
    if (index > 0 && words[index - 1]!.role !== word.role) flush();
    for (const analyzed of resources.analyzer.analyze(splitWords(word.word), language)) run.push({ stem: analyzed.stem, index });
  });
  flush();
  return names;
}

function roleShare(role: WordRole, parameters: ScoringParameters): number {
  if (role === 'profile') return parameters.profileShare;
  if (role === 'qualifier') return parameters.qualifierShare;
  return 1;
}

/** A web or e-mail address a subscriber pastes into a prompt ("see https://www.simap.ch/…"): no words of what is sought. */
const LINK = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\p{L}{2,}/giu;

/** The prompt without the addresses pasted into it, whose words ("https", "simap", "ch") name nothing sought. */
export const withoutLinks = (prompt: string) => prompt.replace(LINK, ' ');

export function prepareAlertProfile(
  prompt: string,
  language: Language,
  context: {
    resources: ScoringResources;
    terms: TermTable;
    corpus: CorpusStatistics;
    learned: LearnedAssociations;
    parameters: ScoringParameters;
    extra?: ExtraAlertTerms;
  },
): AlertProfile {
  const { resources, terms, corpus, learned, parameters } = context;
  const read = readPrompt(language === 'de' ? completeTruncatedCompounds(prompt, (word) => resources.analyzer.compoundHead(word)) : prompt);
  const seeds: ConceptSeed[] = [];
  /** Of these spellings, the stem the most notices use, or null when none is used. */
  const mostUsedStem = (spellings: readonly string[], lang: Language): string | null => {
    let best: string | null = null;
    let bestUse = 0;
    for (const { stem } of resources.analyzer.analyze(spellings, lang)) {
      const use = stemUse(context, lang, stem);
      if (use > bestUse) [best, bestUse] = [stem, use];
    }
    return best;
  };
  const promptHasSmallLetters = /\p{Ll}/u.test(prompt);
  // Whether the prompt capitalises its nouns (a capital then small letters past its first word): else a German word's
  // small initial says nothing of it being a verb ("reinigung von schulen").
  const nounsCapitalised = splitWords(prompt)
    .slice(1)
    .some((token) => /^\p{Lu}\p{Ll}/u.test(token));
  const addWords = (text: string, role: WordRole, share: number, phraseNames: readonly TradeName[] = [], afterNounMarker = false) => {
    const tokens = splitWords(text);
    const writtenAs = new Map(tokens.map((token) => [token.toLowerCase(), token]));
    for (const analyzed of resources.analyzer.analyze(tokens, language, promptHasSmallLetters)) {
      // A firm named by its trade in a self-description ("Reinigungsfirma", "Malerunternehmen") offers the trade; a
      // contract named by its trade ("Reinigungsaufträge", "Fahrzeugbeschaffung") seeks the trade, as "Aufträge" alone is
      // no word of the query.
      const compoundHead = analyzed.parts.length > 1 ? (resources.analyzer.compoundHead(analyzed.surface) ?? '') : '';
      const byItsTrade = (role === 'profile' && BUSINESS_WORDS.has(compoundHead)) || (compoundHead !== '' && isProcurementWord(compoundHead));
      const word = byItsTrade ? { ...analyzed, stem: analyzed.parts.at(-2)!, parts: analyzed.parts.length > 2 ? analyzed.parts.slice(0, -1) : [] } : analyzed;
      const conceptRole = ROLE_OF[role];
      if (conceptRole === 'exclusion' && word.parts.length > 0) {
        // "keine Friedhofsarbeiten" excludes cemeteries, not every kind of "Arbeiten": its most specific part only, of
        // those the prompt does not seek ("Reinigung, aber keine Fahrzeugreinigung" excludes vehicles; chosen below).
        const byRarity = [...word.parts].sort((a, b) => resources.idf(language, b) - resources.idf(language, a));
        seeds.push({ surface: word.surface, stem: byRarity[0]!, whole: false, role: conceptRole, share, otherParts: byRarity.slice(1) });
        continue;
      }
      if (word.parts.length === 0) {
        const verbNouns = nounsOfVerb(writtenAs.get(word.surface) ?? word.surface, language, nounsCapitalised && !afterNounMarker);
        // A verb is read as the noun notices name the work by, the most used of its nouns ("planen" → "Planung"): the
        // verb's own stem may be another noun's ("Planen" are tarpaulins), whose translations would come with it.
        const noun = mostUsedStem(verbNouns, language);
        // A verb whose noun and own stem no notice uses ("streichen": notices say "Malerarbeiten") cannot be asked of them.
        const unnamed = verbNouns.length > 0 && noun === null && stemUse(context, language, word.stem) === 0;
        seeds.push({
          surface: word.surface,
          stem: noun ?? word.stem,
          whole: true,
          role: conceptRole,
          share,
          ...(phraseNames.length > 0 ? { tradeNames: phraseNames } : {}),
          ...(verbNouns.length > 0 ? { verbNouns } : {}),
          ...(unnamed ? { noHead: true } : {}),
        });
        continue;
      }
      // A compound that names a trade as a whole ("Blitzschutz", "Sonnenschutz") also stands for it whole, and its parts carry
      // the trade's names: the parts alone reach none of them in the other languages ("paratonnerre", "tapparelle").
      const trade = tradeOfCompound(word.stem, word.surface, language, resources);
      const tradeNames = [...trade.names, ...phraseNames];
      if (tradeNames.length > 0) seeds.push({ surface: word.surface, stem: trade.stem, whole: true, role: conceptRole, share });
      // A compound the regional vocabulary names as a whole lends its equivalents to its head.
      const equivalents = resources.regionalEquivalents(language, word.stem);
      const writtenHead = language === 'de' ? resources.analyzer.compoundHead(word.surface) : null;
      word.parts.forEach((part, index) =>
        seeds.push({
          surface: word.surface,
          stem: part,
          whole: false,
          ...(index === word.parts.length - 1 && writtenHead ? { writtenHead } : {}),
          role: conceptRole,
          share: share * (index === word.parts.length - 1 ? 1 : parameters.modifierShare),
          ...(index === word.parts.length - 1 && equivalents.length > 0 ? { equivalents } : {}),
          ...(tradeNames.length > 0 ? { tradeNames } : {}),
          compounds: trade.stem === word.stem ? [word.stem] : [word.stem, trade.stem],
        }),
      );
    }
  };
  const phraseNames = tradePhraseNames(read.words, language, resources);
  // Each prompt word's one whole-word seed (null: a compound or several seeds), for the collocations below. A stop word
  // adds none and leaves its neighbours neighbours ("instruments de musique").
  const wordSeeds: Array<ConceptSeed | null> = [];
  /** The phrase head's seed: a compound's last part ("Reinigung" of "Unterhaltsreinigung") names the work. */
  let headSeed: ConceptSeed | undefined;
  const seedsOfWord: ConceptSeed[][] = [];
  read.words.forEach((word, index) => {
    const before = seeds.length;
    addWords(
      word.word,
      word.role,
      roleShare(word.role, parameters),
      phraseNames.get(index),
      GERMAN_NOUN_MARKERS.has(foldDiacritics(read.words[index - 1]?.word.toLowerCase() ?? '')),
    );
    const added = seeds.slice(before);
    seedsOfWord[index] = added;
    if (added.length > 0) wordSeeds.push(added.length === 1 && added[0]!.whole ? added[0]! : null);
    if (index === read.head) headSeed = added.at(-1);
  });
  weighCollocations(wordSeeds, (first, second) => resources.collocation(language, first, second), parameters);
  // A typed CPV code says what its label says, in the prompt's language: its words join the query, the code its codes.
  for (const typed of read.codes) {
    const label = resources.catalog.label(typed.code, language);
    if (label) addWords(withoutExclusion(label), typed.role, roleShare(typed.role, parameters));
  }
  for (const term of context.extra?.terms ?? []) {
    if (term.weight > 0) addWords(term.text, 'subject', Math.min(1, term.weight));
    else if (term.weight < 0) addWords(term.text, 'exclusion', 1);
  }
  for (const text of context.extra?.exclusions ?? []) addWords(text, 'exclusion', 1);

  // One concept per stem and role, at the largest share it was given. A word the prompt both seeks and excludes is what
  // the excluded thing shares with the sought one ("cleaning of offices, no window cleaning"): it excludes nothing.
  const sought = new Set(seeds.filter((seed) => seed.role !== 'exclusion').map((seed) => seed.stem));
  const merged = new Map<string, ConceptSeed>();
  for (const sown of seeds) {
    const seed = sown.role === 'exclusion' && sought.has(sown.stem) ? notSought(sown, sought) : sown;
    if (seed === null) continue;
    const key = seedKey(seed);
    const known = merged.get(key);
    const compounds = [...new Set([...(known?.compounds ?? []), ...(seed.compounds ?? [])])];
    if (!known || known.share < seed.share) merged.set(key, compounds.length > 0 ? { ...seed, compounds } : seed);
    else if (compounds.length > 0) merged.set(key, { ...known, compounds });
  }

  const n = corpus.documents;
  const useCorpus = n >= parameters.minCorpus;
  const maxCorpusIdf = Math.log(1 + (n + 0.5) / 0.5);
  const concepts: AlertConcept[] = [];
  const termKeys = new Map<number, number[]>();
  const queries = new Map<Language, Map<string, number>>(LANGUAGES.map((lang) => [lang, new Map()]));
  const learnedQuery: Array<{ weight: number; stems: Array<[Language, string, number]> }> = [];
  const spellingsOf = (seed: ConceptSeed) => {
    const written = seed.whole ? seed.surface : (seed.writtenHead ?? null);
    const stems = variantStems(
      seed.stem,
      written,
      language,
      { resources, corpus, learned, terms, parameters },
      seed.equivalents,
      seed.tradeNames,
      seed.verbNouns,
    );
    for (const compound of seed.compounds ?? []) if (compound !== seed.stem) stems.push([language, compound, 1]);
    const variants = new Map<number, number>();
    // The share of notices carrying the term, through its surest spelling: a weak translation does not make it look common.
    let share = 0;
    for (const [lang, variant, variantWeight] of stems) {
      for (const [id, base] of [
        [terms.id(lang, variant), n],
        [terms.labelId(lang, variant), n],
      ] as const) {
        variants.set(id, Math.max(variants.get(id) ?? 0, variantWeight));
        if (variantWeight >= parameters.strongVariant && base > 0) share = Math.max(share, corpus.documentFrequency(id) / base);
      }
    }
    // A word that no notice, no CPV label and no trade name uses cannot rank anything ("Firmenjubiläum"): it would only dilute the rest.
    const unknown =
      useCorpus &&
      [...variants.keys()].every((id) => corpus.documentFrequency(id) === 0) &&
      stems.every(([lang, variant]) => !resources.isVocabulary(lang, variant));
    return { stems, variants, share, unknown };
  };
  const weighed: Array<{
    key: string;
    seed: ConceptSeed;
    stems: Array<[Language, string, number]>;
    variants: Map<number, number>;
    idf: number;
    seen: boolean;
    uncommonIdf: number;
  }> = [];
  for (const [key, merging] of merged) {
    let seed = merging;
    let spelt = spellingsOf(seed);
    // A German compound the splitter cannot cut ("Streusalz": no word "streu") still names a kind of its last part.
    if (spelt.unknown && language === 'de' && seed.whole) {
      const whole = seed;
      // Known in German, or reaching a notice or a label through a translation or a cognate ("Revision" of "Liftrevision").
      const used = (stem: string) => stemUse(context, 'de', stem) > 0;
      const head = knownHead(seed.surface, resources, (stem) => used(stem) || !spellingsOf({ ...whole, stem, whole: false }).unknown);
      if (head !== null) {
        seed = { ...seed, stem: head, whole: false };
        spelt = spellingsOf(seed);
      } else {
        // Nor a known last part: one a typing slip away ("Uhrenwartug" → "Wartung").
        const misspelt = misspeltHead(seed.surface, resources, used);
        if (misspelt) {
          seed = { ...seed, stem: misspelt.stem, whole: false, writtenHead: misspelt.written };
          spelt = spellingsOf(seed);
        }
      }
    }
    const { stems, variants, share, unknown } = spelt;
    if (unknown) continue;
    const idfAt = (df: number) => {
      const corpusIdf = Math.log(1 + (n - df + 0.5) / (df + 0.5)) / maxCorpusIdf;
      // The CPV labels' frequencies are a prior that a small corpus cannot yet outweigh.
      const prior = parameters.labelIdfPrior / (parameters.labelIdfPrior + n);
      return prior * (resources.idf(language, seed.stem) / MAX_LABEL_IDF) + (1 - prior) * corpusIdf;
    };
    const idf = useCorpus ? idfAt(Math.min(n, share * n)) : resources.idf(language, seed.stem) / MAX_LABEL_IDF;
    weighed.push({ key, seed, stems, variants, idf, seen: !useCorpus || share > 0, uncommonIdf: useCorpus ? idfAt(parameters.unseenWordShare * n) : idf });
  }
  // A word the vocabulary knows but no notice carries (in a sure spelling) is as rare as the rarest word of the prompt
  // some notice carries, not rarer: at the rarity of a word nobody writes it would outweigh the rest of the prompt and
  // leave every notice short of a complete match ("Vermessung, Harfen und Glocken" where no notice names harps or
  // bells). It stays at least as rare as an uncommon word, so that it still outweighs a common one ("Umbau …").
  const rarestSeen = Math.max(0, ...weighed.filter((entry) => entry.seen).map((entry) => entry.idf));
  const headKey = headSeed ? seedKey(headSeed) : undefined;
  let head: AlertProfile['head'];
  const conceptOfKey = new Map<string, number>();
  const conceptLanguages: Language[][] = [];
  for (const { key, seed, stems, variants, idf: ownIdf, seen, uncommonIdf } of weighed) {
    conceptOfKey.set(key, concepts.length);
    conceptLanguages.push(bridgedLanguages(language, stems, parameters));
    if (key === headKey && !seed.noHead)
      head = {
        concept: concepts.length,
        languages: bridgedLanguages(language, stems, parameters),
        labelTerms: new Set(stems.map(([lang, variant]) => terms.labelId(lang, variant))),
      };
    const idf = seen || rarestSeen === 0 ? ownIdf : Math.min(ownIdf, Math.max(rarestSeen, uncommonIdf));
    const index = concepts.length;
    const weight = idf * seed.share;
    concepts.push({ surface: seed.surface, role: seed.role, idf, weight });
    for (const [id, variantWeight] of variants) {
      const pairs = termKeys.get(id) ?? [];
      // An excluded word is excluded in whichever language a notice names it: a translation as sure as they come (or a
      // cognate) counts as the word itself, where a sought word's translation only adds its share of evidence.
      pairs.push(index, seed.role === 'exclusion' ? Math.min(1, variantWeight / parameters.variant.translation) : variantWeight);
      termKeys.set(id, pairs);
    }
    if (seed.role === 'exclusion') continue;
    const codeShare = seed.role === 'qualifier' ? parameters.qualifierCodeShare : 1;
    learnedQuery.push({ weight: weight * codeShare, stems });
    for (const [lang, stem, variantWeight] of stems) {
      const query = queries.get(lang)!;
      query.set(stem, Math.max(query.get(stem) ?? 0, codeShare * weight * variantWeight));
    }
  }
  const sum = (role: ConceptRole) => concepts.filter((concept) => concept.role === role).reduce((total, concept) => total + concept.weight, 0);
  const wholePhrase = read.phrase && sum('qualifier') === 0;
  if (head !== undefined) {
    const things = thingsOf(read.things, seedsOfWord, conceptOfKey, head.concept);
    if (things.length > 1) head = { ...head, things };
  }
  const works = head?.things ? [] : thingsOf(read.joined?.works.map((word) => [word]) ?? [], seedsOfWord, conceptOfKey, -1);
  const exclusionPhrases = exclusionPhrasesOf(read.words, seedsOfWord, conceptOfKey);
  const codes = mergeCodes(mapToCpv(queries, language, resources, parameters), learnedCodes(learnedQuery, learned, parameters), parameters);
  for (const typed of read.codes) if (typed.role !== 'exclusion' && resources.catalog.get(typed.code)) codes.push({ code: typed.code, weight: 1 });
  for (const extra of context.extra?.codes ?? [])
    if (/^\d{8}$/.test(extra.code)) codes.push({ code: extra.code, weight: Math.max(0, Math.min(1, extra.weight)) });
  return {
    language,
    concepts,
    termKeys,
    subjectWeight: sum('subject'),
    qualifierWeight: sum('qualifier'),
    expectedWeight: head?.things
      ? expectedWithThings(concepts, head.things, parameters.qualifierMass * sum('qualifier'))
      : works.length > 1
        ? expectedWithThings(concepts, works, parameters.qualifierMass * sum('qualifier'))
        : Math.max(
            heaviestWords(concepts, parameters.queryBreadth, ['subject', 'qualifier']),
            // A list asks for any of its items; one phrase ("révision de l’orgue de paroisse") for all of its words, unless a
            // purpose qualifies it: "Maurerarbeiten für Backöfen" may name what it seeks in the purpose.
            heaviestWords(concepts, wholePhrase ? Infinity : parameters.queryBreadth, ['subject']) + parameters.qualifierMass * sum('qualifier'),
          ),
    codes,
    ...(head !== undefined ? { head } : {}),
    ...(works.length > 1
      ? { works, worksLanguages: LANGUAGES.filter((lang) => works.every((work) => work.some((index) => conceptLanguages[index]!.includes(lang)))) }
      : {}),
    ...(exclusionPhrases.length > 0 ? { exclusionPhrases } : {}),
    place: read.place,
    corpus,
  };
}

/** The excluded phrases of several words, as groups of exclusion concepts (a concept of two phrases left out). */
function exclusionPhrasesOf(
  words: readonly PromptWord[],
  seedsOfWord: ReadonlyArray<readonly ConceptSeed[]>,
  conceptOfKey: ReadonlyMap<string, number>,
): number[][] {
  const byPhrase = new Map<number, Set<number>>();
  const phrasesOf = new Map<number, number>();
  words.forEach((word, index) => {
    if (word.role !== 'exclusion' || word.phrase === undefined) return;
    for (const seed of seedsOfWord[index] ?? []) {
      const concept = conceptOfKey.get(seedKey(seed));
      if (concept === undefined) continue;
      let members = byPhrase.get(word.phrase);
      if (!members) byPhrase.set(word.phrase, (members = new Set()));
      if (!members.has(concept)) phrasesOf.set(concept, (phrasesOf.get(concept) ?? 0) + 1);
      members.add(concept);
    }
  });
  return [...byPhrase.values()].map((members) => [...members].filter((concept) => phrasesOf.get(concept) === 1)).filter((members) => members.length > 1);
}

/** The complement's things as groups of concepts (the head's own and a concept of two things left out). */
function thingsOf(
  things: readonly number[][],
  seedsOfWord: ReadonlyArray<readonly ConceptSeed[]>,
  conceptOfKey: ReadonlyMap<string, number>,
  headConcept: number,
): number[][] {
  const groups = things.map((thing) => [
    ...new Set(thing.flatMap((word) => (seedsOfWord[word] ?? []).map((seed) => conceptOfKey.get(seedKey(seed))).filter((c) => c !== undefined))),
  ]);
  const count = new Map<number, number>();
  for (const group of groups) for (const concept of group) count.set(concept, (count.get(concept) ?? 0) + 1);
  return groups.map((group) => group.filter((concept) => concept !== headConcept && count.get(concept) === 1)).filter((group) => group.length > 0);
}

/** What a complete match weighs when the complement lists things (or works are joined): the rest and the heaviest one. */
function expectedWithThings(concepts: readonly AlertConcept[], things: ReadonlyArray<readonly number[]>, qualifiers: number): number {
  const inThing = new Set(things.flat());
  const rest = concepts.reduce((total, concept, index) => (concept.role === 'subject' && !inThing.has(index) ? total + concept.weight : total), 0);
  const heaviest = Math.max(...things.map((thing) => thing.reduce((total, index) => total + concepts[index]!.weight, 0)));
  return rest + heaviest + qualifiers;
}

/**
 * The prompt's language and those a translation of the word reaches at least half as surely as a translation can: not
 * the word's own stems taken over as they are (a cognate guess says nothing of how the other language names the work).
 */
function bridgedLanguages(language: Language, stems: ReadonlyArray<[Language, string, number]>, parameters: ScoringParameters): Language[] {
  const sure = parameters.variant.translation * parameters.strongVariant;
  const own = new Set(stems.filter(([lang]) => lang === language).map(([, stem]) => stem));
  const languages = new Set<Language>([language]);
  for (const [lang, variant, weight] of stems) if (!own.has(variant) && weight >= sure) languages.add(lang);
  return [...languages];
}

/**
 * The trade a compound names as a whole, and the stem that names it: its own, or, mistyped, its right spelling's
 * ("Schliesanlagen" names the locksmiths' trade as "Schliessanlagen" does, not any "Anlage").
 */
function tradeOfCompound(stem: string, written: string, language: Language, resources: ScoringResources): { stem: string; names: TradeName[] } {
  const names = resources.tradeSynonyms(language, stem);
  if (names.length > 0) return { stem, names };
  for (const neighbour of resources.spellingNeighbours(language, written)) {
    const corrected = resources.tradeSynonyms(language, neighbour);
    if (corrected.length > 0) return { stem: neighbour, names: corrected };
  }
  return { stem, names };
}

/** The longest end (of at least MIN_HEAD letters) of a German word whose stem is known: a label's or a notice's word. */
const MIN_HEAD = 4;
const MIN_MODIFIER = 3;
function knownHead(word: string, resources: ScoringResources, known: (stem: string) => boolean): string | null {
  const folded = foldDiacritics(word.toLowerCase());
  for (let start = MIN_MODIFIER; start <= folded.length - MIN_HEAD; start++) {
    const stem = resources.analyzer.analyze([folded.slice(start)], 'de')[0]?.stem;
    if (stem && known(stem)) return stem;
  }
  return null;
}

/**
 * The longest end of a German word (of at least MIN_SPELLT_HEAD letters) that is one typing slip away from a known word,
 * after a beginning that is a word in use (`used`, past a linking "s"): "Uhren|wartug", not "Franzö|sisch" ("Tisch").
 */
const MIN_SPELLT_HEAD = 5;
function misspeltHead(word: string, resources: ScoringResources, used: (stem: string) => boolean): { written: string; stem: string } | null {
  const folded = foldDiacritics(word.toLowerCase());
  const { stem } = languageTools('de');
  for (let start = MIN_MODIFIER; start <= folded.length - MIN_SPELLT_HEAD; start++) {
    const modifier = folded.slice(0, start);
    if (!used(stem(modifier)) && !(modifier.endsWith('s') && used(stem(modifier.slice(0, -1))))) continue;
    const written = folded.slice(start);
    if (resources.spellingNeighbours('de', written).length > 0) return { written, stem: stem(written) };
  }
  return null;
}

/**
 * Two neighbouring words of one role that the CPV labels use as one name ("instruments de musique", "strumenti
 * musicali") each count at `collocation.share` of their weight: the name weighs about as one word. A word is lightened
 * once, even between two such pairs.
 */
function weighCollocations(words: ReadonlyArray<ConceptSeed | null>, strength: (first: string, second: string) => number, parameters: ScoringParameters): void {
  const lightened = new Set<ConceptSeed>();
  for (let i = 1; i < words.length; i++) {
    const [first, second] = [words[i - 1], words[i]];
    if (!first || !second || first.role !== second.role || first.role === 'exclusion') continue;
    if (strength(first.stem, second.stem) < parameters.collocation.strength) continue;
    for (const seed of [first, second]) {
      if (lightened.has(seed)) continue;
      seed.share *= parameters.collocation.share;
      lightened.add(seed);
    }
  }
}

/** The summed weight of the `count` heaviest words of the query in these roles (a compound's parts are one word). */
function heaviestWords(concepts: readonly AlertConcept[], count: number, roles: readonly ConceptRole[]): number {
  const byWord = new Map<string, number>();
  for (const concept of concepts) if (roles.includes(concept.role)) byWord.set(concept.surface, (byWord.get(concept.surface) ?? 0) + concept.weight);
  return [...byWord.values()]
    .sort((a, b) => b - a)
    .slice(0, count)
    .reduce((total, weight) => total + weight, 0);
}

/** Every (language, stem) that stands for one prompt stem, with its weight; the stem itself weighs 1. */
function variantStems(
  stem: string,
  /** The word as typed when `stem` is its whole stem (not a compound part): the one spelling can be checked against. */
  written: string | null,
  language: Language,
  context: { resources: ScoringResources; corpus: CorpusStatistics; learned: LearnedAssociations; terms: TermTable; parameters: ScoringParameters },
  /** Regional equivalents of the whole compound whose head `stem` is. */
  compoundEquivalents: readonly string[] = [],
  /** The trade names the word carries (ConceptSeed.tradeNames). */
  tradeNames: readonly TradeName[] = [],
  /** The nouns a verb may stand for (ConceptSeed.verbNouns): those a notice or the vocabulary uses count as related stems. */
  verbNouns: readonly string[] = [],
): Array<[Language, string, number]> {
  const { resources, corpus, learned, terms, parameters } = context;
  const weights = new Map<string, number>();
  const putOne = (lang: Language, variant: string, weight: number) => {
    const key = `${lang}:${variant}`;
    weights.set(key, Math.max(weights.get(key) ?? 0, weight));
  };
  // A spelling brings its Swiss or its neighbour country's equivalent ("Spital" / "Krankenhaus"), whichever side it came from.
  const put = (lang: Language, variant: string, weight: number) => {
    putOne(lang, variant, weight);
    for (const equivalent of resources.regionalEquivalents(lang, variant)) putOne(lang, equivalent, weight * parameters.variant.vocabulary);
  };
  const bases: Array<[string, number]> = [[stem, 1]];
  const relatedStems = resources.relatedStems(language, stem);
  for (const related of relatedStems) bases.push([related, parameters.variant.related]);
  // A related stem longer than the word by more than a derivation's ending is a compound of it, a narrower thing whose
  // trade names are not the word's ("Metall" → "Metallbauarbeiten" → locksmiths, "Ankauf von Metall" e-mailed them at 78).
  const compoundsOfWord = new Set(relatedStems.filter((related) => related.length - stem.length > MAX_RELATED_ENDING));
  // The equivalent's translations too: a Swiss word reaches the other languages' notices through the CPV labels' words.
  for (const equivalent of [...resources.regionalEquivalents(language, stem), ...compoundEquivalents]) bases.push([equivalent, parameters.variant.vocabulary]);
  const ownId = terms.lookup(language, stem);
  const seenInCorpus = ownId !== undefined && corpus.documentFrequency(ownId) > 0;
  // A workshop no notice and no label names is named by its worker ("Spenglerei" → "Spengler"; "Zimmerei" is no "Zimmer").
  const worker = written !== null && language === 'de' && !seenInCorpus && !resources.isVocabulary(language, stem) ? workerOfWorkshop(written) : null;
  for (const word of resources.analyzer.analyze(worker === null ? verbNouns : [...verbNouns, worker], language)) {
    if (word.stem !== stem && stemUse(context, language, word.stem) > 0) bases.push([word.stem, parameters.variant.related]);
  }
  if (written !== null && !seenInCorpus && !resources.isVocabulary(language, stem)) {
    for (const neighbour of resources.spellingNeighbours(language, written)) bases.push([neighbour, parameters.variant.spelling]);
  }
  for (const [base, share] of bases) {
    put(language, base, share);
    if (base.length >= 5) for (const other of LANGUAGES) if (other !== language) put(other, base, share * parameters.variant.cognate);
    for (const translation of resources.lexicon.translate(language, base)) {
      put(translation.language, translation.stem, share * parameters.variant.translation * translation.weight);
    }
    for (const translation of learned.translate(language, base)) {
      put(translation.language, translation.stem, share * parameters.variant.translation * translation.weight);
    }
    if (compoundsOfWord.has(base)) continue;
    for (const synonym of resources.tradeSynonyms(language, base)) put(synonym.language, synonym.stem, share * parameters.variant.vocabulary);
  }
  for (const name of tradeNames) put(name.language, name.stem, parameters.variant.vocabulary);
  return [...weights].map(([key, weight]) => [key.slice(0, 2) as Language, key.slice(3), weight]);
}

/** The prompt's CPV codes by label similarity, voting across the four label languages. */
function mapToCpv(
  queries: ReadonlyMap<Language, Map<string, number>>,
  language: Language,
  resources: ScoringResources,
  parameters: ScoringParameters,
): AlertCode[] {
  const votes = new Map<string, number>();
  let totalVote = 0;
  for (const [lang, query] of queries) {
    const vote = lang === language ? parameters.ownLanguageVote : 1;
    totalVote += vote;
    for (const [code, similarity] of resources.labelIndex.match(query, lang)) votes.set(code, (votes.get(code) ?? 0) + vote * similarity);
  }
  const ranked = [...votes]
    .map(([code, vote]) => ({ code, similarity: vote / totalVote }))
    .sort((a, b) => b.similarity - a.similarity || a.code.localeCompare(b.code));
  const top = ranked[0]?.similarity ?? 0;
  const confidence = Math.min(1, top / parameters.confidentCodeSimilarity);
  return ranked
    .filter((match) => match.similarity >= top * parameters.relativeCodeSimilarity)
    .slice(0, parameters.maxAlertCodes)
    .map((match) => ({ code: match.code, weight: (match.similarity / top) * confidence }));
}

/**
 * Codes the notices themselves declare with the prompt's words (learned word → CPV associations): each
 * concept votes with its weight for the codes its spellings go with, the vote is the weighted mean.
 */
function learnedCodes(
  query: ReadonlyArray<{ weight: number; stems: ReadonlyArray<[Language, string, number]> }>,
  learned: LearnedAssociations,
  parameters: ScoringParameters,
): AlertCode[] {
  const total = query.reduce((sum, concept) => sum + concept.weight, 0);
  if (total === 0 || learned.documents === 0) return [];
  const votes = new Map<string, number>();
  for (const concept of query) {
    const best = new Map<string, number>();
    for (const [lang, stem, variantWeight] of concept.stems) {
      for (const { code, weight } of learned.codesFor(lang, stem)) best.set(code, Math.max(best.get(code) ?? 0, variantWeight * weight));
    }
    for (const [code, value] of best) votes.set(code, (votes.get(code) ?? 0) + (concept.weight / total) * value);
  }
  return [...votes]
    .map(([code, vote]) => ({ code, weight: Math.min(1, vote / parameters.confidentLearnedCode) }))
    .filter((entry) => entry.weight >= parameters.minLearnedCode)
    .sort((a, b) => b.weight - a.weight || a.code.localeCompare(b.code))
    .slice(0, parameters.maxAlertCodes);
}

/** The label-mapped and the learned codes, each code at the larger of its two weights. */
function mergeCodes(fromLabels: readonly AlertCode[], learned: readonly AlertCode[], parameters: ScoringParameters): AlertCode[] {
  const merged = new Map<string, number>();
  for (const { code, weight } of [...fromLabels, ...learned]) merged.set(code, Math.max(merged.get(code) ?? 0, weight));
  return [...merged]
    .map(([code, weight]) => ({ code, weight }))
    .sort((a, b) => b.weight - a.weight || a.code.localeCompare(b.code))
    .slice(0, 2 * parameters.maxAlertCodes);
}
