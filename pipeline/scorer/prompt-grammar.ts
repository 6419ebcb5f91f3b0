import { foldWord as fold } from './text-analysis.ts';

/**
 * The grammar words of the four languages that the prompt reader (read-prompt.ts) looks for: how a subscriber introduces
 * a company, a wish, a frame, a purpose, an exclusion, a buyer, a size; which heads name a contract, a supply, an
 * intervention. Grammar, not vocabulary of any alert: a new way of writing a prompt is added here.
 */

/** Phrases that open a self-description ("wir sind", "nous sommes", "siamo", "we are"). */
export const SELF_INTRODUCTIONS = [
  ['wir', 'sind'],
  ['ich', 'bin'],
  ['wir', 'bieten'],
  ['unsere', 'firma'],
  ['unser', 'unternehmen'],
  ['unser', 'buro'],
  ['nous', 'sommes'],
  ['je', 'suis'],
  ['notre', 'entreprise'],
  ['notre', 'societe'],
  ['notre', 'bureau'],
  ['siamo'],
  ['la', 'nostra', 'ditta'],
  ['la', 'nostra', 'azienda'],
  ['il', 'nostro', 'studio'],
  ['we', 'are'],
  ['we', 're'],
  ['i', 'am'],
  ['i', 'm'],
  ['our', 'company'],
  ['our', 'firm'],
  ['we', 'offer'],
  ['we', 'provide'],
  ['nous', 'offrons'],
  ['nous', 'proposons'],
  ['offriamo'],
  ['forniamo'],
];

export const SEEK_PHRASES = [
  ['wir', 'suchen'],
  ['suchen', 'wir'],
  ['suchen'],
  ['interessieren', 'uns'],
  // An application for work ("bewirbt sich um …", "we bid on …").
  ['bewirbt', 'sich'],
  ['bewerben', 'uns'],
  ['interessiert', 'an'],
  ['ich', 'suche'],
  ['suche'],
  ['sucht'],
  // A wish as an advertisement words it: "Gesucht: …", "Cercasi …".
  ['gesucht'],
  ['auf', 'der', 'suche', 'nach'],
  ['nous', 'cherchons'],
  ['je', 'cherche'],
  ['je', 'recherche'],
  // The third person ("Atelier de vitrerie cherche …"); not "recherche" alone, which is also the noun ("research").
  ['cherche'],
  ['cherchons'],
  ['recherchons'],
  ['cherchant'],
  ['recherchant'],
  ['a', 'la', 'recherche', 'de'],
  ['a', 'la', 'recherche', 'd'],
  ['interesse', 'aux'],
  ['interesse', 'a'],
  ['interessons', 'aux'],
  ['interessons', 'a'],
  ['interesses', 'par'],
  ['interessee', 'par'],
  ['cerchiamo'],
  ['cerco'],
  ['cerca'],
  ['cercando'],
  ['cercasi'],
  ['alla', 'ricerca', 'di'],
  ['interessati', 'a'],
  ['ricerchiamo'],
  ['looking', 'for'],
  ['looks', 'for'],
  ['look', 'for'],
  ['searching', 'for'],
  ['search', 'for'],
  ['searches', 'for'],
  ['seeking'],
  ['seeks'],
  ['seek'],
  ['we', 'seek'],
  ['i', 'seek'],
  ['interested', 'in'],
  ['bid', 'on'],
  ['bid', 'for'],
  ['bidding', 'on'],
  ['bidding', 'for'],
  // A wish said as one ("wir möchten …", "nous souhaitons …", "vorremmo …", "we want …").
  ['wir', 'mochten'],
  ['mochten', 'wir'],
  // After a self-description the subject is not repeated: "Wir sind eine Gärtnerei und möchten …".
  ['mochten'],
  ['ich', 'mochte'],
  ['wir', 'wollen'],
  ['wollen', 'wir'],
  ['wir', 'wunschen'],
  ['nous', 'souhaitons'],
  ['souhaitons'],
  ['voulons'],
  // The third person, as "cherche" ("Notre entreprise … souhaite …").
  ['souhaite'],
  ['nous', 'voulons'],
  ['je', 'souhaite'],
  ['desideriamo'],
  ['vogliamo'],
  ['vorremmo'],
  ['ci', 'interessano'],
  ['we', 'want'],
  ['i', 'want'],
  ['we', 'would', 'like'],
  ['we', 'd', 'like'],
  ['i', 'would', 'like'],
  // Open to work ("Wir sind offen für …", "ouverts aux …", "aperti a …", "open to …").
  ['offen', 'fur'],
  ['ouverts', 'aux'],
  ['ouverts', 'a'],
  ['ouvert', 'aux'],
  ['ouvert', 'a'],
  ['aperti', 'a'],
  ['aperti', 'ad'],
  ['open', 'to'],
];

