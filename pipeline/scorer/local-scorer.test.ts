import { describe, expect, it } from 'vitest';
import type { Language } from '../../domain/languages.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import { madeUpNotices } from '../../test-support/made-up-notices.ts';
import { createCandidateIndex } from './candidate-index.ts';
import { createLocalScorer, type ScorableProject } from './local-scorer.ts';
import { languageTools } from './text-analysis.ts';

// Every text here is invented for the test; none comes from the labelled evaluation set.
const scorer = createLocalScorer();
const index = createCandidateIndex();
for (const notice of madeUpNotices()) index.add(scorer.prepareProject(notice));

const notice = (overrides: Partial<ScorableProject>): ScorableProject => ({
  id: 'target',
  language: 'de',
  title: '',
  description: '',
  cpvCodes: [],
  canton: null,
  ...overrides,
});

/** The surfaces of a prompt's query terms, read without corpus statistics. */
const words = (prompt: string, language: Language) => scorer.prepareAlert(prompt, language).concepts.map((concept) => concept.surface);

const score = (prompt: string, language: Language, target: ScorableProject) =>
  scorer.score(scorer.prepareAlert(prompt, language, { corpus: index.corpus }), scorer.prepareProject(target));

describe('local scorer', () => {
  it('keeps a German compound the splitter cannot cut when its last part is known only in other languages ("…revision")', () => {
    // No notice or German label word is "Revision"; an Italian notice's "revisione" is its cognate.
    expect(scorer.prepareAlert('Kegelbahnrevision', 'de', { corpus: index.corpus }).concepts.length).toBeGreaterThan(0);
    const lanes = notice({ language: 'it', title: 'Revisione delle piste del bowling di Locarno', canton: 'TI' });
    expect(score('Kegelbahnrevision', 'de', lanes).score).toBeGreaterThan(20);
  });

  it("does not lend a word the trade names of a longer compound of it ('Metall' is no 'Metallbauarbeiten')", () => {
    // "Metallbauarbeiten" names the locksmiths' trade (serrurerie, fabbro); "Metall" alone was related to it by its prefix.
    const locksmith = notice({ language: 'fr', title: 'Travaux de serrurerie', cpvCodes: ['45421000'] });
    const scrap = notice({ title: 'Abnahme von Metall und Schrott', cpvCodes: ['90514000'] });
    expect(score('Ankauf von Metall', 'de', locksmith).score).toBeLessThan(SCORE_FLOOR);
    expect(score('Ankauf von Metall', 'de', scrap).score).toBeGreaterThanOrEqual(70);
  });

  it('matches a French alert with a German notice of the same trade, above another trade', () => {
    const snow = notice({ title: 'Schneeräumung Parkhaus und Zufahrten', cpvCodes: ['90620000'], canton: 'LU' });
    const roof = notice({ title: 'Dachdeckerarbeiten Parkhaus', cpvCodes: ['45261210'], canton: 'LU' });
    const result = score('déneigement', 'fr', snow);
    expect(result.score).toBeGreaterThan(score('déneigement', 'fr', roof).score + 20);
    expect(result.explanation).toContain('déneigement');
  });

  it.each<[string, string, Language, Partial<ScorableProject>, Partial<ScorableProject>]>([
    // Swiss trade names and abbreviations, through the trade vocabulary.
    [
      'a trade name',
      'Spenglerarbeiten',
      'de',
      { language: 'fr', title: 'Ferblanterie de la chapelle du Bourg', canton: 'VD' },
      { language: 'fr', title: 'Carrelage de la chapelle du Bourg', canton: 'VD' },
    ],
    ['an abbreviation', 'MCR', 'fr', { title: 'MSR-Anlagen Bootshaus', canton: 'BE' }, { title: 'Plattenarbeiten Bootshaus', canton: 'BE' }],
    ['an abbreviation', 'TIC', 'it', { title: 'ICT-Betrieb Bootshaus', canton: 'BE' }, { title: 'Plattenarbeiten Bootshaus', canton: 'BE' }],
    // A trade named by a compound whose parts name no trade ("Blitz|schutz", "Sonnen|schutz").
    [
      'a compound trade name',
      'Blitzschutz',
      'de',
      { language: 'fr', title: 'Paratonnerre du clocher de Vuillerens', canton: 'VD' },
      { language: 'fr', title: 'Révision des cloches du clocher de Vuillerens', canton: 'VD' },
    ],
    [
      'a compound trade name',
      'Sonnenschutz',
      'de',
      { language: 'it', title: 'Tapparelle della scuola di Cadro', canton: 'TI' },
      { language: 'it', title: 'Serramenti della scuola di Cadro', canton: 'TI' },
    ],
    // A trade named by several words, to its names of one word.
    [
      'a trade name of several words',
      'protection solaire',
      'fr',
      { language: 'it', title: 'Tapparelle della scuola di Cadro', canton: 'TI' },
      { language: 'it', title: 'Serramenti della scuola di Cadro', canton: 'TI' },
    ],
    [
      'a trade name of several words',
      'sun shading',
      'en',
      { title: 'Lamellenstoren Schulhaus Aegerten', canton: 'BE' },
      { title: 'Kellerabteile Schulhaus Aegerten', canton: 'BE' },
    ],
    [
      'a trade name of several words',
      'moving services',
      'en',
      { title: 'Umzug der Gemeindeverwaltung Oberwil', canton: 'BL' },
      { title: 'Reinigung der Gemeindeverwaltung Oberwil', canton: 'BL' },
    ],
    // Civil-engineering trades, named by one word or by several.
    [
      'a civil-engineering trade',
      'glissières de sécurité',
      'fr',
      { title: 'Neue Leitplanken Talstrasse Oberwil', canton: 'BL' },
      { title: 'Neue Randsteine Talstrasse Oberwil', canton: 'BL' },
    ],
    [
      'a civil-engineering trade',
      'pareti antirumore',
      'it',
      { title: 'Lärmschutzwände entlang der Talstrasse Oberwil', canton: 'BL' },
      { title: 'Stützmauern entlang der Talstrasse Oberwil', canton: 'BL' },
    ],
    // The common abbreviations of technical installations.
    [
      'an installation abbreviation',
      'PV-Anlagen',
      'de',
      { language: 'fr', title: 'Installation photovoltaïque sur le toit du hangar', canton: 'VD' },
      { language: 'fr', title: 'Réfection du toit du hangar', canton: 'VD' },
    ],
    [
      'an installation abbreviation',
      'PAC',
      'fr',
      { title: 'Ersatz der Wärmepumpe im Werkhof', canton: 'BE' },
      { title: 'Ersatz des Heizkessels im Werkhof', canton: 'BE' },
    ],
    // Swiss German words and the German of the CPV labels, in the notices of every language.
    [
      'a Swiss German word',
      'Velos',
      'de',
      { title: 'Beschaffung von Fahrrädern für das Bauamt', canton: 'SG' },
      { title: 'Beschaffung von Bürostühlen für das Bauamt', canton: 'SG' },
    ],
    // "Lift" (a Swiss German compound's modifier too) reaches "Aufzug" and its translations.
    [
      'a Swiss German word',
      'Liftwartung',
      'de',
      { language: 'fr', title: 'Maintenance des ascenseurs du home des Pâquerettes', canton: 'VD' },
      { language: 'fr', title: 'Maintenance des chaudières du home des Pâquerettes', canton: 'VD' },
    ],
    // Services the CPV labels name otherwise ("Ofen- und Kaminreinigung", "déplacement"), through the trade vocabulary.
    [
      'a Swiss service',
      'Kaminfeger',
      'de',
      { language: 'fr', title: 'Ramonage de la halle de gymnastique de Bex', canton: 'VD' },
      { language: 'fr', title: 'Peinture de la halle de gymnastique de Bex', canton: 'VD' },
    ],
    [
      'a Swiss service',
      'déménagement',
      'fr',
      { title: 'Zügeln der Gemeindeverwaltung ins neue Stadthaus', canton: 'LU' },
      { title: 'Reinigung der Gemeindeverwaltung im neuen Stadthaus', canton: 'LU' },
    ],
    [
      'a German word the labels do not use',
      'Beamer',
      'de',
      { title: 'Beschaffung von Videoprojektoren für die Schulzimmer', canton: 'SO' },
      { title: 'Beschaffung von Wandtafeln für die Schulzimmer', canton: 'SO' },
    ],
    [
      'an Italian trade name',
      'imbiancatura',
      'it',
      { language: 'en', title: 'Interior painting of the boathouse', canton: 'ZG' },
      { language: 'en', title: 'Interior cleaning of the boathouse', canton: 'ZG' },
    ],
    [
      'a winter service',
      'gritting',
      'en',
      { language: 'fr', title: 'Salage des routes communales de Bex', canton: 'VD' },
      { language: 'fr', title: 'Balayage des routes communales de Bex', canton: 'VD' },
    ],
    // "Ambulanz" reaches the French notice through the labels' "Krankenwagen" and its translation.
    [
      'a Swiss German word',
      'Ambulanzen',
      'de',
      { language: 'fr', title: 'Acquisition de deux ambulances pour Bex', canton: 'VD' },
      { language: 'fr', title: 'Acquisition de deux tracteurs pour Bex', canton: 'VD' },
    ],
    // Swiss French and Swiss Italian words and the French and Italian of the CPV labels ("blanchisserie", "ristrutturazione", "autobus").
    [
      'a Swiss French word',
      'buanderie',
      'fr',
      { title: 'Wäscherei des Pflegeheims Lindenhof', canton: 'BE' },
      { title: 'Küche des Pflegeheims Lindenhof', canton: 'BE' },
    ],
    [
      'a Swiss French abbreviation',
      'UIOM',
      'fr',
      { title: 'Revision der Verbrennungsanlage Hinwil', canton: 'ZH' },
      { title: 'Revision der Dachanlage Hinwil', canton: 'ZH' },
    ],
    [
      'a Swiss Italian word',
      'riattazione',
      'it',
      { language: 'it', title: 'Ristrutturazione del municipio di Cadro', canton: 'TI' },
      { language: 'it', title: 'Arredamento del municipio di Cadro', canton: 'TI' },
    ],
    [
      'a Swiss Italian word',
      'autopostali',
      'it',
      { title: 'Beschaffung von zwei Bussen für den Ortsverkehr', canton: 'GR' },
      { title: 'Beschaffung von zwei Traktoren für den Ortsverkehr', canton: 'GR' },
    ],
  ])('bridges %s ("%s") to the notices of its trade in every language, well above another trade', (_, prompt, language, wanted, other) => {
    expect(score(prompt, language, notice(wanted)).score).toBeGreaterThan(score(prompt, language, notice(other)).score + 20);
  });

  it('weighs two words the CPV labels use as one name about as one word, so that the rest of the prompt still counts', () => {
    const weights = (prompt: string, language: Language) =>
      Object.fromEntries(scorer.prepareAlert(prompt, language).concepts.map((concept) => [concept.surface, concept.weight / concept.idf]));
    // "musical instruments" / "instruments de musique" name one kind of supply in the labels; "wooden instruments" do not.
    expect(weights('musical instruments for orchestras', 'en')).toEqual({ musical: 0.5, instruments: 0.5, orchestras: 0.6 });
    expect(weights('instruments de musique', 'fr')).toEqual({ instruments: 0.5, musique: 0.5 });
    expect(weights('wooden instruments', 'en')).toEqual({ wooden: 1, instruments: 1 });
    // The purpose ("for orchestras") then weighs as much as the name it qualifies: a notice naming the supply for
    // another purpose is no longer a complete match.
    const prompt = 'musical instruments for orchestras';
    expect(score(prompt, 'en', notice({ language: 'en', title: 'Musical instruments for the music conservatoire of Sion' })).score).toBeLessThan(70);
    expect(score(prompt, 'en', notice({ language: 'en', title: 'Musical instruments for the youth orchestra of Sion' })).score).toBeGreaterThanOrEqual(70);
  });

  it("reads a CPV code typed in the prompt as its label in the prompt's language and as a code of the alert", () => {
    const masonry = notice({ title: 'Maurerarbeiten Werkhof Bühl', cpvCodes: ['45262500'], canton: 'BE' });
    const roofing = notice({ title: 'Dachdeckerarbeiten Werkhof Bühl', cpvCodes: ['45261210'], canton: 'BE' });
    for (const [prompt, language] of [
      ['CPV 45262500', 'de'],
      ['45262500-6', 'fr'],
      ['Lavori in muratura (45262500)', 'it'],
    ] as const) {
      const result = score(prompt, language, masonry);
      expect(result.score, prompt).toBeGreaterThanOrEqual(70);
      expect(result.score, prompt).toBeGreaterThan(score(prompt, language, roofing).score + 30);
    }
    // After "aber keine", a code excludes what its label names.
    expect(score('Bauarbeiten, aber keine 45262500', 'de', masonry).score).toBeLessThan(score('Bauarbeiten', 'de', masonry).score);
  });

  it('reads a firm named by its trade in a self-description as the trade, not as any firm', () => {
    const painting = notice({ title: 'Malerarbeiten Turnhalle Oberdorf', canton: 'SO' });
    const advice = notice({ title: 'Unternehmensberatung Gemeindewerke Oberdorf', canton: 'SO' });
    const prompt = 'Wir sind ein Malerunternehmen und bewerben uns um Anstriche';
    expect(score(prompt, 'de', painting).score).toBeGreaterThan(score(prompt, 'de', advice).score + 30);
    expect(words('Nous sommes une entreprise de vitrerie', 'fr')).toEqual(['vitrerie']);
  });

  it("splits compounds of Swiss words as it splits those of the labels' words", () => {
    const upkeep = notice({ title: 'Unterhalt der Parkanlagen am Seeufer', canton: 'ZG' });
    const other = notice({ title: 'Reinigung der Schulanlagen am Seeufer', canton: 'ZG' });
    expect(words('Parkunterhalt', 'de')).not.toEqual([]);
    expect(score('Parkunterhalt', 'de', upkeep).score).toBeGreaterThan(score('Parkunterhalt', 'de', other).score + 30);
    // "Veloständer" carries "Velo": an exclusion of bicycles reaches it.
    const racks = notice({ title: 'Montage Veloständer Seeufer', canton: 'ZG' });
    expect(score('Montage, aber keine Velos', 'de', racks).score).toBeLessThan(score('Montage', 'de', racks).score - 20);
  });

  it('reads a German compound it cannot split by its last part that a label or a notice knows ("Streusalz": no word "streu")', () => {
    const salt = notice({ title: 'Salz für den Winterdienst', canton: 'UR' });
    const gravel = notice({ title: 'Kies für den Winterdienst', canton: 'UR' });
    expect(score('Gletscherstreusalz', 'de', salt).score).toBeGreaterThan(score('Gletscherstreusalz', 'de', gravel).score + 20);
  });

  it('stems a Latin noun in "-um" as its plural ("Gymnasium" and "Gymnasien", "Zentrum" and "Zentren")', () => {
    const school = notice({ title: 'Restaurierung von Gemälden, Gymnasium Aarberg', canton: 'BE' });
    const townHall = notice({ title: 'Restaurierung von Gemälden, Rathaus Aarberg', canton: 'BE' });
    const prompt = 'Restaurierung von Gemälden für Gymnasien';
    expect(score(prompt, 'de', school).score).toBeGreaterThan(score(prompt, 'de', townHall).score + 10);
  });

  it('stems a German plural in "-eln" as its singular in "-el" ("Orgeln" and "Orgel", "Kirchenorgeln")', () => {
    expect(languageTools('de').stem('orgeln')).toBe(languageTools('de').stem('orgel'));
    const organ = notice({ title: 'Revision der Orgel, Kirche Seeufer', canton: 'LU' });
    const bells = notice({ title: 'Revision der Glocken, Kirche Seeufer', canton: 'LU' });
    expect(score('Revision von Kirchenorgeln', 'de', organ).score).toBeGreaterThan(score('Revision von Kirchenorgeln', 'de', bells).score + 10);
  });

  it('keeps a German noun in -est whole, as the stemmer would cut a superlative ("Asbest" is no "asb")', () => {
    const asbestos = notice({ title: 'Asbestentfernung Werkhof Seeufer', canton: 'ZG' });
    const facade = notice({ title: 'Kaminsanierung Werkhof Seeufer', canton: 'ZG' });
    expect(words('Asbest', 'de')).toEqual(['asbest']);
    expect(score('Asbest', 'de', asbestos).score).toBeGreaterThan(score('Asbest', 'de', facade).score + 30);
  });

  it('reads a building-cost-plan number in a title as the name of its group, in every language', () => {
    const numbered = notice({ title: 'Bootshaus Seeweg, BKP 284.1', canton: 'BE' });
    const bare = notice({ title: 'Bootshaus Seeweg, Los 284.1', canton: 'BE' });
    expect(score('poêlerie', 'fr', numbered).score).toBeGreaterThan(score('poêlerie', 'fr', bare).score + 10);
  });

  it('reads a building-cost-plan number in a description as the name of its group: the lot of a building named in the title', () => {
    const numbered = notice({ title: 'Bootshaus Seeweg', description: 'Umbau, Arbeitsgattung BKP 284.1', canton: 'BE' });
    const bare = notice({ title: 'Bootshaus Seeweg', description: 'Umbau, Arbeitsgattung Los 284.1', canton: 'BE' });
    expect(score('poêlerie', 'fr', numbered).score).toBeGreaterThan(score('poêlerie', 'fr', bare).score + 10);
  });

  it('expects a complete match to carry part of the qualifier beside the heaviest subject words', () => {
    const prepare = (prompt: string) => scorer.prepareAlert(prompt, 'en', { corpus: index.corpus });
    const qualified = prepare('harp tuning and organ repair for music schools');
    const bare = prepare('harp tuning and organ repair');
    // Before, the heaviest words of a list of subjects left the lighter qualifier out: "… for music schools" was
    // complete without a school.
    expect(qualified.expectedWeight!).toBeGreaterThan(bare.expectedWeight! + 0.4 * qualified.qualifierWeight);
  });

  it('expects a complete match of a prompt that is one phrase to carry all of its words, not the heaviest two', () => {
    const organ = notice({ language: 'fr', title: "Révision de l'orgue de la cathédrale", cpvCodes: ['50000000'], canton: 'FR' });
    const phrase = scorer.prepareAlert("révision de l'orgue de paroisse", 'fr', { corpus: index.corpus });
    const list = scorer.prepareAlert('révision, orgue, paroisse', 'fr', { corpus: index.corpus });
    expect(phrase.expectedWeight).toBeCloseTo(phrase.subjectWeight, 6);
    expect(list.expectedWeight!).toBeLessThan(list.subjectWeight - 0.05);
    // Two of the phrase's three words are not the whole of it; two items of the list are.
    expect(scorer.score(phrase, scorer.prepareProject(organ)).score).toBeLessThan(scorer.score(list, scorer.prepareProject(organ)).score - 5);
  });

  it("reads a phrase's head as the work sought: a notice about the complement's thing without the work is no complete match", () => {
    // Without the head, "Turnhallen" carried two thirds of the phrase and the painting lot e-mailed (75).
    const paintingLot = notice({ title: 'Turnhalle Sanierung: Malerarbeiten', cpvCodes: ['45214400'] });
    const cleaning = notice({ title: 'Unterhaltsreinigung der Turnhallen', cpvCodes: ['90911200'] });
    expect(score('Reinigung von Turnhallen', 'de', paintingLot).score).toBeLessThan(70);
    expect(score('Reinigung von Turnhallen', 'de', cleaning).score).toBeGreaterThanOrEqual(70);
    const rénovation = notice({ language: 'fr', title: 'Rénovation de la salle de gymnastique', cpvCodes: ['45214400'] });
    const désinfection = notice({ language: 'fr', title: 'Désinfection des salles de gymnastique', cpvCodes: ['90921000'] });
    expect(score('désinfection des salles de gymnastique', 'fr', rénovation).score).toBeLessThan(70);
    expect(score('désinfection des salles de gymnastique', 'fr', désinfection).score).toBeGreaterThanOrEqual(70);
    // A supply is no work: "Lieferung von Turngeräten" seeks the goods, whatever a notice for them calls its purchase.
    expect(scorer.prepareAlert('Lieferung von Turngeräten', 'de').head).toBeUndefined();
    expect(scorer.prepareAlert('Reinigung von Turnhallen', 'de').head?.languages).toEqual(expect.arrayContaining(['de', 'fr', 'it', 'en']));
    // A head no translation reaches is asked for in its own language only: "Klavierstimmung" may be its German name.
    expect(scorer.prepareAlert('accordage de pianos', 'fr').head?.languages).toEqual(['fr']);
  });

  it('reads a prompt that only introduces the company by its trade, not by the word for a firm, wherever the company sits', () => {
    const prompt = 'Wir sind ein Dachdeckerunternehmen aus dem Kanton Glarus';
    expect(scorer.prepareAlert(prompt, 'de').concepts).toHaveLength(1);
    const roof = notice({ title: 'Dachdeckerarbeiten am Feuerwehrmagazin Sursee', cpvCodes: ['45261210'], canton: 'LU' });
    expect(score(prompt, 'de', roof).score).toBeGreaterThanOrEqual(70);
  });

  it('reads a workshop no notice names by its worker ("Spenglerei" → "Spengler"), not one the vocabulary knows ("Zimmerei" is no "Zimmer")', () => {
    const sheetMetal = notice({ title: 'Turnhalle Ried: Spengler- und Bedachungsarbeiten', cpvCodes: ['45261000'] });
    expect(score('Wir sind eine Spenglerei aus dem Kanton Uri', 'de', sheetMetal).score).toBeGreaterThanOrEqual(70);
    const rooms = notice({ title: 'Möblierung der Zimmer im Altersheim', cpvCodes: ['39100000'] });
    expect(score('Zimmerei', 'de', rooms).score).toBeLessThan(20);
  });

  it('reads a compound naming an office in a self-description by its trade ("Grafikbüro" seeks graphic design, not offices)', () => {
    expect(words('Wir sind ein kleines Grafikbüro', 'de')).toHaveLength(1);
  });

  it("reads a firm's staff in a self-description as who speaks, no word of what it does", () => {
    expect(words('Wir sind eine Spenglerei mit 12 Mitarbeitern', 'de')).toEqual(words('Wir sind eine Spenglerei', 'de'));
    expect(words('Nous sommes une entreprise de ferblanterie avec 12 collaborateurs', 'fr')).toEqual(words('Nous sommes une entreprise de ferblanterie', 'fr'));
    expect(words('We are a roofing company with 12 employees', 'en')).toEqual(words('We are a roofing company', 'en'));
  });

  it('seeks the goods of a supply, not the supply: "We supply …" or "purchase of …" finds no other purchase on that word', () => {
    const microscopes = notice({ language: 'en', title: 'Purchase of microscopes for the biology laboratory', cpvCodes: ['38510000'], canton: 'GR' });
    const benches = notice({ language: 'en', title: 'Purchase of benches for the lakeside promenade', cpvCodes: ['39113000'], canton: 'GR' });
    for (const prompt of ['We supply park benches and picnic tables', 'purchase of park benches and picnic tables']) {
      expect(words(prompt, 'en')).not.toContain('supply');
      expect(words(prompt, 'en')).not.toContain('purchase');
      expect(score(prompt, 'en', microscopes).score).toBeLessThan(20);
      expect(score(prompt, 'en', benches).score).toBeGreaterThanOrEqual(70);
    }
    // A plural that also names the goods stays a word of the query: "office supplies" are paper and pens.
    expect(words('office supplies', 'en')).toContain('supplies');
    expect(words('acquisto di sgombraneve', 'it')).not.toContain('acquisto');
  });

  it('reads works joined before one complement as alternatives, each wanting the whole complement: "design and building of kindergarten playgrounds"', () => {
    const prompt = 'design and building of kindergarten playgrounds';
    const playground = notice({ language: 'en', title: 'Design and building of the Ried kindergarten playground', cpvCodes: ['37535200'], canton: 'SZ' });
    const hall = notice({ language: 'en', title: 'Design and building of the sports hall at Ried', cpvCodes: ['45212222'], canton: 'SZ' });
    // Read as any two of its words, the two works made a complete match of a notice about another thing (82).
    expect(score(prompt, 'en', playground).score).toBeGreaterThanOrEqual(70);
    expect(score(prompt, 'en', hall).score).toBeLessThan(50);
  });

  it("wants the work named in a notice's own text, not only in its code's label ('… and cleaning products')", () => {
    // 39000000's label lists furniture "and cleaning products": the furniture purchase met the work there (71, 68).
    const furniture = notice({ title: 'Mobiliar für das Schwimmbad Ried', cpvCodes: ['39000000'] });
    const cleaning = notice({ title: 'Unterhaltsreinigung Schwimmbad Ried', cpvCodes: ['90911200'] });
    for (const [prompt, language] of [
      ['cleaning of gyms and swimming pools', 'en'],
      ['nettoyage des piscines', 'fr'],
    ] as const) {
      expect(score(prompt, language, furniture).score).toBeLessThan(50);
      expect(score(prompt, language, cleaning).score).toBeGreaterThanOrEqual(70);
    }
  });

  it('wants one of joined works named, as it wants a head: "transport et stockage de meubles" is no furniture purchase', () => {
    const purchase = notice({ title: 'Büromöbel und Möbel für die Verwaltung Ried', cpvCodes: ['39130000'] });
    const moving = notice({ title: 'Transport und Lagerung der Möbel der Verwaltung Ried', cpvCodes: ['60000000'] });
    expect(scorer.prepareAlert('transport et stockage de meubles', 'fr').works).toHaveLength(2);
    // Without the works' gate, the purchase met the complement and its code's label: 61.
    expect(score('transport et stockage de meubles', 'fr', purchase).score).toBeLessThan(50);
    expect(score('transport et stockage de meubles', 'fr', moving).score).toBeGreaterThanOrEqual(70);
    // "Möbeln" is the plural "Möbel" takes after "von": it stemmed apart (27).
    expect(score('Transport und Lagerung von Möbeln', 'de', moving).score).toBeGreaterThanOrEqual(70);
  });

  it('reads "mobility" as no charging station: the vocabulary names electric mobility in full, not "e-mobility"', () => {
    const charging = notice({ title: 'Ladestationen für Elektroautos Werkhof Ried', cpvCodes: ['31158100'] });
    // "e-mobility" stood for the trade by its one word left after analysis, "mobility" (16).
    expect(score('mobility planning', 'en', charging).score).toBeLessThan(8);
    expect(score('electromobility', 'en', charging).score).toBeGreaterThanOrEqual(70);
    // So did "topping-out" for the cost plan's ancillary costs, by "top" (18).
    const toppingOut = notice({ title: 'Aufrichte Neubau Schulhaus Ried', cpvCodes: ['45000000'] });
    expect(score('top floor renovation', 'en', toppingOut).score).toBeLessThan(10);
  });

  it('names snow removal in English as the vocabulary names winter service in the other languages', () => {
    const snow = notice({ language: 'fr', title: 'Déneigement des chemins de Ried', cpvCodes: ['90620000'] });
    const earthworks = notice({ language: 'fr', title: 'Terrassement et évacuation des déblais Ried', cpvCodes: ['45111200'] });
    // "removal" alone led to the site-clearance codes: the earthworks outscored the snow (19 against 14).
    expect(score('snow removal', 'en', snow).score).toBeGreaterThanOrEqual(70);
    expect(score('snow removal', 'en', snow).score).toBeGreaterThan(score('snow removal', 'en', earthworks).score + 20);
  });

  it('gives a trade name of one word no stem a common word shares ("trasportatori" stems as "trasporto")', () => {
    const conveyors = notice({ title: 'Neue Förderanlagen Kehrichtverbrennung Ried', cpvCodes: ['42417200'] });
    const pupils = notice({ title: 'Schülertransport Gemeinde Ried', cpvCodes: ['60130000'] });
    // The conveyors' Italian name "trasportatori" made every "trasporto" a conveyor (81 against 73).
    expect(score('trasporto di allievi', 'it', conveyors).score).toBeLessThan(50);
    expect(score('trasporto di allievi', 'it', pupils).score).toBeGreaterThan(score('trasporto di allievi', 'it', conveyors).score + 20);
  });

  it('reads a contract named by its trade ("Reinigungsaufträge") as the trade, as "Aufträge" alone is no word of the query', () => {
    const office = notice({ title: 'Führung der Geschäftsstelle Ried, Auftragsperiode 2025 bis 2028', cpvCodes: ['75130000'] });
    const cleaning = notice({ title: 'Unterhaltsreinigung Schulhaus Ried', cpvCodes: ['90911200'] });
    // Read as "Reinigung" and "Aufträge", the prompt scored the office's "Auftragsperiode" 74 and the cleaning 14.
    expect(score('Wir suchen Reinigungsaufträge', 'de', office).score).toBeLessThan(20);
    expect(score('Wir suchen Reinigungsaufträge', 'de', cleaning).score).toBeGreaterThanOrEqual(70);
  });

  it("reads what a code's label leaves out as no word of the label, in German too ('außer Möbeln'), and only that", () => {
    // 30000000: "Maschinen, Material und Zubehör für Büro und Computer, außer Möbeln und Softwarepaketen".
    const notebooks = notice({ title: 'Beschaffung Notebooks Gemeindeverwaltung Ried', cpvCodes: ['30000000'] });
    expect(score('Büromöbel', 'de', notebooks).score).toBeLessThan(20);
    // 39000000: "… Haushaltsgeräte (ausgenommen Beleuchtung) und Reinigungsmittel": the cleaning products are no exclusion.
    const household = notice({ title: 'Haushaltsgeräte Ried', cpvCodes: ['39000000'] });
    expect(score('Reinigungsmittel', 'de', household).score).toBeGreaterThanOrEqual(70);
  });

  it('reads no words of what is sought in a date or in a word for a job ("ab Januar", "painting jobs in March")', () => {
    expect(words('Malerarbeiten ab Januar', 'de')).toEqual(words('Malerarbeiten', 'de'));
    expect(words('travaux de peinture en février', 'fr')).toEqual(words('travaux de peinture', 'fr'));
    expect(words('lavori di pittura da settembre', 'it')).toEqual(words('lavori di pittura', 'it'));
    expect(words('painting jobs in March', 'en')).toEqual(words('painting', 'en'));
  });

  it('reads no words of what is sought in a web or e-mail address pasted into a prompt', () => {
    const snow = notice({ title: 'Schneeräumung Werkhof Ried', cpvCodes: ['90620000'] });
    const plain = score('Schneeräumung', 'de', snow).score;
    expect(plain).toBeGreaterThanOrEqual(70);
    expect(score('Schneeräumung https://www.simap.ch/de/project-detail/4711', 'de', snow).score).toBe(plain);
    expect(score('Schneeräumung www.werkhof-ried.ch', 'de', snow).score).toBe(plain);
    expect(score('Schneeräumung werkhof@ried.ch', 'de', snow).score).toBe(plain);
  });

  it('wants the work of two words written side by side ("Turnhallen Reinigung"), not the place it is done in', () => {
    const electrical = notice({ title: 'Neubau Turnhalle Ried: Elektrikerarbeiten', cpvCodes: ['45311000'] });
    const cleaning = notice({ title: 'Unterhaltsreinigung Turnhalle Ried', cpvCodes: ['90911200'] });
    for (const prompt of ['Turnhallen Reinigung', 'Reinigung Turnhallen']) {
      // Read as one phrase without a head, the electrical lot scored 67 on "Turnhallen" alone.
      expect(score(prompt, 'de', electrical).score).toBeLessThan(50);
      expect(score(prompt, 'de', cleaning).score).toBeGreaterThanOrEqual(70);
    }
    // In French: "nettoyage gymnases" e-mailed the electrical lot (71), where "nettoyage des gymnases" did not (38).
    const french = { language: 'fr' as const, cpvCodes: ['45311000'], canton: 'VD' };
    const frenchLot = notice({ ...french, title: 'Nouveau gymnase de Ried: installations électriques' });
    const frenchCleaning = notice({ language: 'fr', title: 'Nettoyage du gymnase de Ried', cpvCodes: ['90911200'], canton: 'VD' });
    expect(score('nettoyage gymnases', 'fr', frenchLot).score).toBeLessThan(50);
    expect(score('nettoyage gymnases', 'fr', frenchCleaning).score).toBeGreaterThanOrEqual(70);
  });

  it('wants the complement of joined works as a head wants its work: "Planung und Bau von Radwegen" is no heating plan', () => {
    const heating = notice({ title: 'Planung der Heizung Schulhaus Ried', cpvCodes: ['71321200'] });
    const path = notice({ title: 'Planung Radweg Seeufer', cpvCodes: ['71322000'] });
    // Without the complement's gate, the heating plan was e-mailed (72) on "Planung", the heaviest of the two works.
    expect(score('Planung und Bau von Radwegen', 'de', heating).score).toBeLessThan(50);
    expect(score('Planung und Bau von Radwegen', 'de', path).score).toBeGreaterThanOrEqual(70);
    // A complete match carries the work it names, however common: building a bike path is one.
    const building = notice({ title: 'Bau Radweg Seeufer', cpvCodes: ['45233162'] });
    expect(score('Planung und Bau von Radwegen', 'de', building).score).toBeGreaterThanOrEqual(70);
    expect(score('Wir planen und bauen Radwege', 'de', building).score).toBeGreaterThanOrEqual(70);
  });

  it("reads the things a head's complement lists as alternatives: one of them with the work beats all of them without it", () => {
    const prompt = 'Reinigung von Turnhallen und Schwimmbädern';
    expect(scorer.prepareAlert(prompt, 'de').head?.things).toHaveLength(2);
    const building = score(prompt, 'de', notice({ title: 'Neubau Turnhalle und Schwimmbad: Malerarbeiten', cpvCodes: ['45311000'] })).score;
    const cleaning = score(prompt, 'de', notice({ title: 'Unterhaltsreinigung Schwimmbad', cpvCodes: ['90911200'] })).score;
    // Read as two words of the expected mass, both things made the building lot a complete match (75 against 81).
    expect(cleaning).toBeGreaterThanOrEqual(70);
    expect(cleaning - building).toBeGreaterThanOrEqual(15);
  });

  it('reads a verb said by "we" as the work its noun names, and what follows it as its complement ("Wir reinigen Turnhallen")', () => {
    const building = notice({ title: 'Neubau Turnhalle und Schwimmbad: Malerarbeiten', cpvCodes: ['45311000'] });
    const cleaning = notice({ title: 'Unterhaltsreinigung Schwimmbad', cpvCodes: ['90911200'] });
    // "reinigen" met no "Reinigung", and the two things made the building lot the better match. Now a verb of "we" reads
    // as its noun: the same scores as the prompt that names the work.
    expect(scorer.prepareAlert('Wir reinigen Turnhallen und Schwimmbäder', 'de').head?.things).toHaveLength(2);
    for (const [prompt, language, nounPrompt] of [
      ['Wir reinigen Turnhallen und Schwimmbäder', 'de', 'Reinigung von Turnhallen und Schwimmbädern'],
      ['Nous nettoyons les piscines et les salles de gymnastique', 'fr', 'nettoyage des piscines et des salles de gymnastique'],
      ['Puliamo palestre e piscine', 'it', 'pulizia di palestre e piscine'],
      ['We maintain gyms and swimming pools', 'en', 'maintenance of gyms and swimming pools'],
      // A prompt that only describes the company finds the work and its complement in that description.
      ['Wir bieten die Reinigung von Turnhallen und Schwimmbädern an', 'de', 'Reinigung von Turnhallen und Schwimmbädern'],
    ] as const) {
      const cleaningScore = score(prompt, language, cleaning).score;
      expect(cleaningScore).toBe(score(nounPrompt, language, cleaning).score);
      expect(cleaningScore - score(prompt, language, building).score).toBeGreaterThanOrEqual(15);
    }
    expect(score('Wir reinigen Turnhallen und Schwimmbäder', 'de', cleaning).score).toBeGreaterThanOrEqual(70);
    // A verb whose noun no notice uses ("streichen": notices say "Malerarbeiten") is no head a notice must carry.
    const painting = notice({ title: 'Malerarbeiten Turnhalle Ried', cpvCodes: ['45442100'] });
    expect(scorer.prepareAlert('Wir streichen Turnhallen', 'de', { corpus: index.corpus }).head).toBeUndefined();
    expect(score('Wir streichen Turnhallen', 'de', painting).score).toBeGreaterThan(score('Wir streichen Turnhallen', 'de', building).score);
    // An English adverb after "we" is no verb: "currently" is no work a notice must carry.
    expect(scorer.prepareAlert('We currently clean schools', 'en').head).toBeUndefined();
    // A capitalised German word is a noun: "Schulen" (schools) is no "Schulung" (training).
    const training = notice({ title: 'Schulung des Personals im Brandschutz', cpvCodes: ['80000000'] });
    expect(score('Schulen', 'de', training).score).toBeLessThan(20);
    // In a prompt typed without capitals, a small initial says nothing: "schulen" is still schools; nor after a
    // preposition or an article, which a noun follows.
    expect(score('reinigung von schulen', 'de', training).score).toBeLessThan(20);
    expect(score('Reinigung von Turnhallen und von schulen', 'de', training).score).toBeLessThan(20);
  });

  it('reads verbs of "we" joined before their object as alternative works, each by its noun ("Wir planen und bauen Strassen")', () => {
    const prompt = 'Wir planen und bauen Radwege';
    expect(scorer.prepareAlert(prompt, 'de').works).toHaveLength(2);
    // "planen" is also the plural of "Plane" (tarpaulin): read as the verb's noun, the prompt maps to no tarpaulin code.
    expect(scorer.prepareAlert(prompt, 'de').codes.map((code) => code.code)).not.toContain('39522110');
    const tarpaulins = notice({ title: 'Lieferung von Planen und Blachen für den Werkhof', cpvCodes: ['39522110'] });
    expect(score(prompt, 'de', tarpaulins).score).toBeLessThan(20);
  });

  it('reads a verb of doing or dealing in general said by "we" as no word of the query ("Nous réalisons des travaux de ferblanterie")', () => {
    // Each prompt reads as the words that follow its verb.
    const sameWords: Array<[prompt: string, without: string, language: Language]> = [
      ['Nous réalisons des travaux de ferblanterie', 'travaux de ferblanterie', 'fr'],
      ['Wir führen Spenglerarbeiten aus', 'Spenglerarbeiten', 'de'],
      ['Eseguiamo lavori di lattoneria', 'lavori di lattoneria', 'it'],
      ['We carry out roof repairs', 'roof repairs', 'en'],
      ["Nous nous occupons de l'entretien des cimetières", "l'entretien des cimetières", 'fr'],
      ['We take care of cemeteries', 'cemeteries', 'en'],
      // Nor verbs of making in general: "erstellen" would otherwise ask every notice for "Erstellung".
      ['Wir erstellen Lärmgutachten', 'Lärmgutachten', 'de'],
      ['Nous fabriquons des vitraux', 'des vitraux', 'fr'],
      // Nor needing or getting a contract: part of the wish ("receive" made "for roof repairs" a purpose, not the subject).
      ['We would like to receive tenders for roof repairs', 'roof repairs', 'en'],
      ['Wir möchten Aufträge für Dachsanierungen erhalten', 'Dachsanierungen', 'de'],
      ['We need painting contracts', 'painting contracts', 'en'],
      // Nor is a verb of supplying: the goods are sought.
      ['Wir liefern Parkbänke', 'Parkbänke', 'de'],
    ];
    for (const [prompt, without, language] of sameWords) expect(words(prompt, language)).toEqual(words(without, language));
  });

  it('names a trade in English by a word no other work shares: "asbestos removal" is no house move', () => {
    // "removals" (moving house) and "removal" share their stem: the trade's English name e-mailed snow and asbestos removal.
    const move = notice({ title: 'Zügeln der Gemeindeverwaltung ins neue Stadthaus', canton: 'LU' });
    expect(score('asbestos removal', 'en', move).score).toBeLessThan(20);
    expect(score('office relocation', 'en', move).score).toBeGreaterThanOrEqual(70);
  });

  it('excludes by an excluded compound the part the prompt does not seek: "Beschriftung, aber keine Fahrzeugbeschriftung"', () => {
    // The most specific part of "Fahrzeugbeschriftung" by the labels is the one sought: excluding it excluded nothing.
    const prompt = 'Beschriftung, aber keine Fahrzeugbeschriftung';
    expect(scorer.prepareAlert(prompt, 'de').concepts.filter((concept) => concept.role === 'exclusion')).toHaveLength(1);
    const vehicles = notice({ title: 'Fahrzeugbeschriftung für den Werkhof Seewen', cpvCodes: ['50110000'], canton: 'SZ' });
    const rooms = notice({ title: 'Beschriftung der Schulzimmer und Korridore in Seewen', cpvCodes: ['45000000'], canton: 'SZ' });
    expect(score(prompt, 'de', vehicles).score).toBeLessThan(score('Beschriftung', 'de', vehicles).score - 30);
    expect(score(prompt, 'de', rooms).score).toBeGreaterThan(score(prompt, 'de', vehicles).score + 20);
  });

  it('excludes by an excluded phrase only a notice that carries each of its words ("no tree felling" is no "no trees")', () => {
    const prompt = 'park maintenance, no tree felling';
    const care = notice({ language: 'en', title: 'Park maintenance, including the care of trees and lawns', cpvCodes: ['77310000'] });
    const felling = notice({ language: 'en', title: 'Tree felling in the city park', cpvCodes: ['77310000'] });
    expect(score(prompt, 'en', care).score).toBeGreaterThanOrEqual(70);
    expect(score(prompt, 'en', felling).score).toBeLessThan(score('park maintenance', 'en', felling).score - 40);
  });

  it('maps a prompt to CPV codes by what it seeks more than by its purpose: surveying for power plants is no building of them', () => {
    const codes = scorer.prepareAlert('Vermessungsarbeiten für Kernkraftwerke', 'de').codes.map((entry) => entry.code);
    expect(codes[0]).toBe('71355000');
    expect(codes.filter((code) => code.startsWith('4525'))).toEqual([]);
  });

  it('does not e-mail a notice that shares only one generic word with the alert', () => {
    const printing = notice({ language: 'fr', title: 'Impression des documents de vote', cpvCodes: ['79810000'], canton: 'VD' });
    expect(score('traduction de documents techniques', 'fr', printing).score).toBeLessThan(70);
  });

  it('lets a qualifier decide between two notices of the same trade', () => {
    const church = notice({ language: 'en', title: 'Printing of the newsletter for the parish church', cpvCodes: ['79810000'] });
    const taxes = notice({ language: 'en', title: 'Printing of the newsletter for the tax office', cpvCodes: ['79810000'] });
    expect(score('printing for churches', 'en', church).score).toBeGreaterThan(score('printing for churches', 'en', taxes).score);
  });

  it('lowers notices about what the alert excludes', () => {
    const prompt = 'Turmuhren und Glockenspiele, aber keine Friedhofsarbeiten';
    const cemetery = notice({ title: 'Glockenspiele und Turmuhren im Friedhof Nord', cpvCodes: ['50432000'] });
    const park = notice({ title: 'Glockenspiele und Turmuhren im Stadthaus', cpvCodes: ['50432000'] });
    expect(score(prompt, 'de', cemetery).score).toBeLessThan(score(prompt, 'de', park).score - 15);
  });

  it('excludes what the alert excludes in whichever language the notice names it', () => {
    const prompt = 'Schneeräumung, aber keine Friedhöfe';
    const roads = notice({ language: 'fr', title: 'Déneigement des parkings', cpvCodes: ['90620000'] });
    const cemetery = notice({ language: 'fr', title: 'Déneigement du cimetière', cpvCodes: ['90620000'] });
    expect(score(prompt, 'de', roads).score).toBeGreaterThanOrEqual(70);
    expect(score(prompt, 'de', cemetery).score).toBeLessThan(50);
  });

  it('excludes a notice whose CPV code names what the alert excludes, though its title does not', () => {
    const plough = notice({ language: 'it', title: 'Fornitura di uno spazzaneve per il servizio invernale del Comune', cpvCodes: ['34143000'], canton: 'TI' });
    const prompt = 'snow clearing equipment for the municipal winter service';
    expect(score(prompt, 'en', plough).score).toBeGreaterThanOrEqual(70);
    expect(score(`${prompt}, excluding vehicles`, 'en', plough).score).toBeLessThan(25);
  });

  it('does not search a two-letter abbreviation the prompt does not write: "Photovoltaik" is no "PV" (Projektverfasser)', () => {
    const author = notice({ title: 'Projektverfasser (PV) für den Umbau des Werkhofs', cpvCodes: ['71000000'], canton: 'BE' });
    const panels = notice({ title: 'Photovoltaikanlage auf dem Dach des Werkhofs', cpvCodes: ['09331200'], canton: 'BE' });
    expect(score('Photovoltaikanlagen', 'de', author).score).toBeLessThan(20);
    expect(score('Photovoltaikanlagen', 'de', panels).score).toBeGreaterThanOrEqual(70);
    // Written in the prompt, it is searched.
    expect(score('PV-Anlagen', 'de', panels).score).toBeGreaterThanOrEqual(70);
  });

  it('does not exclude what the excluded thing shares with the sought one ("cleaning of chandeliers, no window cleaning")', () => {
    const chandeliers = notice({ language: 'en', title: 'Cleaning of the chandeliers of the opera house', cpvCodes: ['90911200'] });
    expect(score('cleaning of chandeliers, no window cleaning', 'en', chandeliers).score).toBe(score('cleaning of chandeliers', 'en', chandeliers).score);
    const lustres = notice({ title: 'Réparation des lustres du théâtre', cpvCodes: ['50000000'] });
    expect(score('réparation de lustres, mais pas de réparation de vitres', 'fr', lustres).score).toBe(score('réparation de lustres', 'fr', lustres).score);
    expect(score('réparation de lustres', 'fr', lustres).score).toBeGreaterThan(20);
  });

  it('excludes the nouns of "ni … ", "weder … noch", "né … né", "neither … nor", not the conjunctions', () => {
    const excluded = (prompt: string, language: Language) =>
      scorer
        .prepareAlert(prompt, language, { corpus: index.corpus })
        .concepts.filter((concept) => concept.role === 'exclusion')
        .map((concept) => concept.surface);
    expect(excluded('Peinture, mais pas de volets ni de toitures', 'fr')).toEqual(['volets', 'toitures']);
    expect(excluded('Schlosserarbeiten, aber weder Treppen noch Geländer', 'de')).toEqual(['treppen', 'geländer']);
    expect(excluded('Tinteggiature, ma né finestre né tetti', 'it')).toEqual(['finestre', 'tetti']);
    expect(excluded('Painting, but neither fences nor roofs', 'en')).toEqual(['fences', 'roofs']);
  });

  it('keeps the nouns that stop-word lists take for function words ("facciate", "Waren", "avions")', () => {
    expect(words('Tinteggiatura di facciate', 'it')).toContain('facciate');
    expect(words('Transport von Waren', 'de')).toContain('waren');
    expect(words('Réparation des avions', 'fr')).toContain('avions');
  });

  it('reads "IT" in capitals as the abbreviation, not as the English pronoun, unless the whole prompt is in capitals', () => {
    expect(words('IT services', 'en')).toContain('it');
    const removals = notice({ language: 'en', title: 'Removal services for the town hall', cpvCodes: ['98392000'], canton: 'ZG' });
    const support = notice({ title: 'IT-Support für die Gemeindeverwaltung', cpvCodes: ['72000000'], canton: 'ZG' });
    // "IT" read as "it" left "services" alone: the removals contract scored 49, the IT support 12.
    expect(score('IT services', 'en', removals).score).toBeLessThan(50);
    expect(score('IT services', 'en', support).score).toBeGreaterThanOrEqual(70);
    expect(words('NETTOYAGE DES ÉCOLES', 'fr')).toEqual(words('nettoyage des écoles', 'fr'));
    // A longer word in capitals among small letters is emphasis, not an abbreviation.
    expect(words('Spenglerarbeiten UND Dachdeckerarbeiten, AUCH Vordächer', 'de')).toEqual(
      words('Spenglerarbeiten und Dachdeckerarbeiten, auch Vordächer', 'de'),
    );
  });

  it('reads "inkl.", "y compris", "incl." as grammar, not as the rarest word of the prompt', () => {
    expect(words('Storenmontage inkl. Motoren', 'de')).not.toContain('inkl');
    expect(words('Pose de stores, y compris motorisation', 'fr')).not.toContain('compris');
    expect(words('Blinds incl. motors', 'en')).not.toContain('incl');
  });

  it('reads adverbs that stress or give an example as grammar ("insbesondere", "notamment", "soprattutto", "especially")', () => {
    expect(words('Storen, insbesondere Markisen', 'de')).toEqual(['storen', 'markisen']);
    expect(words('Stores, notamment volets', 'fr')).toEqual(['stores', 'volets']);
    expect(words('Tende, soprattutto tapparelle', 'it')).toEqual(['tende', 'tapparelle']);
    expect(words('Blinds, especially awnings', 'en')).toEqual(['blinds', 'awnings']);
  });

  it('reads adverbs of willingness or preference ("gerne", "volontiers", "preferibilmente", "ideally") as grammar', () => {
    expect(words('Wir bewerben uns gerne auf Storen, idealerweise Markisen', 'de')).toEqual(['storen', 'markisen']);
    expect(words('Stores, de préférence volets', 'fr')).toEqual(['stores', 'volets']);
    expect(words('Tende, preferibilmente tapparelle', 'it')).toEqual(['tende', 'tapparelle']);
    expect(words('Awnings, ideally blinds', 'en')).toEqual(['awnings', 'blinds']);
  });

  it('reads the greetings and thanks of a prompt written as a message as no words of the query', () => {
    expect(words('Hallo, wir suchen Storen. Danke!', 'de')).toEqual(['storen']);
    // "All" and "everything" in every language, as German's "alle" and Italian's "tutti" already were.
    expect(words('Tous les vitraux, toutes les verrières', 'fr')).toEqual(['vitraux', 'verrières']);
    expect(words('Everything about harps', 'en')).toEqual(['harps']);
    expect(words('Bonjour, stores et volets. Merci, cordialement', 'fr')).toEqual(['stores', 'volets']);
    expect(words('Buongiorno, tende da sole. Grazie', 'it')).toEqual(['tende', 'sole']);
    expect(words('Hello, awnings please. Thanks, regards', 'en')).toEqual(['awnings']);
  });

  it('reads the abbreviations "bzw.", "resp.", "usw.", "etc.", "ecc." as grammar in any language', () => {
    expect(words('Storen bzw. Markisen usw.', 'de')).toEqual(['storen', 'markisen']);
    expect(words('Stores resp. volets, etc.', 'fr')).toEqual(['stores', 'volets']);
    expect(words('Tende, tapparelle ecc.', 'it')).toEqual(['tende', 'tapparelle']);
  });

  it('reads the English function words the short stop list lacks, and prefixes a hyphen parts ("de-icing"), as grammar ("doing" is no slip for "dosing")', () => {
    expect(words('Glazing firm doing repairs during winter', 'en')).toEqual(['glazing', 'firm', 'repairs', 'winter']);
    expect(words('de-icing and re-roofing of pre-cast sheds', 'en')).toEqual(['icing', 'roofing', 'cast', 'sheds']);
  });

  it('counts a word and its translations as one term: repeating it in four languages does not make a match', () => {
    const prompt = 'Schneeräumung Parkhaus';
    const repeated = notice({ title: 'Schneeräumung, déneigement, sgombero neve, snow clearing' });
    const both = notice({ title: 'Parkhaus: Schneeräumung der Rampen' });
    expect(score(prompt, 'de', both).score).toBeGreaterThan(score(prompt, 'de', repeated).score);
    expect(score(prompt, 'de', repeated).score).toBeLessThan(70);
  });

  it('gives a division-level CPV code almost nothing and a specific one its weight', () => {
    const generic = notice({ title: 'Neubau Stützmauer', cpvCodes: ['45000000'] });
    const specific = notice({ title: 'Neubau Stützmauer', cpvCodes: ['45261210'] });
    expect(score('Bedachung', 'de', generic).score).toBeLessThan(20);
    expect(score('Bedachung', 'de', specific).score).toBeGreaterThan(score('Bedachung', 'de', generic).score + 20);
  });

  it('excludes another canton when the alert says "nur im Kanton Luzern", and says so in the alert language', () => {
    const shading = { title: 'Erneuerung der Storen, Gemeindehaus', cpvCodes: ['45421150'] };
    const prompt = 'Storen und Sonnenschutz, nur im Kanton Luzern';
    const inside = score(prompt, 'de', notice({ ...shading, canton: 'LU' }));
    const outside = score(prompt, 'de', notice({ ...shading, canton: 'GE' }));
    expect(inside.score).toBeGreaterThan(outside.score);
    expect(outside.score).toBeLessThan(20);
    expect(outside.explanation).toContain('ausserhalb Kanton LU');
    expect(score(prompt, 'it', notice({ ...shading, canton: 'LU' })).explanation).toContain('cantone LU');
  });

  it('lowers a notice elsewhere only a little when the place is a preference ("bevorzugt", "de préférence", "preferably")', () => {
    const shading = { title: 'Erneuerung der Storen, Gemeindehaus', cpvCodes: ['45421150'] };
    const elsewhere = (prompt: string, language: Language) => score(prompt, language, notice({ ...shading, canton: 'GE' })).score;
    const inside = score('Storen und Sonnenschutz, bevorzugt im Kanton Luzern', 'de', notice({ ...shading, canton: 'LU' })).score;
    const preferred = elsewhere('Storen und Sonnenschutz, bevorzugt im Kanton Luzern', 'de');
    expect(preferred).toBeLessThan(inside);
    expect(preferred).toBeGreaterThan(elsewhere('Storen und Sonnenschutz im Kanton Luzern', 'de') + 20);
    expect(elsewhere('stores et protections solaires, de préférence dans le canton de Lucerne', 'fr')).toBeGreaterThan(
      elsewhere('stores et protections solaires dans le canton de Lucerne', 'fr') + 20,
    );
    // A preference for a kind of work is no preference for the place.
    expect(elsewhere('Wir suchen bevorzugt Storen im Kanton Luzern', 'de')).toBe(elsewhere('Wir suchen Storen im Kanton Luzern', 'de'));
  });

  it('puts a notice of a canton the alert excludes ("except in Ticino") below the same notice elsewhere, and says why', () => {
    const shading = { title: 'Erneuerung der Storen, Gemeindehaus', cpvCodes: ['45421150'] };
    const prompt = 'Storen und Sonnenschutz, ausser im Tessin';
    const excluded = score(prompt, 'de', notice({ ...shading, canton: 'TI' }));
    const elsewhere = score(prompt, 'de', notice({ ...shading, canton: 'GE' }));
    expect(elsewhere.score).toBeGreaterThanOrEqual(score('Storen und Sonnenschutz', 'de', notice({ ...shading, canton: 'GE' })).score);
    expect(excluded.score).toBeLessThan(20);
    expect(excluded.explanation).toContain('ausgeschlossener Kanton TI');
    expect(score(prompt, 'fr', notice({ ...shading, canton: 'TI' })).explanation).toContain('canton exclu TI');
  });

  it('reads a prompt in the language it is written in, whatever the alert language says', () => {
    const snow = notice({ title: 'Schneeräumung Parkhaus und Zufahrten', cpvCodes: ['90620000'], canton: 'LU' });
    expect(score('déneigement des parkings', 'de', snow).score).toBe(score('déneigement des parkings', 'fr', snow).score);
    // Without a function word to tell: each word that the vocabulary of one language knows outvotes the alert language.
    const clocks = notice({ language: 'fr', title: "Révision des horloges et carillons de l'église", cpvCodes: ['50000000'], canton: 'VD' });
    expect(score('horloges carillons', 'fr', clocks).score).toBeGreaterThanOrEqual(70);
    expect(score('horloges carillons', 'en', clocks).score).toBe(score('horloges carillons', 'fr', clocks).score);
    // A German compound of known parts ("Turm" + "Uhren") counts as a German word.
    const towers = notice({ title: 'Revision der Turmuhren und Glockenspiele', cpvCodes: ['50000000'], canton: 'BE' });
    expect(score('Turmuhren Glockenspiele', 'fr', towers).score).toBe(score('Turmuhren Glockenspiele', 'de', towers).score);
    // A short Swiss word ("ARA": a sewage plant) votes for its language: "Revision" alone, known in Italian, does not carry
    // the prompt into Italian, where "ARA" means nothing.
    const plant = notice({ title: 'Revision der Kläranlage Seewis, Los 3', cpvCodes: ['50000000'], canton: 'GR' });
    expect(scorer.prepareAlert('Revision ARA', 'de', { corpus: index.corpus }).concepts.map((concept) => concept.surface)).toContain('ara');
    expect(score('Revision ARA', 'de', plant).score).toBeGreaterThanOrEqual(70);
  });

  it('finds a word one typing slip away from a known one', () => {
    const harpsichords = notice({ language: 'en', title: 'Repair of the harpsichords and spinets, concert hall', cpvCodes: ['37313100'] });
    expect(score('harpsichrods', 'en', harpsichords).score).toBeGreaterThanOrEqual(20);
  });

  it('finds the last part of a compound one typing slip away from a known word ("…wartug" → "Wartung")', () => {
    const alert = scorer.prepareAlert('Glockenwartug', 'de', { corpus: index.corpus });
    expect(alert.termKeys.has(scorer.terms!.id('de', 'wartung'))).toBe(true);
    const upkeep = notice({ title: 'Wartung der Glocken im Kirchturm', cpvCodes: ['50000000'], canton: 'SO' });
    const recasting = notice({ title: 'Neuguss der Glocken im Kirchturm', cpvCodes: ['50000000'], canton: 'SO' });
    expect(score('Glockenwartug', 'de', upkeep).score).toBeGreaterThan(score('Glockenwartug', 'de', recasting).score);
  });

  it('reads a mistyped trade compound as the trade it names, as the right spelling does ("Schliesanlagen")', () => {
    // The trade's French names come with the whole compound, not with its parts ("anlagen" is any plant).
    const locks = notice({ language: 'fr', title: 'Remplacement des cylindres et du système de verrouillage, collège', canton: 'VD' });
    const heating = notice({ title: 'Ersatz der Heizungsanlage im Werkhof', canton: 'BE' });
    expect(score('Schliesanlagen', 'de', locks).score).toBe(score('Schliessanlagen', 'de', locks).score);
    expect(score('Schliesanlagen', 'de', locks).score).toBeGreaterThanOrEqual(70);
    expect(score('Schliesanlagen', 'de', heating).score).toBeLessThan(SCORE_FLOOR);
  });

  it('reads no typing slip in the end of a word whose beginning is no word: "Französisch" is no "Franzö|tisch"', () => {
    const tables = notice({ title: 'Tische und Stühle für den Gemeindesaal', cpvCodes: ['39100000'] });
    expect(score('Übersetzungen Deutsch-Französisch', 'de', tables).score).toBeLessThan(20);
  });

  it('reads a compound it cannot split for a typing slip in its last part by that part, corrected ("Uhrenwartug")', () => {
    const upkeep = notice({ title: 'Wartung der Turmuhren und Zifferblätter', cpvCodes: ['50000000'], canton: 'SO' });
    expect(score('Uhrenwartug', 'de', upkeep).score).toBeGreaterThanOrEqual(50);
  });

  it('finds a compound the prompt splits in a notice that names it unsplit ("Turnhallen" → turn + halle, "Turnhalle" whole)', () => {
    const named = notice({ title: 'Neue Beleuchtung Turnhalle Nord', cpvCodes: ['45316100'] });
    const other = notice({ title: 'Neue Beleuchtung Schulhaus Nord', cpvCodes: ['45316100'] });
    expect(score('Beleuchtung der Turnhallen', 'de', named).score).toBeGreaterThan(score('Beleuchtung der Turnhallen', 'de', other).score + 10);
  });

  it('keeps the sub-trades of a cost-plan group apart: "Lüftung" is not "Heizung", though both are BKP 24', () => {
    const heating = notice({ title: 'Ersatz der Heizung im Werkhof', cpvCodes: ['45331100'] });
    const ventilation = notice({ title: 'Ersatz der Lüftung im Werkhof', cpvCodes: ['45331200'] });
    expect(score('Lüftung', 'de', heating).score).toBeLessThan(20);
    expect(score('Lüftung', 'de', ventilation).score).toBeGreaterThanOrEqual(70);
    expect(score('ventilation', 'fr', ventilation).score).toBeGreaterThan(score('ventilation', 'fr', heating).score + 30);
  });

  it('reads a German plural in -os as its singular ("Kinos" meets "Kino"), which Snowball leaves apart', () => {
    const cinema = notice({ title: 'Sanierung Kino Rex, Lüftung', cpvCodes: ['45331210'] });
    const hall = notice({ title: 'Sanierung Turnhalle, Lüftung', cpvCodes: ['45331210'] });
    expect(score('Lüftung von Kinos', 'de', cinema).score).toBeGreaterThan(score('Lüftung von Kinos', 'de', hall).score + 10);
  });

  it('keeps a German noun in -ung apart from the word it derives from ("Unterhaltung" is entertainment, "Unterhalt" upkeep)', () => {
    const entertainment = notice({ title: 'Unterhaltungsprogramm für das Stadtfest', cpvCodes: ['92300000'] });
    const upkeep = notice({ title: 'Unterhalt der Friedhofsanlagen', cpvCodes: ['77310000'] });
    expect(score('Unterhalt', 'de', upkeep).score).toBeGreaterThanOrEqual(70);
    expect(score('Unterhalt', 'de', entertainment).score).toBeLessThan(70);
    expect(score('Friedhofunterhalt', 'de', entertainment).score).toBeLessThan(20);
    // Nor the compounds of the noun in -ung ("Unterhaltungssoftware" e-mailed at 71).
    const games = notice({ title: 'Unterhaltungssoftware für das Jugendhaus' });
    expect(score('Unterhalt', 'de', games).score).toBeLessThan(20);
  });

  it('does not take a word the labels use inside compounds for a typing slip of another word', () => {
    // "Erdung" (earthing) is one letter away from "Rodung" (tree clearing), and spelt right: "Erdungsschalter".
    const clearing = notice({ title: 'Rodungsarbeiten am Waldrand', cpvCodes: ['77211300'] });
    const earthing = notice({ title: 'Blitzschutz und Erdungsanlagen Turnhalle', cpvCodes: ['45312310'] });
    expect(score('Erdung', 'de', clearing).score).toBeLessThan(20);
    expect(score('Erdung', 'de', earthing).score).toBeGreaterThanOrEqual(70);
  });

  it('returns integer scores within 0..100, the same across scorer instances', () => {
    const target = notice({ title: 'Glaserarbeiten Turnhalle', cpvCodes: ['45441000'] });
    const result = score('Glaserarbeiten', 'de', target);
    expect(Number.isInteger(result.score)).toBe(true);
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(100);
    const other = createLocalScorer();
    const otherIndex = createCandidateIndex();
    for (const entry of madeUpNotices().reverse()) otherIndex.add(other.prepareProject(entry));
    expect(other.score(other.prepareAlert('Glaserarbeiten', 'de', { corpus: otherIndex.corpus }), other.prepareProject(target))).toEqual(result);
  });

  it('carries extra weighted terms and exclusion words beyond the prompt', () => {
    const target = notice({ title: 'Turmuhren im Friedhof Nord', cpvCodes: ['50432000'] });
    const plain = scorer.prepareAlert('Turmuhren', 'de', { corpus: index.corpus });
    const excluding = scorer.prepareAlert('Turmuhren', 'de', { corpus: index.corpus, extra: { exclusions: ['Friedhof'] } });
    const prepared = scorer.prepareProject(target);
    expect(scorer.score(excluding, prepared).score).toBeLessThan(scorer.score(plain, prepared).score);
    const widened = scorer.prepareAlert('Glockenspiel', 'de', { corpus: index.corpus, extra: { terms: [{ text: 'Turmuhren', weight: 1 }] } });
    expect(scorer.score(widened, prepared).score).toBeGreaterThan(
      scorer.score(scorer.prepareAlert('Glockenspiel', 'de', { corpus: index.corpus }), prepared).score,
    );
  });
});
