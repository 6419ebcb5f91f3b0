import { describe, expect, it } from 'vitest';
import { readPrompt, type WordRole } from './read-prompt.ts';

const roles = (prompt: string) => readPrompt(prompt).words.map(({ word, role }) => `${word}:${role}`);
const of = (prompt: string, role: WordRole) =>
  readPrompt(prompt)
    .words.filter((word) => word.role === role)
    .map(({ word }) => word);

describe('readPrompt', () => {
  it('turns what follows "aber keine", "sauf", "senza", "except" into exclusions until the clause ends', () => {
    expect(of('Turmuhren, aber keine Friedhofsarbeiten', 'exclusion')).toEqual(['Friedhofsarbeiten']);
    expect(of('dorure des autels sauf cadres. Ramonage', 'exclusion')).toEqual(['cadres']);
    expect(of('stampa di opuscoli senza manifesti', 'exclusion')).toEqual(['manifesti']);
    expect(of('roofing except sheds; gilding', 'subject')).toEqual(['roofing', 'gilding']);
  });

  it('reads more markers: "ad eccezione di", "apart from", "mit Ausnahme", "hormis", and those that follow what they exclude', () => {
    expect(of('dorure des autels hormis les cadres', 'exclusion')).toEqual(['les', 'cadres']);
    expect(of('Orgelstimmung mit Ausnahme der Kirchen', 'exclusion')).toEqual(['der', 'Kirchen']);
    expect(of('stampa di opuscoli ad eccezione dei manifesti', 'exclusion')).toEqual(['dei', 'manifesti']);
    expect(of('roofing apart from sheds', 'exclusion')).toEqual(['sheds']);
    // Postpositive: the clause before the marker is excluded, the marker itself is no word of the query.
    expect(roles('Schreinerarbeiten, Küchen ausgenommen, Einbauschränke')).toEqual(['Schreinerarbeiten:subject', 'Küchen:exclusion', 'Einbauschränke:subject']);
    expect(of('roofing, sheds excluded', 'exclusion')).toEqual(['sheds']);
    expect(of('dorure, cadres exclus', 'exclusion')).toEqual(['cadres']);
    expect(of('stampa di opuscoli, manifesti esclusi', 'exclusion')).toEqual(['manifesti']);
    // The abbreviations, whose dot ends no clause: "exkl.", "excl."; "bzw." keeps its phrase together.
    expect(of('Orgelstimmung exkl. Kirchen', 'exclusion')).toEqual(['Kirchen']);
    expect(of('dorure excl. cadres', 'exclusion')).toEqual(['cadres']);
    expect(roles('Turmuhren bzw. Glockenspiele, keine Orgeln')).toEqual(['Turmuhren:subject', 'bzw:subject', 'Glockenspiele:subject', 'Orgeln:exclusion']);
  });

  it('reads an exclusion that a comma opens ("…, sauf …", "…, except …", "…, ausser …") and the marker\'s other forms', () => {
    expect(of('Schreinerarbeiten, ausser Küchen', 'exclusion')).toEqual(['Küchen']);
    expect(of('Roof repairs and gutters, except flat roofs', 'exclusion')).toEqual(['flat', 'roofs']);
    expect(of('Vitrerie, sauf les verrières', 'exclusion')).toEqual(['les', 'verrières']);
    expect(of('Fornitura di arredi per uffici, escluse le sedie', 'exclusion')).toEqual(['le', 'sedie']);
    expect(of("Marquage des chaussées à l'exclusion du déneigement", 'exclusion')).toEqual(['déneigement']);
    // At the very start of a prompt of one clause, the word opens nothing: "Ohne …" does not exclude the whole prompt.
    expect(of('Ohne Gerüst Kaminsanierung', 'exclusion')).toEqual([]);
    // Followed by another clause, it excludes to its clause's end.
    expect(of('Ohne Gerüst: Kaminsanierung', 'exclusion')).toEqual(['Gerüst']);
    expect(roles('Keine Orgelneubauten. Nur Orgelrevisionen')).toEqual(['Orgelneubauten:exclusion', 'Orgelrevisionen:subject']);
    expect(of('Pas de vitraux neufs; restauration de vitraux', 'exclusion')).toEqual(['vitraux', 'neufs']);
  });

  it('reads a bare negation after the start as an exclusion ("…, not in chapels", "…, nicht von Orgeln"), not one that widens', () => {
    expect(of('harp tuning in concert halls, not in chapels', 'exclusion')).toEqual(['in', 'chapels']);
    expect(of('Stimmen von Harfen, nicht von Orgeln', 'exclusion')).toEqual(['von', 'Orgeln']);
    expect(of('accordatura di arpe, non di organi', 'exclusion')).toEqual(['di', 'organi']);
    expect(of('Stimmen von Harfen, nicht nur Konzertharfen', 'exclusion')).toEqual([]);
    expect(of('not only harp tuning but also harp repair', 'exclusion')).toEqual([]);
  });

  it('reads what frames a subject without naming it as no subject word: "im Bereich", "tout ce qui concerne", "in the field of"', () => {
    expect(of('Montage im Bereich Storen', 'subject')).toEqual(['Montage', 'Storen']);
    expect(of('Tout ce qui concerne la vitrerie', 'subject')).toEqual(['la', 'vitrerie']);
    expect(of('Tenders in the field of glazing', 'subject')).toEqual(['Tenders', 'in', 'the', 'glazing']);
    expect(of('Sports field lighting', 'subject')).toEqual(['Sports', 'field', 'lighting']);
    // Being active in a field, a theme or topic: the frame names what follows, and "dans / in" before it opens no qualifier
    // (a prompt that only introduces the company is its self-description).
    expect(of('Nous sommes actifs dans le domaine du vitrail', 'qualifier')).toEqual([]);
    expect(of('Nous sommes actifs dans le domaine du vitrail', 'profile')).toEqual(['dans', 'le', 'du', 'vitrail']);
    expect(of('We are active in the field of harp tuning', 'profile')).toEqual(['in', 'the', 'harp', 'tuning']);
    expect(of('Wir sind im Bereich Orgelbau tätig', 'profile')).toEqual(['Orgelbau']);
    expect(of('Ausschreibungen zum Thema Glockenstühle', 'subject')).toEqual(['Ausschreibungen', 'zum', 'Glockenstühle']);
    expect(of('Siamo attivi nel settore delle vetrate', 'profile')).toEqual(['nel', 'delle', 'vetrate']);
    expect(of('Painting, no facades', 'exclusion')).toEqual(['facades']);
    expect(of('Pittura, niente facciate', 'exclusion')).toEqual(['facciate']);
  });

  it('reads a word for a firm in a self-description as no word: "une entreprise de vitrerie", "impresa di pulizie", "harp company"', () => {
    expect(of('Nous sommes une entreprise de vitrerie et cherchons des marchés', 'profile')).toEqual(['une', 'de', 'vitrerie', 'et']);
    expect(of('Impresa di accordatura di arpe cerca lavori', 'profile')).toEqual(['di', 'accordatura', 'di', 'arpe']);
    expect(of('Harp tuning company from Bern seeking contracts', 'profile')).toEqual(['Harp', 'tuning', 'from']);
    expect(of('Nous sommes une entreprise de vitrerie', 'profile')).toEqual(['une', 'de', 'vitrerie']);
    // Sought, the word stays: "entreprise générale" is a trade.
    expect(of('Projets en entreprise générale', 'subject')).toEqual(['Projets', 'en', 'entreprise', 'générale']);
  });

  it('reads a typed CPV code ("45262500", "CPV 45262500-6") as a code in the role of its clause, not as a word', () => {
    expect(readPrompt('Maurerarbeiten (CPV 45262500-6), aber keine 45261000').codes).toEqual([
      { code: '45262500', role: 'subject' },
      { code: '45261000', role: 'exclusion' },
    ]);
    expect(roles('Maurerarbeiten (CPV 45262500-6)')).toEqual(['Maurerarbeiten:subject']);
    // Fewer or more digits are no CPV code: a figure, as before.
    expect(readPrompt('Storen 4526 und 452625001').codes).toEqual([]);
    // A code names what is sought: a purpose after it is a qualifier.
    expect(of('Wir suchen 45262500 für Kapellen', 'qualifier')).toEqual(['Kapellen']);
  });

  it('reads a size or an amount ("ab 1000 m2", "au moins 500 m²", "above 100k CHF") as no subject words', () => {
    expect(of('Storenmontage ab 1000 m2', 'subject')).toEqual(['Storenmontage']);
    expect(of('Vitrerie, au moins 500 m²', 'subject')).toEqual(['Vitrerie', 'au']);
    expect(of('Glazing contracts above 100k CHF', 'subject')).toEqual(['Glazing', 'contracts']);
    expect(of('Storenmontage über CHF 500’000', 'subject')).toEqual(['Storenmontage']);
    // Without a figure beside it, the word is an ordinary word.
    expect(of('Glazing over skylights', 'subject')).toEqual(['Glazing', 'over', 'skylights']);
  });

  it('makes a purpose a qualifier: "für Kirchgemeinden", "pour crèches", "for churches"', () => {
    expect(roles('Schneeräumung für Kirchgemeinden')).toEqual(
      ['Schneeräumung:subject', 'für:subject', 'Kirchgemeinden:qualifier'].filter((entry) => !entry.startsWith('für')),
    );
    expect(of('mobilier pour crèches', 'qualifier')).toEqual(['crèches']);
    expect(of('printing services for churches', 'qualifier')).toEqual(['churches']);
    // After a clause break too: a parenthesis ends a clause.
    expect(of('Glazing repairs (frames, seals) for parish halls', 'qualifier')).toEqual(['parish', 'halls']);
    expect(of('Vitrerie (CFC 221) pour écoles', 'qualifier')).toEqual(['écoles']);
  });

  it('makes a purpose after a wish a qualifier once the wish named what it seeks: "Wir suchen Orgelrevisionen für Kirchgemeinden"', () => {
    expect(of('Wir suchen Orgelrevisionen für Kirchgemeinden', 'qualifier')).toEqual(['Kirchgemeinden']);
    expect(of('looking for harp tuning for music schools', 'qualifier')).toEqual(['music', 'schools']);
    // "look for" and "search for" are wishes too, not a purpose ("for") after "We … look".
    expect(of('We are a harp workshop and look for harp tuning for music schools', 'qualifier')).toEqual(['music', 'schools']);
    expect(of('We are a harp workshop and search for harp tuning', 'subject')).toEqual(['harp', 'tuning']);
    expect(of('Nous cherchons des vitraux pour chapelles', 'qualifier')).toEqual(['chapelles']);
    expect(of('Cerchiamo accordature di arpe per scuole di musica', 'qualifier')).toEqual(['scuole', 'di', 'musica']);
    // Before anything sought is named, the purpose is what is sought; a word describing the contract names nothing sought.
    expect(of('Wir suchen Aufträge für Orgelrevisionen', 'qualifier')).toEqual([]);
    expect(of('Interessiert an öffentlichen Ausschreibungen für Orgelrevisionen', 'qualifier')).toEqual([]);
    expect(of('Nous cherchons des marchés publics pour vitraux', 'qualifier')).toEqual([]);
    expect(of('looking for public contracts for harp tuning', 'qualifier')).toEqual([]);
    // Another word beside one names the work: what follows is its purpose.
    expect(of('looking for roofing contracts for schools', 'qualifier')).toEqual(['schools']);
    expect(of('Wir suchen Projekte für Wintergärten', 'qualifier')).toEqual([]);
    // "Public" beside a word for a contract says whose contract: no word of the query.
    expect(of('Interessiert an öffentlichen Ausschreibungen für Orgelrevisionen', 'subject')).not.toContain('öffentlichen');
    expect(of('Cerchiamo appalti pubblici per vetrate', 'subject')).not.toContain('pubblici');
    // In any German case: "bei öffentlichen Aufträgen", "des öffentlichen Auftrags".
    expect(of('Orgelrevisionen bei öffentlichen Aufträgen', 'subject')).not.toContain('öffentlichen');
    expect(of('Orgelrevisionen im Rahmen eines öffentlichen Auftrags', 'subject')).not.toContain('öffentlichen');
    expect(of('seeking public projects for harp tuning', 'subject')).toEqual(['projects', 'harp', 'tuning']);
    expect(of('Public lighting for parks', 'subject')).toEqual(['Public', 'lighting']);
  });

  it('makes the place kind or material after "in / dans / nelle" a qualifier, once something is sought', () => {
    expect(of('Orgelstimmung in Kirchen', 'qualifier')).toEqual(['Kirchen']);
    expect(of("accordage d'orgues dans les églises", 'qualifier')).toEqual(['les', 'églises']);
    expect(of('accordatura di organi nelle chiese', 'qualifier')).toEqual(['chiese']);
    expect(of('organ tuning in churches', 'qualifier')).toEqual(['churches']);
    // What it sits on, too: "auf", "sur", "sui"; "auf dem Gebiet" is a frame, not a place kind.
    expect(of('Solaranlagen auf Turnhallendächern', 'qualifier')).toEqual(['Turnhallendächern']);
    expect(of('panneaux solaires sur les toits des chapelles', 'qualifier')).toEqual(['les', 'toits', 'des', 'chapelles']);
    expect(of('pannelli solari sui tetti delle cappelle', 'qualifier')).toEqual(['tetti', 'delle', 'cappelle']);
    expect(of('Beratung auf dem Gebiet der Orgelpflege', 'qualifier')).toEqual([]);
    // A named place stays a place; a wish's "in" ("interested in") stays the wish.
    expect(readPrompt('Orgelstimmung in Luzern').place?.cantons).toEqual(new Set(['LU']));
    // A place that is also a word ("Zug") counts beside a named one when a list's joining word links them.
    expect(readPrompt('Storenmontage in Luzern bzw. Zug').place?.cantons).toEqual(new Set(['LU', 'ZG']));
    expect(readPrompt('Montaggio di tende a Lucerna oppure Zugo').place?.cantons).toEqual(new Set(['LU', 'ZG']));
    expect(of('Orgelstimmung in Luzern', 'qualifier')).toEqual([]);
    expect(of('interested in organ tuning', 'qualifier')).toEqual([]);
  });

  it('reads a purpose after nothing but procurement words as what is sought: "Ausschreibungen für …", "appels d\'offres pour …"', () => {
    expect(of('Ausschreibungen für Dachfenster und Oberlichter', 'qualifier')).toEqual([]);
    expect(of("Appels d'offres pour la pose de parquets", 'subject')).toContain('parquets');
    expect(of("Appels d'offres pour la pose de parquets", 'qualifier')).toEqual([]);
    expect(of('Tenders for roof windows for sports halls', 'qualifier')).toEqual(['sports', 'halls']);
    // After a generic head too: "services for …", "Dienstleistungen für …", "servizi per …" name no trade of their own.
    expect(of('Dienstleistungen für das Stimmen von Orgeln', 'qualifier')).toEqual([]);
    expect(of('services for the tuning of harps', 'qualifier')).toEqual([]);
    expect(of("servizi per l'accordatura di arpe", 'qualifier')).toEqual([]);
    expect(of('harp tuning for concert halls', 'qualifier')).toEqual(['concert', 'halls']);
  });

  it('reduces a company profile to what it seeks and what it does, without the introduction', () => {
    const words = readPrompt('Wir sind eine Glaserei. Wir suchen Projekte für Wintergärten und Glasdächer.').words;
    expect(words.map((word) => word.word)).toEqual(['eine', 'Glaserei', 'Projekte', 'Wintergärten', 'und', 'Glasdächer']);
    expect(words.find((word) => word.word === 'Glaserei')?.role).toBe('profile');
    expect(words.find((word) => word.word === 'Wintergärten')?.role).toBe('subject');
    expect(readPrompt('We are a tiling company seeking mosaic contracts').words.map((word) => word.word)).toEqual(['a', 'tiling', 'mosaic', 'contracts']);
  });

  it('reads a prompt that only introduces the company as its self-description: what it does, not where it sits', () => {
    const read = readPrompt('Wir sind ein Dachdeckerunternehmen aus dem Kanton Glarus');
    expect(read.words.filter((word) => word.role !== 'profile')).toEqual([]);
    expect(read.words.map((word) => word.word)).toContain('Dachdeckerunternehmen');
    expect(read.place).toBeNull();
    expect(readPrompt('We are a sign-making company in Schaffhausen').place).toBeNull();
    // With a wish, the introduction stays before it and a place in the wish constrains.
    expect(readPrompt('Wir sind ein Dachdeckerunternehmen und suchen Aufträge im Kanton Glarus').place).not.toBeNull();
    // So does a sentence in which "we" names the work: it says what is sought, and where.
    expect(readPrompt('Wir sind eine Spenglerei. Wir decken Dächer im Kanton Uri.').place?.cantons).toEqual(new Set(['UR']));
    expect(readPrompt('We are a glazing company. We glaze shop windows in the canton of Zug.').place?.cantons).toEqual(new Set(['ZG']));
    // Not one in which it only says what it has or does in general.
    expect(readPrompt('Wir sind eine Spenglerei. Wir haben zwölf Angestellte im Kanton Uri.').place).toBeNull();
  });

  it('reads a word for a supply as no word of the query, unless the prompt names nothing else', () => {
    expect(of('Anschaffung von Schneepflügen', 'subject')).toEqual(['von', 'Schneepflügen']);
    expect(of('acquisto di sgombraneve e spargisale', 'subject')).not.toContain('acquisto');
    // Supplies of any kind are what it seeks.
    expect(of('Anschaffungen im Kanton Glarus', 'subject')).toContain('Anschaffungen');
    expect(of('purchase contracts', 'subject')).toContain('purchase');
    // Excluded, a supply stays: "keine Anschaffungen" excludes purchases.
    expect(of('Schneeräumung, keine Anschaffungen', 'exclusion')).toEqual(['Anschaffungen']);
  });

  it('reads a German wish whose verb ends the clause ("Wir sind an … interessiert") as a wish, its place a constraint', () => {
    expect(roles('Wir sind an Dachdeckerarbeiten interessiert')).toEqual(['Dachdeckerarbeiten:subject']);
    expect(readPrompt('Wir sind an Dachdeckerarbeiten im Kanton Glarus interessiert').place).not.toBeNull();
    expect(of('Wir sind ein Dachdeckerunternehmen und an Aufträgen im Kanton Glarus interessiert', 'profile')).toContain('Dachdeckerunternehmen');
    expect(readPrompt('Wir sind ein Dachdeckerunternehmen und an Aufträgen im Kanton Glarus interessiert').place).not.toBeNull();
    // Open to work: a wish too.
    for (const prompt of [
      'Wir sind offen für Dachdeckerarbeiten im Kanton Glarus',
      'Nous sommes ouverts aux travaux de toiture dans le canton de Glaris',
      'Siamo aperti a lavori di copertura nel Canton Glarona',
      'We are open to roofing work in the canton of Glarus',
    ])
      expect(readPrompt(prompt).place).not.toBeNull();
    expect(of('Wir sind offen für Dachdeckerarbeiten', 'subject')).toEqual(['Dachdeckerarbeiten']);
  });

  it("reads a firm's size and a word for an office in a self-description as no words ('a small design office', 'ein kleines Büro')", () => {
    expect(of('We are a small signage office seeking wayfinding projects', 'profile')).toEqual(['a', 'signage']);
    expect(of('Wir sind ein kleines Büro für Signaletik und suchen Aufträge', 'profile')).toEqual(['ein', 'für', 'Signaletik', 'und']);
    expect(of('Siamo un piccolo studio di grafica', 'profile')).toEqual(['un', 'di', 'grafica']);
    // Sought, the words stay: "déménagement de petits bureaux" seeks offices.
    expect(of('déménagement de petits bureau', 'subject')).toEqual(['déménagement', 'de', 'petits', 'bureau']);
  });

  it('reads a dash between spaces as the end of a clause: after an introduction, what follows is the wish', () => {
    const read = readPrompt('Nous sommes ferblantiers – travaux de ferblanterie dans le canton de Glaris');
    expect(read.words.filter((word) => word.role === 'subject').map((word) => word.word)).toContain('ferblanterie');
    expect(read.place).not.toBeNull();
    // A hyphen inside a word is no break.
    expect(roles('Holz-Metall-Vordach')).toEqual(['Holz:subject', 'Metall:subject', 'Vordach:subject']);
  });

  it('reads a self-description and a wish in the first person singular', () => {
    expect(of('Je suis géomètre indépendant et je cherche de la mensuration', 'profile')).toEqual(['géomètre', 'indépendant', 'et']);
    expect(of('Je suis géomètre indépendant et je cherche de la mensuration', 'subject')).toEqual(['de', 'la', 'mensuration']);
    expect(of('Ich bin Schreiner und suche Einbauschränke', 'subject')).not.toContain('suche');
  });

  it('reads a wish said as one ("wir möchten", "nous souhaitons", "vorremmo", "we want") as the start of what is sought', () => {
    expect(of('Unsere Firma stimmt Orgeln; wir möchten Aufträge für Orgelrevisionen', 'profile')).toEqual(['stimmt', 'Orgeln']);
    expect(of('Notre entreprise pose des vitraux et nous souhaitons des mandats de restauration', 'subject')).toEqual(['des', 'mandats', 'de', 'restauration']);
    expect(of('La nostra ditta accorda arpe, vorremmo appalti di accordatura', 'subject')).toEqual(['appalti', 'di', 'accordatura']);
    expect(of('Our firm tunes harps; we want harp tuning for music schools', 'qualifier')).toEqual(['music', 'schools']);
    // What a company offers is its self-description ("offriamo", "nous proposons", "we provide"), not what it seeks.
    expect(of('Offriamo accordature di arpe; cerchiamo appalti di accordatura', 'profile')).toEqual(['accordature', 'di', 'arpe']);
    expect(of('We provide harp tuning and look for organ repairs', 'profile')).toEqual(['harp', 'tuning', 'and']);
    // Whom a contract is from names nothing sought: what follows "für" / "for" is then what is sought, not a purpose.
    expect(of('Aufträge von Gemeinden, Kantonen und Bund für Orgelrevisionen', 'subject')).toEqual(['Aufträge', 'für', 'Orgelrevisionen']);
    expect(of('contracts from parishes for organ repairs', 'subject')).toEqual(['contracts', 'for', 'organ', 'repairs']);
    expect(of('Mandats publics de la Confédération en restauration de vitraux', 'subject')).toEqual(['Mandats', 'en', 'restauration', 'de', 'vitraux']);
    // "für Gemeinden" names a buyer, as every buyer is a public body: no purpose a notice's text would say.
    expect(of('Orgelrevisionen für Gemeinden', 'qualifier')).toEqual([]);
    expect(of('Orgelrevisionen für Gemeinden und Kirchgemeinden', 'qualifier')).toEqual(['und', 'Kirchgemeinden']);
    // "Offerte" / "offerta" (a bid) is a word for the contract, as "offre" and "Ausschreibung" are.
    expect(of('Offerte per accordatura di arpe', 'qualifier')).toEqual([]);
    // A wish after a self-description without its subject ("… et voulons …"); areas as a frame ("in den Bereichen").
    expect(of('Nous sommes organistes et voulons restaurer des orgues', 'subject')).toEqual(['restaurer', 'des', 'orgues']);
    expect(of('Suchen Aufträge in den Bereichen Orgelbau und Glockenguss', 'subject')).not.toContain('Bereichen');
    // "bando di concorso" is a notice's name ("concorso" alone is a design competition).
    expect(of('Bandi di concorso per accordatura di arpe', 'subject')).toEqual(['per', 'accordatura', 'di', 'arpe']);
    // French "de" also says what a contract is about.
    expect(of("mandats d'organiste", 'subject')).toEqual(['mandats', 'd', 'organiste']);
    // A contract's size names nothing sought, as "public" beside a contract does not.
    expect(of('Orgelbauer sucht kleinere Aufträge für Orgelrevisionen', 'subject')).toEqual(['Aufträge', 'Orgelrevisionen']);
    // The wish without its subject after a self-description, in the third person, and with "wollen", "vogliamo".
    expect(of('Wir sind eine Orgelbauerei und möchten Aufträge für Orgelrevisionen', 'subject')).toEqual(['Aufträge', 'Orgelrevisionen']);
    expect(of('Notre atelier de vitrail souhaite des mandats de restauration', 'subject')).toEqual(['des', 'mandats', 'de', 'restauration']);
    expect(of('Wir wollen Aufträge für Orgelrevisionen', 'subject')).toEqual(['Aufträge', 'Orgelrevisionen']);
    expect(of('Siamo un laboratorio di arpe e vogliamo appalti di accordatura', 'subject')).toEqual(['appalti', 'di', 'accordatura']);
    expect(of('Our firm tunes harps; we want harp tuning for music schools', 'profile')).toEqual(['tunes', 'harps']);
  });

  it('reads a negated wish ("not interested in", "nicht interessiert an", "non cerchiamo") as an exclusion, not as a wish', () => {
    expect(of('Looking for: harp tuning; not interested in organ repairs', 'exclusion')).toEqual(['organ', 'repairs']);
    expect(of('Looking for: harp tuning; not interested in organ repairs', 'subject')).toEqual(['harp', 'tuning']);
    expect(of('Orgelstimmung; nicht interessiert an Klavierreparaturen', 'exclusion')).toEqual(['Klavierreparaturen']);
    expect(of('Orgelstimmung; nicht interessiert an Klavierreparaturen', 'profile')).toEqual([]);
    expect(of('Accordatura di arpe, non cerchiamo riparazioni di organi', 'exclusion')).toEqual(['riparazioni', 'di', 'organi']);
    // A negated wish that only widens seeks.
    expect(of('Non cerchiamo solo accordature di arpe, ma anche riparazioni', 'exclusion')).toEqual([]);
  });

  it('reads what a contrast names after an exclusion as sought: "keine …, sondern …", "no … but …", "non …, bensì …"', () => {
    expect(of('Wir suchen keine Orgelneubauten, sondern Orgelrevisionen', 'subject')).toEqual(['Orgelrevisionen']);
    expect(of('Wir suchen keine Orgelneubauten, sondern Orgelrevisionen', 'exclusion')).toEqual(['Orgelneubauten']);
    expect(roles('Harp services: no harp sales but harp tuning').slice(2)).toEqual(['harp:exclusion', 'sales:exclusion', 'harp:subject', 'tuning:subject']);
    expect(roles('Servizi per arpe: non vendite, bensì accordature').slice(3)).toEqual(['vendite:exclusion', 'accordature:subject']);
    // "aber keine" still opens an exclusion.
    expect(of('Orgelrevisionen, aber keine Orgelneubauten', 'exclusion')).toEqual(['Orgelneubauten']);
  });

  it('reads a bare "seek" as a wish: "We offer harp tuning and seek organ maintenance contracts"', () => {
    expect(of('We offer harp tuning and seek organ maintenance contracts', 'profile')).toEqual(['harp', 'tuning', 'and']);
  });

  it('reads what comes before a wish as a self-description, introduced or not', () => {
    const contractor = readPrompt('Small glazing contractor from Geneva, seeking conservatory projects');
    expect(contractor.place).toBeNull();
    expect(contractor.words.filter((word) => word.role === 'subject').map((word) => word.word)).toEqual(['conservatory', 'projects']);
    expect(of('Impresa di vetreria cerca appalti per verande', 'subject')).toEqual(['appalti', 'verande']);
    expect(of('Atelier de vitrerie cherche des vérandas', 'subject')).toEqual(['des', 'vérandas']);
    expect(of('Small glazing firm looks for conservatory contracts', 'subject')).toEqual(['conservatory', 'contracts']);
    expect(of("We're a glazing company seeking conservatory contracts", 'profile')).toEqual(['a', 'glazing']);
    // A wish as a participle or a phrase: "cherchant", "à la recherche de", "cercando", "alla ricerca di", "auf der Suche nach".
    expect(of('Atelier de vitrerie cherchant des vérandas', 'subject')).toEqual(['des', 'vérandas']);
    expect(of('Vitrier à la recherche de vérandas', 'subject')).toEqual(['vérandas']);
    expect(of('Vetreria alla ricerca di verande', 'subject')).toEqual(['verande']);
    expect(of('Glaserei auf der Suche nach Wintergärten', 'subject')).toEqual(['Wintergärten']);
    // An application for work, or an interest, is a wish too.
    expect(of('We are a glazing firm. We bid on conservatory contracts.', 'subject')).toEqual(['conservatory', 'contracts']);
    expect(of('Unsere Glaserei bewirbt sich um Wintergärten', 'subject')).toEqual(['um', 'Wintergärten']);
    expect(of("L'atelier s'intéresse aux vérandas", 'subject')).toEqual(['vérandas']);
    // A wish as an advertisement words it.
    expect(of('Gesucht: Wintergärten', 'subject')).toEqual(['Wintergärten']);
    expect(of('Cercasi verande', 'subject')).toEqual(['verande']);
  });

  it('reads frames of the other languages: "rund um", "bezüglich", "en lien avec", "relatifs aux", "in materia di", "relativo"', () => {
    expect(roles('rund um Orgeln')).toEqual(['Orgeln:subject']);
    expect(roles('bezüglich Orgelstimmung')).toEqual(['Orgelstimmung:subject']);
    expect(of('contrats en lien avec les orgues', 'subject')).toEqual(['contrats', 'les', 'orgues']);
    expect(of('contrats relatifs aux orgues', 'subject')).toEqual(['contrats', 'orgues']);
    expect(roles('in materia di organi')).toEqual(['organi:subject']);
    expect(of('appalti relativi agli organi', 'subject')).toEqual(['appalti', 'agli', 'organi']);
  });

  it('reads English frames as frames: "anything to do with", "involving", "regarding", "our focus:"', () => {
    expect(roles('anything to do with harp tuning')).toEqual(['harp:subject', 'tuning:subject']);
    expect(roles('contracts involving harp tuning')).toEqual(['contracts:subject', 'harp:subject', 'tuning:subject']);
    expect(roles('Our focus: harp tuning')).toEqual(['harp:subject', 'tuning:subject']);
  });

  it('reads a specialisation or a focus as a frame, not as a word of the query', () => {
    expect(roles('Spezialisiert auf Wintergärten')).toEqual(['Wintergärten:subject']);
    expect(of('Vitrerie spécialisée en vérandas', 'subject')).toEqual(['Vitrerie', 'en', 'vérandas']);
    expect(roles('Schwerpunkt: Wintergärten')).toEqual(['Wintergärten:subject']);
  });

  it('reads a cost-plan abbreviation before its number as a reference, not as a word ("BKP 221", "CFC 230")', () => {
    expect(roles('Storen (BKP 228)')).toEqual(['Storen:subject']);
    expect(roles('CFC 228 stores')).toEqual(['stores:subject']);
    expect(roles('BKP-Gruppen')).toEqual(['BKP:subject', 'Gruppen:subject']);
  });

  it('drops the wish from a prompt that only says what it seeks', () => {
    expect(roles('Wir suchen Projekte für Wintergärten')).toEqual(['Projekte:subject', 'Wintergärten:subject']);
    expect(roles('looking for roofing work')).toEqual(['roofing:subject', 'work:subject']);
  });

  it('keeps the place out of the subject and reads it as a constraint', () => {
    const read = readPrompt('Storen und Sonnenschutz, nur im Kanton Luzern');
    expect(read.words.map((word) => word.word)).toEqual(expect.arrayContaining(['Storen', 'Sonnenschutz']));
    expect(read.words.map((word) => word.word)).not.toEqual(expect.arrayContaining(['Luzern']));
    expect(read.words.map((word) => word.word)).not.toEqual(expect.arrayContaining(['nur']));
    expect([...read.place!.cantons]).toEqual(['LU']);
    expect(read.place!.exclusive).toBe(true);
  });

  it('reads a region named by its centre as the place, not as a subject: "im Raum Luzern", "région de Fribourg", "area of Lugano"', () => {
    expect(of('Storenmontage im Raum Luzern', 'subject')).toEqual(['Storenmontage', 'im']);
    expect(readPrompt('Storenmontage im Raum Luzern').place?.cantons).toEqual(new Set(['LU']));
    expect(of('Storenmontage, nur in den Kantonen Luzern und Bern', 'subject')).toEqual(['Storenmontage', 'in', 'den', 'und']);
    expect(of('Storenmontage in Luzern und Umgebung', 'subject')).toEqual(['Storenmontage', 'in', 'und']);
    expect(of('Vitrerie à Lausanne et environs', 'subject')).toEqual(['Vitrerie', 'à', 'et']);
    // Function words stay (the analyzer drops them); the region's noun and name do not.
    expect(of('Vitrerie dans la région de Fribourg', 'subject')).toEqual(['Vitrerie', 'dans', 'la', 'de']);
    expect(of('Glazing in the area of Lugano', 'subject')).toEqual(['Glazing', 'in', 'the', 'of']);
  });

  it('reads "nicht nur", "pas uniquement", "non solo", "not only" before a place as widening it: the place is not exclusive', () => {
    for (const prompt of [
      'Storenmontage, nicht nur im Kanton Luzern',
      'Vitrerie, pas uniquement dans le canton de Fribourg',
      'Tende da sole, non solo in Ticino',
      'Awning installation, not only in Zug and Lucerne',
    ])
      expect(readPrompt(prompt).place?.exclusive, prompt).toBe(false);
    expect(readPrompt('Vitrerie, uniquement dans le canton de Fribourg').place?.exclusive).toBe(true);
  });

  it('reads a region followed by a list of its own cantons as those cantons: "Ostschweiz (SG, TG, AR, AI)"', () => {
    const cantons = (prompt: string) => [...(readPrompt(prompt).place?.cantons ?? [])].sort();
    expect(cantons('Orgelstimmung in der Ostschweiz (SG, TG, AR, AI)')).toEqual(['AI', 'AR', 'SG', 'TG']);
    expect(cantons('Vitrerie en Suisse romande : VD et GE')).toEqual(['GE', 'VD']);
    // A canton outside the region adds to it.
    expect(cantons('Storenmontage in der Zentralschweiz und Zürich')).toEqual(['LU', 'NW', 'OW', 'SZ', 'UR', 'ZG', 'ZH']);
  });

  it('reads the Basel region ("Region Basel", "Raum Basel", "région bâloise") as both Basels, the city alone as Basel-Stadt', () => {
    const cantons = (prompt: string) => [...(readPrompt(prompt).place?.cantons ?? [])].sort();
    expect(cantons('Storenmontage in der Region Basel')).toEqual(['BL', 'BS']);
    expect(cantons('Storenmontage im Raum Basel')).toEqual(['BL', 'BS']);
    expect(cantons('Vitrerie dans la région bâloise')).toEqual(['BL', 'BS']);
    expect(cantons('Awning installation in the Basel area')).toEqual(['BL', 'BS']);
    expect(cantons('Storenmontage in Basel')).toEqual(['BS']);
  });

  it('reads a region as its cantons, and Switzerland as a place that constrains nothing', () => {
    const romandie = readPrompt('Vitrerie en Suisse romande seulement');
    expect([...romandie.place!.cantons].sort()).toEqual(['FR', 'GE', 'JU', 'NE', 'VD', 'VS']);
    expect(romandie.place!.exclusive).toBe(true);
    expect(romandie.words.map((word) => word.word)).toEqual(['Vitrerie', 'en']);
    expect([...readPrompt('Storenmontage in der Zentralschweiz').place!.cantons].sort()).toEqual(['LU', 'NW', 'OW', 'SZ', 'UR', 'ZG']);
    // English names a place's kind after it: "Zurich city", "Bern canton".
    for (const prompt of ['Awning installation in Zurich city', 'Awning installation in the Zurich canton'])
      expect(
        readPrompt(prompt).words.map((word) => word.word),
        prompt,
      ).not.toContain(prompt.split(' ').at(-1));
    // English names the French-speaking region as the west of the country.
    expect([...readPrompt('Awning installation in western Switzerland').place!.cantons].sort()).toEqual(['FR', 'GE', 'JU', 'NE', 'VD', 'VS']);
    const country = readPrompt('Storenmontage in der ganzen Schweiz');
    expect(country.place).toBeNull();
    expect(country.words.map((word) => word.word)).toEqual(['Storenmontage', 'in', 'der', 'ganzen']);
  });

  it('reads a region within one canton as that canton: "Berner Oberland", "Jura bernois" (in Bern, not Jura), "Sottoceneri", "beider Basel"', () => {
    const cantons = (prompt: string) => [...(readPrompt(prompt).place?.cantons ?? [])].sort();
    expect(cantons('Storenmontage im Berner Oberland')).toEqual(['BE']);
    expect(cantons('Vitrerie dans le Jura bernois')).toEqual(['BE']);
    expect(cantons('Vitrerie dans le canton du Jura')).toEqual(['JU']);
    expect(cantons('Tende da sole nel Sottoceneri')).toEqual(['TI']);
    expect(cantons('Tende da sole nel Grigioni italiano')).toEqual(['GR']);
    expect(of('Tende da sole nel Grigioni italiano', 'subject')).toEqual(['Tende', 'da', 'sole', 'nel']);
    expect(cantons('Storenmontage im Oberwallis')).toEqual(['VS']);
    expect(cantons('Storenmontage beider Basel')).toEqual(['BL', 'BS']);
  });

  it('reads a canton\'s adjective as its place ("région genevoise", "Zürcher Raum", "impresa ticinese"), not as a word', () => {
    const cantons = (prompt: string) => [...(readPrompt(prompt).place?.cantons ?? [])].sort();
    expect(cantons('Vitrerie dans la région genevoise')).toEqual(['GE']);
    expect(roles('Storenmontage im Zürcher Raum')).toEqual(['Storenmontage:subject', 'im:subject']);
    expect(cantons('Storenmontage im Zürcher Raum')).toEqual(['ZH']);
    // In a self-description it says where the company is: no constraint, and no word of the query.
    const profile = readPrompt('Atelier de vitrerie vaudois cherchant des vérandas');
    expect(profile.place).toBeNull();
    expect(profile.words.map((word) => word.word)).not.toContain('vaudois');
  });

  it("knows the larger municipalities beside the cantons' main towns", () => {
    const cantons = (prompt: string) => [...(readPrompt(prompt).place?.cantons ?? [])].sort();
    expect(cantons('Storenmontage in Schlieren und Volketswil')).toEqual(['ZH']);
    expect(cantons('Vitrerie à Cologny')).toEqual(['GE']);
    expect(cantons('Tende da sole a Minusio o Losone')).toEqual(['TI']);
  });

  it('reads a name that is also a word ("Zug", "AG") as a place when it stands in a list of places', () => {
    const cantons = (prompt: string) => [...(readPrompt(prompt).place?.cantons ?? [])].sort();
    expect(cantons('Storenmontage in Luzern und Zug')).toEqual(['LU', 'ZG']);
    expect(cantons('Storenmontage AG, SO, BL')).toEqual(['AG', 'BL', 'SO']);
    expect(readPrompt('Storenmontage AG').place).toBeNull();
    expect(readPrompt('Wartung der Zug-Toiletten').place).toBeNull();
  });

  it('reads a place named in an exclusion as a place not wanted: "except in Ticino", "ausser im Kanton Zürich", "mais pas dans le canton de Genève"', () => {
    for (const [prompt, canton] of [
      ['harp tuning, except in Ticino', 'TI'],
      ['Orgelstimmung, ausser im Kanton Zürich', 'ZH'],
      ['accordage de harpes, mais pas dans le canton de Genève', 'GE'],
      ['accordatura di arpe, tranne nel Canton Vaud', 'VD'],
    ] as const) {
      const read = readPrompt(prompt);
      expect(read.place?.cantons, prompt).toEqual(new Set());
      expect(read.place?.excluded, prompt).toEqual(new Set([canton]));
    }
    // A preposition that puts a place out: "outside", "ausserhalb", "fuori", not a wish for the place.
    for (const [prompt, canton] of [
      ['harp tuning outside Zurich', 'ZH'],
      ['Orgelstimmung ausserhalb des Kantons Bern', 'BE'],
      ['accordatura di arpe fuori dal Ticino', 'TI'],
    ] as const) {
      expect(readPrompt(prompt).place?.cantons, prompt).toEqual(new Set());
      expect(readPrompt(prompt).place?.excluded, prompt).toEqual(new Set([canton]));
    }
    // A canton excluded from a region asked for leaves the region; a bare "pas" excludes as "not" does.
    const region = readPrompt('Storenmontage in der Nordwestschweiz ohne Basel-Stadt').place;
    expect([...(region?.cantons ?? [])].sort()).toEqual(['AG', 'BL']);
    expect(region?.excluded).toEqual(new Set(['BS']));
    expect(readPrompt('accordage de harpes, pas à Genève').place?.excluded).toEqual(new Set(['GE']));
    expect(readPrompt('accordage de harpes, pas seulement à Genève').place?.cantons).toEqual(new Set(['GE']));
    // A place excluded inside the canton asked for is finer than a canton: the canton stays wanted.
    const finer = readPrompt('Orgelstimmung nur im Kanton Bern, aber nicht in Thun').place;
    expect(finer?.cantons).toEqual(new Set(['BE']));
    expect(finer?.excluded).toEqual(new Set());
  });

  it("reads a place in a company's self-description as where it is, and one named with its wish as a constraint", () => {
    expect(readPrompt('Wir sind eine Dachdeckerei aus Luzern und suchen Aufträge für Steildächer').place).toBeNull();
    expect(readPrompt('Nous sommes un atelier de Fribourg et cherchons des travaux de vitrerie dans le canton de Berne').place?.cantons).toEqual(
      new Set(['BE']),
    );
  });

  it('reads what is sought as one phrase only when no list mark, joining word or self-description comes with it', () => {
    const phrase = (prompt: string) => readPrompt(prompt).phrase;
    expect(phrase('restauration de vitraux anciens')).toBe(true);
    expect(phrase('Reparatur von Kirchenorgeln')).toBe(true);
    expect(phrase('harp tuning for music schools')).toBe(true);
    expect(phrase('Wartung von Turmuhren, ausser Glocken')).toBe(true);
    expect(phrase('vitraux, mosaïques')).toBe(false);
    expect(phrase('Orgeln und Harfen')).toBe(false);
    expect(phrase('Orgeln/Harfen')).toBe(false);
    expect(phrase('Orgelrevision: Kirchenorgeln')).toBe(false);
    expect(phrase('accordatura di arpe e organi')).toBe(false);
    expect(phrase('Kaminfeger')).toBe(false);
    expect(phrase('Glazier from Lucerne, seeking glass roofs')).toBe(false);
  });

  it('groups excluded words that stand together into one phrase, a list mark or a joining word starting the next', () => {
    const phrases = (prompt: string) => {
      const groups = new Map<number, string[]>();
      for (const word of readPrompt(prompt).words) if (word.phrase !== undefined) groups.set(word.phrase, [...(groups.get(word.phrase) ?? []), word.word]);
      return [...groups.values()];
    };
    expect(phrases('park maintenance, no tree felling')).toEqual([['tree', 'felling']]);
    expect(phrases("tonte des parcs, sans abattage d'arbres ni taille de haies")).toEqual([
      ['abattage', 'arbres'],
      ['taille', 'haies'],
    ]);
    expect(phrases('Malerarbeiten, aber keine Zäune oder Dächer')).toEqual([['Zäune'], ['Dächer']]);
  });

  it("reads a phrase's first word as its head when a complement follows it, past an article and a generic head", () => {
    const head = (prompt: string) => {
      const read = readPrompt(prompt);
      return read.head === null ? null : read.words[read.head]!.word;
    };
    expect(head('restauration de vitraux anciens')).toBe('restauration');
    expect(head('Wartung von Kirchenorgeln')).toBe('Wartung');
    // A word for what is done to the thing names no trade of its own: the organs' trade is sought.
    expect(head('Reparatur von Kirchenorgeln')).toBeNull();
    expect(head('remplacement des orgues')).toBeNull();
    expect(head('réalisation de vitraux')).toBeNull();
    expect(head('la lucidatura delle vetrate')).toBe('lucidatura');
    expect(head('tuning of harps for music schools')).toBe('tuning');
    // "services de …" seek what follows.
    expect(head('services de restauration de vitraux')).toBe('restauration');
    // The complement may list things; a later item with a complement of its own is another work, and heads joined
    // before their complement are two works.
    expect(head('restauration de vitraux, mosaïques')).toBe('restauration');
    expect(head('Reinigung von Kirchen und Kapellen')).toBe('Reinigung');
    const read = readPrompt('Reinigung von Kirchen, Kapellen und Pfarrhäusern');
    expect(read.things.map((thing) => thing.map((index) => read.words[index]!.word))).toEqual([['Kirchen'], ['Kapellen'], ['Pfarrhäusern']]);
    expect(head('restauration de vitraux, réparation d’orgues')).toBeNull();
    expect(head('accordage et réparation de pianos')).toBeNull();
    // Also when the first of the joined heads is a supply or an intervention.
    expect(head('Lieferung und Stimmung von Orgeln')).toBeNull();
    expect(head('Reparatur und Wartung von Orgeln')).toBeNull();
    expect(head('services de restauration, de dorure et de reliure')).toBeNull();
    // In what a company profile seeks, past a word for a contract.
    expect(head('Atelier de vitrail cherche des contrats de restauration de vitraux et de mosaïques')).toBe('restauration');
    expect(head('Orgelbauer sucht Aufträge für die Revision von Kirchenorgeln')).toBe('Revision');
    // A word for a kind of object ("impianti", "installations", "Anlagen") is no head: the complement names the trade.
    expect(head('impianti di accordatura per arpe')).toBeNull();
    // "only" restricts, it names nothing: no word of the query, no head ("seulement des …" is no complement).
    expect(head('Nous cherchons seulement des mandats de restauration de vitraux')).toBe('restauration');
    expect(roles('Wir suchen ausschliesslich Orgelrevisionen')).toEqual(['Orgelrevisionen:subject']);
    expect(head('restauration de vitraux et prestations de conseil')).toBeNull();
    // No complement, or no phrase: no head.
    expect(head('harp tuning for music schools')).toBeNull();
    expect(head('Kaminfeger')).toBeNull();
  });

  it('reads the word naming an action as the head of two words written side by side ("Turnhallen Reinigung")', () => {
    const read = (prompt: string) => {
      const result = readPrompt(prompt);
      return result.head === null ? null : [result.words[result.head]!.word, result.things.map((thing) => thing.map((i) => result.words[i]!.word))];
    };
    expect(read('Turnhallen Reinigung')).toEqual(['Reinigung', [['Turnhallen']]]);
    expect(read('Reinigung Turnhallen')).toEqual(['Reinigung', [['Turnhallen']]]);
    expect(read('ispezione organi')).toEqual(['ispezione', [['organi']]]);
    expect(read('Turnhallen Reinigungen')).toEqual(['Reinigungen', [['Turnhallen']]]);
    expect(read('ispezioni organi')).toEqual(['ispezioni', [['organi']]]);
    expect(read('nettoyage gymnases')).toEqual(['nettoyage', [['gymnases']]]);
    // "Anlage" and "garage" name things.
    expect(read('Heizungsanlage Wartung')).toEqual(['Wartung', [['Heizungsanlage']]]);
    expect(read('garage Reinigung')).toEqual(['Reinigung', [['garage']]]);
    // Neither or both name an action, a supply or an intervention, or more than two words: no head.
    expect(read('Tische Glas')).toBeNull();
    expect(read('Planung Beleuchtung')).toBeNull();
    expect(read('Lieferung Turnmatten')).toBeNull();
    expect(read('Sanierung Turnhalle')).toBeNull();
    expect(read('Turnhallen Reinigung Kanton')).toBeNull();
  });

  it('reads an exclusion at the start of a prompt of one clause when an "only" ends it ("Keine Reinigung, nur …")', () => {
    const roles = (prompt: string) =>
      readPrompt(prompt)
        .words.filter((word) => word.role !== 'subject')
        .map((word) => `${word.word}:${word.role}`);
    expect(roles('Keine Vergoldung, nur Restaurierung von Bilderrahmen')).toEqual(['Vergoldung:exclusion']);
    expect(roles('No framing, only gilding of mirrors')).toEqual(['framing:exclusion']);
    expect(roles('Pas de dorure, seulement la restauration de cadres')).toEqual(['dorure:exclusion']);
    expect(roles('Non ci interessano le cornici, solo la doratura')).toEqual(['le:exclusion', 'cornici:exclusion']);
    // Without an "only", an exclusion at the very start would exclude all the prompt says: none.
    expect(roles('Keine Vergoldung von Bilderrahmen')).toEqual([]);
    // An "only" after an exclusion asks for its place, not against it: Uri was read as excluded.
    for (const prompt of ['Vergoldung, aber keine Bilderrahmen, nur im Kanton Uri', 'Gilding, no frames, only in canton Uri']) {
      const place = readPrompt(prompt).place;
      expect([...(place?.cantons ?? [])], prompt).toEqual(['UR']);
      expect([...(place?.excluded ?? [])], prompt).toEqual([]);
    }
  });

  it('reads a place after what an exclusion names as the place sought, and one right after the exclusion as excluded', () => {
    const place = (prompt: string) => {
      const read = readPrompt(prompt).place;
      return { sought: [...(read?.cantons ?? [])], excluded: [...(read?.excluded ?? [])] };
    };
    // Uri was read as a canton excluded: every notice but Uri's kept its score.
    for (const prompt of [
      'Vergoldung ohne Bilderrahmen im Kanton Uri',
      'Dorure sauf cadres, dans le canton d’Uri',
      'Gilding except frames in canton Uri',
      'Doratura senza cornici nel Canton Uri',
    ])
      expect(place(prompt), prompt).toEqual({ sought: ['UR'], excluded: [] });
    for (const prompt of [
      'Vergoldung, aber nicht im Kanton Uri',
      'Dorure, mais pas dans le canton d’Uri',
      'Gilding, except in canton Uri',
      'Gilding, no frames and nothing in canton Uri',
      'Vergoldung, keine Bilderrahmen und nichts im Kanton Uri',
    ])
      expect(place(prompt), prompt).toEqual({ sought: [], excluded: ['UR'] });
    // The French elision before a canton that needs its word ("canton d’Uri") still introduces it.
    expect(place('Dorure dans le canton d’Uri')).toEqual({ sought: ['UR'], excluded: [] });
  });

  it('reads works joined by a word before one complement ("A and B of C", "A und B von C") as works sharing the complement', () => {
    const joined = (prompt: string) => {
      const read = readPrompt(prompt);
      return read.joined ? [read.joined.works.map((i) => read.words[i]!.word), read.joined.complement.map((i) => read.words[i]!.word)] : null;
    };
    expect(joined('design and building of kindergarten playgrounds')).toEqual([
      ['design', 'building'],
      ['kindergarten', 'playgrounds'],
    ]);
    expect(joined('Entwurf und Bau von Spielplätzen')).toEqual([['Entwurf', 'Bau'], ['Spielplätzen']]);
    // After a list the complement may be the last item's alone.
    expect(joined('Entwurf, Bau und Unterhalt von Spielplätzen')).toBeNull();
    // One work, a list after the complement, works of several words, or a list of works each with its own complement: none.
    expect(joined('building of kindergarten playgrounds')).toBeNull();
    expect(joined('Unterhalt von Spielplätzen und Parks')).toBeNull();
    expect(joined('Entwurf und Bau von Spielplätzen und Parks')).toBeNull();
    expect(joined('landscape design and building of playgrounds')).toBeNull();
    expect(joined('conception de jardins et montage de jeux')).toBeNull();
  });

  it('reads the sentence after a self-introduction as the wish when no word says "we seek" (its place constrains nothing)', () => {
    const profile = readPrompt("Nous sommes un atelier de vitrail à Fribourg. Restauration de vitraux d'églises");
    expect(profile.words.filter((word) => word.role === 'subject').map((word) => word.word)).toEqual(['Restauration', 'de', 'vitraux', 'd', 'églises']);
    expect(profile.words.find((word) => word.word === 'vitrail')?.role).toBe('profile');
    expect(profile.place).toBeNull();
    // A self-description of two sentences, then the wish with a place of its own.
    const longer = readPrompt('Wir sind eine Orgelbauwerkstatt im Toggenburg. Wir arbeiten seit 1980. Orgelrevisionen, nur Kanton St. Gallen');
    expect(longer.words.filter((word) => word.role === 'subject').map((word) => word.word)).toEqual(['Orgelrevisionen']);
    expect([...(longer.place?.cantons ?? [])]).toEqual(['SG']);
    // With a word for wishing, as before; one sentence only: no profile.
    expect(roles('Nous sommes un atelier de vitrail et cherchons des restaurations')).toContain('restaurations:subject');
    expect(roles('Restauration de vitraux. Églises et chapelles')).not.toContain('Restauration:profile');
  });

  it('reads where a company sits ("Chur-based", "mit Sitz in", "basée à", "con sede a") as no word of the query', () => {
    for (const prompt of [
      'We are a Chur-based organ builder looking for organ tuning contracts',
      'Wir sind eine Orgelbauwerkstatt mit Sitz in Chur und suchen Orgelstimmungen',
      'Nous sommes un atelier basé à Coire, nous cherchons des accordages d’orgues',
      'Siamo un laboratorio con sede a Coira e cerchiamo accordature di organi',
    ]) {
      const read = readPrompt(prompt);
      const words = read.words.map((word) => word.word.toLowerCase());
      for (const where of ['based', 'sitz', 'basé', 'sede']) expect(words, prompt).not.toContain(where);
      expect(read.place, prompt).toBeNull();
    }
  });

  it('reads "abgesehen von", "à part", "mis à part", "a parte", "fuorché", "with the exception of" as exclusions, not "a part of"', () => {
    for (const prompt of [
      'Orgelstimmungen, abgesehen von Harmonien',
      'accordage d’orgues à part les harmoniums',
      'accordage d’orgues, mis à part les harmoniums',
      'accordatura di organi, a parte gli armonium',
      'accordatura di organi fuorché armonium',
      'organ tuning with the exception of harmoniums',
    ]) {
      const excluded = readPrompt(prompt).words.filter((word) => word.role === 'exclusion' && !/^(les|gli|the|of)$/i.test(word.word));
      expect(
        excluded.map((word) => word.word.toLowerCase()),
        prompt,
      ).toEqual([expect.stringMatching(/^h?armoni/)]);
    }
    expect(roles('repair of a part of the organ')).not.toContain('part:exclusion');
  });

  it('keeps a phrase and its head when a place follows it (the function words beside the place end nothing)', () => {
    for (const prompt of [
      'restauration de vitraux anciens, dans le canton de Neuchâtel ou du Valais',
      'restauration de vitraux anciens dans le canton du Jura',
      'Wartung von Kirchenorgeln, nur im Kanton Schaffhausen',
    ]) {
      const read = readPrompt(prompt);
      expect(read.head === null ? null : read.words[read.head]!.word, prompt).toMatch(/^(restauration|Wartung)$/);
      expect(read.phrase, prompt).toBe(true);
    }
  });
});