/** Units and comparisons around a figure ("ab 1000 m2", "au moins 500 m²", "über CHF 500'000", "above 100k"): a size or an amount, no subject. */
export const QUANTITY_WORDS = new Set([
  'm',
  'm2',
  'm3',
  'km',
  'kg',
  't',
  'chf',
  'fr',
  'frs',
  'franken',
  'francs',
  'franchi',
  'k',
  'mio',
  'mia',
  'million',
  'millions',
  'millionen',
  'milioni',
  'ab',
  'uber',
  'mindestens',
  'mind',
  'bis',
  'moins',
  'plus',
  'least',
  'above',
  'over',
  'under',
  'below',
  'almeno',
  'oltre',
  'sopra',
  'sotto',
  'minimum',
  'maximum',
  'min',
  'max',
]);

/** How a prompt frames its subject without naming it: "im Bereich …", "tout ce qui concerne …", "in the field of …". */
export const FRAME_PHRASES = [
  ['alles', 'rund', 'um'],
  ['im', 'bereich'],
  ['gebiet'],
  ['gebieten'],
  ['bereich'],
  ['bereichen'],
  ['domaines'],
  ['secteurs'],
  ['settori'],
  ['ambiti'],
  ['tout', 'ce', 'qui', 'concerne'],
  ['tout', 'ce', 'qui', 'touche'],
  ['domaine'],
  ['secteur'],
  ['concernant'],
  ['tutto', 'cio', 'che', 'riguarda'],
  ['settore'],
  ['ambito'],
  ['riguardante'],
  ['anything', 'related', 'to'],
  ['everything', 'related', 'to'],
  ['related', 'to'],
  ['field', 'of'],
  ['sector', 'of'],
  ['rund', 'um'],
  ['betreffend'],
  ['betreffende'],
  ['bezuglich'],
  ['im', 'zusammenhang', 'mit'],
  ['in', 'zusammenhang', 'mit'],
  ['en', 'lien', 'avec'],
  ['relatif', 'a'],
  ['relatifs', 'aux'],
  ['relatives', 'aux'],
  ['relative', 'a'],
  ['in', 'materia', 'di'],
  ['nel', 'campo'],
  ['relativo'],
  ['relativi'],
  ['relativa'],
  ['inerente'],
  ['inerenti'],
  ['anything', 'to', 'do', 'with'],
  ['to', 'do', 'with'],
  ['involving'],
  ['regarding'],
  ['concerning'],
  ['our', 'focus'],
  ['focus', 'on'],
  ['focused', 'on'],
  ['focussed', 'on'],
  // A specialisation names what follows, not itself: "spezialisiert auf", "spécialisés en", "specializzati in", "specialised in".
  ['spezialisiert', 'auf'],
  ['spezialisiert'],
  ['specialise'],
  ['specialises'],
  ['specialisee'],
  ['specialisees'],
  ['specializzato'],
  ['specializzata'],
  ['specializzati'],
  ['specializzate'],
  ['specialised'],
  ['specialized'],
  ['specialising'],
  ['specializing'],
  ['schwerpunkt'],
  ['schwerpunkte'],
  // Where a company sits names no trade: "a Zurich-based firm", "mit Sitz in …", "basée à …", "con sede a …".
  ['based'],
  ['located'],
  ['headquartered'],
  ['mit', 'sitz'],
  ['ansassig'],
  ['domizil'],
  ['base', 'a'],
  ['basee', 'a'],
  ['bases', 'a'],
  ['basees', 'a'],
  ['con', 'sede'],
  ['con', 'sedi'],
  // Being active in a field names the field: "wir sind im Bereich Orgelbau tätig", "nous sommes actifs dans …", "siamo attivi nel …".
  ['tatig'],
  ['aktiv'],
  ['actif'],
  ['actifs'],
  ['active'],
  ['actives'],
  ['attivo'],
  ['attivi'],
  ['attiva'],
  ['attive'],
  // A theme or topic names what follows: "Ausschreibungen zum Thema Glockenstühle", "in tema di", "on the topic of".
  ['thema'],
  ['themen'],
  ['theme'],
  ['themes'],
  ['thematique'],
  ['tema'],
  ['temi'],
  ['topic'],
  ['topics'],
];

/**
 * Words for a firm: in a self-description ("Nous sommes une entreprise de vitrerie", "Impresa di accordatura cerca …",
 * "Cleaning company from Bern"), the firm is who seeks, its trade what it seeks; the word itself names nothing.
 */
export const BUSINESS_WORDS = new Set([
  'firma',
  'firmen',
  'unternehmen',
  'unternehmung',
  'betrieb',
  'entreprise',
  'entreprises',
  'societe',
  'ditta',
  'azienda',
  'impresa',
  'company',
  'firm',
  'business',
  'contractor',
  // An office ("Planungsbüro", "bureau de géomètres", "studio di grafica", "design office").
  'buro',
  'bureau',
  'studio',
  'office',
]);

/** What links a noun to its complement: "de", "of", "di", "von", and the articles they merge with. */
export const COMPLEMENT_WORDS = new Set(['de', 'des', 'du', 'd', 'of', 'di', 'del', 'dello', 'della', 'dell', 'dei', 'degli', 'delle', 'von', 'vom', 'der']);

export const PURPOSE_WORDS = new Set(['fur', 'zugunsten', 'pour', 'destine', 'destines', 'destinee', 'destinees', 'per', 'destinati', 'destinate', 'for']);

/**
 * A place kind or a material after what is sought is its context too: "Orgelstimmung in Kirchen", "accordage d'orgues
 * dans les églises", "accordatura di organi nelle chiese", "windows in wood-metal", and what it sits on: "Solaranlagen auf
 * Turnhallendächern", "sur les toits", "sui tetti". Not before a named place ("in Luzern", "im Raum Bern"). English "on"
 * is left out: "advice on …" names the topic sought.
 */
export const LOCATION_WORDS = new Set(['in', 'im', 'dans', 'nel', 'nella', 'nei', 'negli', 'nelle', 'auf', 'sur', 'sul', 'sulla', 'sui', 'sugli', 'sulle']);

/** Articles and "whole" before a place ("in der ganzen Schweiz", "dans toute la Suisse"). */
export const ARTICLES = new Set([
  'der',
  'den',
  'dem',
  'die',
  'das',
  'le',
  'la',
  'les',
  'l',
  'the',
  'il',
  'lo',
  'gli',
  'ganzen',
  'gesamten',
  'toute',
  'tout',
  'tutta',
  'tutto',
  'whole',
  'entire',
]);

export const EXCLUSION_PHRASES = [
  ['aber', 'keine'],
  ['aber', 'nicht'],
  ['weder'],
  ['keine'],
  ['ohne'],
  ['ausser'],
  ['ausgenommen'],
  ['exklusive'],
  // The abbreviations beside "inkl." / "incl.": "Elektro exkl. Blitzschutz", "dorure excl. cadres".
  ['exkl'],
  ['excl'],
  ['mit', 'ausnahme'],
  ['mais', 'pas'],
  ['sauf'],
  ['hors'],
  ['excepte'],
  ['exceptee'],
  ['exceptes'],
  ['exceptees'],
  ['sans'],
  ['hormis'],
  ['a', 'l', 'exception', 'de'],
  ['a', 'l', 'exception', 'du'],
  ['a', 'l', 'exception', 'des'],
  ['a', 'l', 'exclusion', 'de'],
  ['a', 'l', 'exclusion', 'du'],
  ['a', 'l', 'exclusion', 'des'],
  ['pas', 'de'],
  ['aucun'],
  ['aucune'],
  ['ma', 'non'],
  ['senza'],
  ['tranne'],
  ['niente'],
  ['nichts'],
  ['rien'],
  ['nothing'],
  ['nessun'],
  ['nessuna'],
  ['nessuno'],
  ['escluso'],
  ['esclusi'],
  ['esclusa'],
  ['escluse'],
  ['eccetto'],
  ['ad', 'eccezione'],
  ['salvo'],
  ['but', 'not'],
  ['no'],
  ['neither'],
  ['except'],
  ['excluding'],
  ['without'],
  ['other', 'than'],
  ['apart', 'from'],
  ['aside', 'from'],
  ['except', 'for'],
  ['with', 'the', 'exception', 'of'],
  ['abgesehen', 'von'],
  ['abgesehen', 'vom'],
  ['mis', 'a', 'part'],
  ['fuorche'],
];

/** Markers that follow what they exclude, at the end of a clause: "…, Küchen ausgenommen", "…, sheds excluded", "…, cadres exclus". */
export const POSTPOSITIVE = 'ausgenommen|excluded|exclu|exclus|exclue|exclues|escluso|esclusi|esclusa|escluse';

export const POSTPOSITIVE_EXCLUSIONS = new Set(POSTPOSITIVE.split('|'));

/**
 * A bare negation after the prompt's start excludes what follows ("elevator maintenance, not in schools", "stampa di opuscoli,
 * non di manifesti"), except when it only widens ("nicht nur", "not only", "non solo").
 */
export const WIDENERS = new Set(['only', 'just', 'nur', 'bloss', 'solo', 'soltanto', 'solamente', 'seulement', 'uniquement']);

/** Conjunctions that, after an exclusion, name what is wanted instead ("nicht X, sondern Y", "not X but Y", "non X, bensì Y"). */
export const CONTRASTS = new Set(['sondern', 'aber', 'mais', 'ma', 'bensi', 'but']);

/** German verbs of a wish that end their clause ("Wir sind an Dachdeckerarbeiten interessiert"). */
export const CLAUSE_FINAL_WISHES = new Set(['interessiert', 'interessieren']);

/**
 * Exclusion markers read with their accents, which folding would take away: Italian "né … né" (neither … nor; "ne" is
 * also a pronoun), French "à part" ("a part" is English too: "a part of the roof"), and Italian "a parte".
 */
export const ACCENTED_EXCLUSIONS = [['né'], ['nè'], ['à', 'part'], ['a', 'parte']];

/**
 * The words for a contract that the procurement stop words lack ("Projekte für …", "projets de …", "incarichi per …"); they
 * stay words of the query ("project management"). A plural in -s reads as its singular ("projects", "projets").
 */
export const CONTRACT_HEADS = new Set([
  'projekt',
  'projekte',
  'project',
  'projet',
  'progetto',
  'progetti',
  'mandat',
  'mandate',
  'mandato',
  'mandati',
  'incarico',
  'incarichi',
  'commessa',
  'commesse',
]);

/**
 * Heads that say what kind of contract, not of what: "Dienstleistungen für das Stimmen von Orgeln", "services for the
 * tuning of harps", "prestazioni per l'accordatura di arpe" seek the tuning, for no one. So do the words for a contract
 * (`isContractHead`).
 */
export const GENERIC_HEADS = new Set([
  'dienstleistung',
  'dienstleistungen',
  'leistungen',
  'arbeiten',
  'service',
  'services',
  'work',
  'works',
  'prestation',
  'prestations',
  'travaux',
  'servizio',
  'servizi',
  'prestazioni',
  'lavori',
  'opere',
]);

export const PUBLIC = new Set(
  ['öffentlich', 'öffentliche', 'öffentlichen', 'public', 'publics', 'publique', 'publiques', 'pubblico', 'pubblici', 'pubblica', 'pubbliche'].map(fold),
);

/** The names of a tender notice of several words whose last word alone is a subject elsewhere ("concorso di idee"). */
export const NOTICE_PHRASES = [
  ['bando', 'di', 'concorso'],
  ['bandi', 'di', 'concorso'],
];

export const BUYER_ENDS = new Set([
  'en',
  'mit',
  'zu',
  'zur',
  'zum',
  'avec',
  'con',
  'with',
  'about',
  'regarding',
  'concernant',
  'betreffend',
  'riguardanti',
  'per',
]);

/** Who buys, after a word for a contract: "Aufträge von Gemeinden", "contracts from municipalities", "mandats de la commune". */
export const BUYER_PREPOSITIONS = new Set(['von', 'vom', 'from', 'by']);

export const BUYER_ARTICLES = new Set([
  'de',
  'du',
  'des',
  'd',
  'la',
  'l',
  'le',
  'les',
  'di',
  'del',
  'della',
  'dei',
  'delle',
  'dello',
  'dell',
  'der',
  'den',
  'the',
]);

export const BUYER_NOUNS = new Set(
  [
    'gemeinde',
    'gemeinden',
    'kanton',
    'kantone',
    'kantonen',
    'bund',
    'bundes',
    'stadt',
    'städte',
    'commune',
    'communes',
    'ville',
    'villes',
    'canton',
    'cantons',
    'confédération',
    'état',
    'comune',
    'comuni',
    'città',
    'cantone',
    'cantoni',
    'confederazione',
    'stato',
    'municipality',
    'municipalities',
    'city',
    'cities',
    'confederation',
  ].map(fold),
);

/** A contract's size beside a word for it ("kleinere Aufträge", "petits mandats", "large contracts"): no subject either. */
export const SIZE = new Set(
  [
    'klein',
    'kleine',
    'kleines',
    'kleiner',
    'kleinen',
    'kleinere',
    'kleineren',
    'gross',
    'grosse',
    'grössere',
    'grosseren',
    'petit',
    'petite',
    'petits',
    'petites',
    'grand',
    'grands',
    'grandes',
    'piccolo',
    'piccola',
    'piccoli',
    'piccole',
    'grande',
    'grandi',
    'small',
    'smaller',
    'large',
    'larger',
    'big',
  ].map(fold),
);

/** A firm's staff in a self-description ("mit 12 Mitarbeitern", "avec 30 collaborateurs", "with 40 employees"): who speaks. */
export const STAFF = new Set(
  [
    'mitarbeitende',
    'mitarbeitenden',
    'mitarbeiter',
    'mitarbeitern',
    'mitarbeiterinnen',
    'angestellte',
    'angestellten',
    'beschaftigte',
    'beschaftigten',
    'fachleute',
    'collaborateurs',
    'collaboratrices',
    'employes',
    'salaries',
    'dipendenti',
    'collaboratori',
    'collaboratrici',
    'employees',
    'staff',
    'people',
  ].map(fold),
);

/**
 * Words for the act of supplying: "supply of fire engines", "Lieferung von Druckern", "acquisto di veicoli" seek the
 * goods, which any notice for them is about, whether it says supply, purchase or nothing. No head, and no word of the
 * query: as one, "We supply office furniture" e-mailed an unrelated purchase on "supply" alone (in a language with
 * few notices every word looks rare).
 */
export const SUPPLY_ACTS = new Set(
  [
    'lieferung',
    'lieferungen',
    'liefern',
    'beschaffung',
    'beschaffungen',
    'anschaffung',
    'kauf',
    'fourniture',
    'livraison',
    'livraisons',
    'livrons',
    'fournissons',
    'acquisition',
    'achat',
    'achats',
    'fornitura',
    'consegna',
    'consegniamo',
    'acquisto',
    'acquisti',
    'supply',
    'delivery',
    'deliver',
    'procurement',
    'purchase',
  ].map(fold),
);

/** The supply words that also name the goods ("fournitures de bureau", "office supplies"): no head, but words of the query. */
export const SUPPLY_HEADS = new Set([...SUPPLY_ACTS, ...['fournitures', 'forniture', 'supplies'].map(fold)]);

/**
 * Words for a kind of object rather than a trade: "impianti di sonorizzazione", "installations d'orgue", "Anlagen zur
 * …" seek the trade the complement names ("Beschallungsanlagen", "orgue"), which a notice may name without them.
 */
export const OBJECT_HEADS = new Set(
  [
    'anlage',
    'anlagen',
    'installation',
    'installationen',
    'installations',
    'impianto',
    'impianti',
    'installazione',
    'installazioni',
    'system',
    'systeme',
    'systems',
    'système',
    'systèmes',
    'sistema',
    'sistemi',
    'equipment',
    'equipments',
    'équipement',
    'équipements',
    'attrezzatura',
    'attrezzature',
    'ausrüstung',
    'ausrüstungen',
    'einrichtung',
    'einrichtungen',
  ].map(fold),
);

/**
 * Words for what is done to a thing rather than a trade of its own: "remplacement des orgues", "Erneuerung der Turmuhren",
 * "renovation of bell towers" seek the organ builder's or the clockmaker's trade, which a notice names with any of these
 * words or none ("Ersatz", "Sanierung", "Instandsetzung" and "Erneuerung" say much the same, and no translation links
 * them all).
 */
export const INTERVENTION_HEADS = new Set(
  [
    'neubau',
    'ersatz',
    'erneuerung',
    'sanierung',
    'renovation', // and, folded, the French "rénovation"
    'renovierung',
    'instandsetzung',
    'reparatur',
    'umbau',
    'erweiterung',
    'bau',
    'construction',
    'remplacement',
    'renouvellement',
    'réfection',
    'réparation',
    'réhabilitation',
    'assainissement',
    'transformation',
    'agrandissement',
    'extension',
    'costruzione',
    'sostituzione',
    'rinnovo',
    'ristrutturazione',
    'risanamento',
    'riparazione',
    'ampliamento',
    'replacement',
    'renewal',
    'refurbishment',
    'repair',
    'repairs',
    'rehabilitation',
    'conversion',
    // Carrying the work out says nothing of which work it is.
    'ausführung',
    'umsetzung',
    'realisierung',
    'réalisation',
    'exécution',
    'realizzazione',
    'esecuzione',
    'execution',
    'implementation',
    'realisation',
  ].map(fold),
);

/**
 * Verbs of doing or of dealing with in general, said by "we" ("Nous réalisons des travaux de peinture", "Wir kümmern uns
 * um …", "Ci occupiamo di …", "We carry out roof repairs"), the auxiliaries and the adverbs that may stand in their place:
 * what follows names the work, they name nothing sought.
 */
export const GENERIC_VERBS = new Set(
  [
    'machen',
    'fuhren',
    'ausfuhren',
    'durchfuhren',
    'erledigen',
    'ubernehmen',
    'erbringen',
    'realisieren',
    'erstellen',
    'herstellen',
    'produzieren',
    'leisten',
    'anbieten',
    'arbeiten',
    'kummern',
    'befassen',
    'beschaftigen',
    'spezialisieren',
    'konzentrieren',
    'fokussieren',
    'haben',
    'konnen',
    'werden',
    'realisons',
    'effectuons',
    'executons',
    'faisons',
    'assurons',
    'fabriquons',
    'produisons',
    'creons',
    'prenons',
    'travaillons',
    'occupons',
    'chargeons',
    'specialisons',
    'concentrons',
    'consacrons',
    'intervenons',
    'avons',
    'pouvons',
    'eseguiamo',
    'realizziamo',
    'effettuiamo',
    'svolgiamo',
    'facciamo',
    'produciamo',
    'fabbrichiamo',
    'creiamo',
    'curiamo',
    'lavoriamo',
    'occupiamo',
    'specializziamo',
    'concentriamo',
    'dedichiamo',
    'interveniamo',
    'operiamo',
    'abbiamo',
    'possiamo',
    'do',
    'carry',
    'perform',
    'undertake',
    'execute',
    'make',
    'produce',
    'create',
    'manufacture',
    'handle',
    'work',
    'specialise',
    'specialize',
    'focus',
    'concentrate',
    'operate',
    'deal',
    'take',
    'look',
    'have',
    'need',
    'can',
    'will',
    'also',
    'mainly',
    'mostly',
    'primarily',
    'regularly',
  ].map(fold),
);

/** Words for getting a contract: part of the wish, no word of what is sought. */
export const RECEIVE_WORDS = new Set(
  ['erhalten', 'bekommen', 'gewinnen', 'recevoir', 'obtenir', 'decrocher', 'ricevere', 'ottenere', 'aggiudicarci', 'receive', 'get', 'obtain', 'win'].map(fold),
);

/** Words that begin a sentence of a self-description ("Nous …", "Wir …", "Our …"). */
export const FIRST_PERSON = new Set(['wir', 'ich', 'unsere', 'unser', 'nous', 'je', 'notre', 'nos', 'noi', 'io', 'nostra', 'nostro', 'we', 'i', 'our']);
