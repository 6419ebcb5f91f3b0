/**
 * Cantons with their names in German, French, Italian and English (plus common spellings), and
 * main towns. "ambiguous" names are also ordinary words ("Zug" is a train, "Baden" to bathe) and
 * count in a prompt only after a word such as "canton" or "Stadt".
 */
export interface CantonPlaces {
  code: string;
  names: readonly string[];
  towns: readonly string[];
  ambiguous?: readonly string[];
}

export const CANTONS: readonly CantonPlaces[] = [
  {
    code: 'ZH',
    names: ['Zürich', 'Zurich', 'Zurigo'],
    towns: ['Winterthur', 'Uster', 'Dübendorf', 'Dietikon', 'Wetzikon', 'Kloten', 'Horgen', 'Bülach', 'Wädenswil', 'Regensdorf'],
  },
  {
    code: 'BE',
    names: ['Bern', 'Berne', 'Berna'],
    towns: ['Biel', 'Bienne', 'Thun', 'Thoune', 'Köniz', 'Burgdorf', 'Langenthal', 'Interlaken', 'Moutier', 'Ostermundigen', 'Spiez'],
  },
  { code: 'LU', names: ['Luzern', 'Lucerne', 'Lucerna'], towns: ['Emmen', 'Kriens', 'Horw', 'Ebikon', 'Sursee'] },
  { code: 'UR', names: ['Uri'], towns: ['Altdorf', 'Andermatt', 'Erstfeld'], ambiguous: ['Uri'] },
  { code: 'SZ', names: ['Schwyz', 'Schwytz', 'Svitto'], towns: ['Freienbach', 'Einsiedeln', 'Küssnacht', 'Lachen'] },
  { code: 'OW', names: ['Obwalden', 'Obwald', 'Obvaldo'], towns: ['Sarnen', 'Engelberg'] },
  { code: 'NW', names: ['Nidwalden', 'Nidwald', 'Nidvaldo'], towns: ['Stans', 'Hergiswil'] },
  { code: 'GL', names: ['Glarus', 'Glaris', 'Glarona'], towns: ['Näfels', 'Netstal'] },
  { code: 'ZG', names: ['Zug', 'Zoug', 'Zugo'], towns: ['Baar', 'Cham', 'Steinhausen'], ambiguous: ['Zug'] },
  { code: 'FR', names: ['Fribourg', 'Freiburg', 'Friburgo'], towns: ['Bulle', 'Murten', 'Morat', 'Villars-sur-Glâne', 'Düdingen', 'Estavayer-le-Lac'] },
  { code: 'SO', names: ['Solothurn', 'Soleure', 'Soletta'], towns: ['Olten', 'Grenchen', 'Granges', 'Zuchwil', 'Dornach'] },
  { code: 'BS', names: ['Basel-Stadt', 'Bâle-Ville', 'Basilea Città', 'Basel-City', 'Basel', 'Bâle', 'Basilea'], towns: ['Riehen', 'Bettingen'] },
  {
    code: 'BL',
    names: ['Basel-Landschaft', 'Basel-Land', 'Baselland', 'Bâle-Campagne', 'Basilea Campagna', 'Basel-Country'],
    towns: ['Liestal', 'Allschwil', 'Reinach', 'Muttenz', 'Pratteln', 'Binningen', 'Münchenstein', 'Birsfelden'],
  },
  { code: 'SH', names: ['Schaffhausen', 'Schaffhouse', 'Sciaffusa'], towns: ['Neuhausen am Rheinfall', 'Thayngen'] },
  {
    code: 'AR',
    names: ['Appenzell Ausserrhoden', 'Appenzell Rhodes-Extérieures', 'Appenzello Esterno', 'Appenzell Outer Rhodes', 'Ausserrhoden'],
    towns: ['Herisau', 'Teufen', 'Speicher', 'Heiden'],
  },
  {
    code: 'AI',
    names: ['Appenzell Innerrhoden', 'Appenzell Rhodes-Intérieures', 'Appenzello Interno', 'Appenzell Inner Rhodes', 'Innerrhoden'],
    towns: ['Appenzell', 'Oberegg'],
  },
  {
    code: 'SG',
    names: ['St. Gallen', 'St Gallen', 'Sankt Gallen', 'Saint-Gall', 'St-Gall', 'San Gallo'],
    towns: ['Rapperswil-Jona', 'Rapperswil', 'Wil', 'Gossau', 'Buchs', 'Altstätten', 'Uzwil', 'Rorschach'],
  },
  {
    code: 'GR',
    names: ['Graubünden', 'Grisons', 'Grigioni', 'Grischun'],
    towns: ['Chur', 'Coire', 'Coira', 'Davos', 'St. Moritz', 'Landquart', 'Ilanz', 'Scuol', 'Poschiavo', 'Roveredo'],
  },
  {
    code: 'AG',
    names: ['Aargau', 'Argovie', 'Argovia'],
    towns: ['Aarau', 'Baden', 'Wettingen', 'Wohlen', 'Brugg', 'Lenzburg', 'Zofingen', 'Rheinfelden'],
    ambiguous: ['Baden'],
  },
  { code: 'TG', names: ['Thurgau', 'Thurgovie', 'Turgovia'], towns: ['Frauenfeld', 'Kreuzlingen', 'Arbon', 'Amriswil', 'Weinfelden'] },
  { code: 'TI', names: ['Ticino', 'Tessin'], towns: ['Lugano', 'Bellinzona', 'Locarno', 'Mendrisio', 'Chiasso', 'Biasca'] },
  {
    code: 'VD',
    names: ['Vaud', 'Waadt'],
    towns: [
      'Lausanne',
      'Losanna',
      'Yverdon-les-Bains',
      'Yverdon',
      'Montreux',
      'Vevey',
      'Nyon',
      'Renens',
      'Morges',
      'Pully',
      'Prilly',
      'Gland',
      'Aigle',
      'Payerne',
    ],
  },
  {
    code: 'VS',
    names: ['Valais', 'Wallis', 'Vallese'],
    towns: ['Sion', 'Sitten', 'Martigny', 'Monthey', 'Sierre', 'Siders', 'Brig', 'Visp', 'Naters', 'Zermatt'],
  },
  { code: 'NE', names: ['Neuchâtel', 'Neuenburg', 'Neuchatel'], towns: ['La Chaux-de-Fonds', 'Le Locle', 'Val-de-Ruz', 'Val-de-Travers', 'Boudry'] },
  {
    code: 'GE',
    names: ['Genève', 'Genf', 'Ginevra', 'Geneva', 'Geneve'],
    towns: ['Carouge', 'Vernier', 'Lancy', 'Meyrin', 'Onex', 'Thônex', 'Versoix'],
    ambiguous: ['Vernier'],
  },
  { code: 'JU', names: ['Jura'], towns: ['Delémont', 'Delsberg', 'Porrentruy', 'Pruntrut', 'Saignelégier'] },
];

/**
 * Regions that prompts name instead of cantons: the language regions and the Federal Statistical Office's large
 * regions, in four languages, with their cantons. Switzerland itself names a place and constrains nothing.
 */
export interface RegionPlaces {
  names: readonly string[];
  cantons: readonly string[];
}

const ROMANDIE = ['GE', 'VD', 'VS', 'NE', 'FR', 'JU'];
export const REGIONS: readonly RegionPlaces[] = [
  { names: ['Suisse romande', 'Romandie', 'Westschweiz', 'Welschland', 'Svizzera romanda', 'French-speaking Switzerland'], cantons: ROMANDIE },
  {
    names: ['Deutschschweiz', 'deutsche Schweiz', 'Suisse alémanique', 'Svizzera tedesca', 'German-speaking Switzerland'],
    cantons: ['ZH', 'BE', 'LU', 'UR', 'SZ', 'OW', 'NW', 'GL', 'ZG', 'SO', 'BS', 'BL', 'SH', 'AR', 'AI', 'SG', 'GR', 'AG', 'TG'],
  },
  { names: ['Svizzera italiana', 'italienische Schweiz', 'Suisse italienne', 'Italian-speaking Switzerland'], cantons: ['TI', 'GR'] },
  {
    names: ['Ostschweiz', 'Suisse orientale', 'Svizzera orientale', 'Eastern Switzerland'],
    cantons: ['GL', 'SH', 'AR', 'AI', 'SG', 'GR', 'TG'],
  },
  {
    names: ['Zentralschweiz', 'Innerschweiz', 'Suisse centrale', 'Svizzera centrale', 'Central Switzerland'],
    cantons: ['LU', 'UR', 'SZ', 'OW', 'NW', 'ZG'],
  },
  {
    names: ['Nordwestschweiz', 'Suisse du Nord-Ouest', 'Svizzera nord-occidentale', 'Northwestern Switzerland'],
    cantons: ['BS', 'BL', 'AG'],
  },
  { names: ['Espace Mittelland'], cantons: ['BE', 'FR', 'SO', 'NE', 'JU'] },
  {
    names: ['Genferseeregion', 'Région lémanique', 'Arc lémanique', 'Regione del Lemano', 'Lake Geneva region'],
    cantons: ['GE', 'VD', 'VS'],
  },
  // Both Basels, which "Basel" alone (the city) does not name.
  { names: ['beide Basel', 'beider Basel', 'deux Bâle', 'deux Bâles', 'due Basilea', 'both Basels'], cantons: ['BS', 'BL'] },
  // Regions within one canton, in the languages they are named in. Before the cantons' names: "Jura bernois" is in Bern.
  { names: ['Berner Oberland', 'Oberland bernois', 'Oberland bernese', 'Bernese Oberland'], cantons: ['BE'] },
  { names: ['Berner Jura', 'Jura bernois', 'Giura bernese', 'Bernese Jura'], cantons: ['BE'] },
  { names: ['Emmental', 'Oberaargau', 'Berner Seeland'], cantons: ['BE'] },
  { names: ['Oberwallis', 'Haut-Valais', 'Alto Vallese', 'Upper Valais'], cantons: ['VS'] },
  { names: ['Unterwallis', 'Bas-Valais', 'Basso Vallese', 'Lower Valais', 'Mittelwallis', 'Valais central'], cantons: ['VS'] },
  { names: ['Sopraceneri', 'Sottoceneri', 'Mendrisiotto', 'Luganese', 'Locarnese', 'Bellinzonese'], cantons: ['TI'] },
  { names: ['Engadin', 'Engiadina', 'Engadine', 'Surselva', 'Prättigau', 'Misox', 'Mesolcina', 'Puschlav', 'Valposchiavo'], cantons: ['GR'] },
  { names: ['Zürcher Oberland', 'Zürcher Unterland', 'Zürcher Weinland'], cantons: ['ZH'] },
  { names: ['Toggenburg', 'Fürstenland'], cantons: ['SG'] },
  { names: ['Fricktal', 'Freiamt'], cantons: ['AG'] },
  { names: ['Entlebuch'], cantons: ['LU'] },
  { names: ['Schweiz', 'Suisse', 'Svizzera', 'Switzerland'], cantons: [] },
];

/** Words that introduce a place: "canton de Fribourg", "Kanton Uri", "città di Lugano". */
export const PLACE_INTRODUCERS = [
  'canton',
  'cantons',
  'kanton',
  'kantons',
  'kantone',
  'kantonen',
  'cantone',
  'cantoni',
  'stadt',
  'gemeinde',
  'ville',
  'commune',
  'città',
  'comune',
  'city',
  'town',
  'municipality',
  // A region named by its centre: "im Raum Luzern", "région de Fribourg" is a place, not a subject.
  'raum',
  'grossraum',
  'region',
  'gegend',
  'région',
  'regione',
  'area',
  'zona',
];

/** Words that make a place exclusive: "nur im Kanton Luzern". */
export const EXCLUSIVE_MARKERS = [
  'uniquement',
  'seulement',
  'exclusivement',
  'nur',
  'ausschliesslich',
  'ausschließlich',
  'solo',
  'soltanto',
  'unicamente',
  'esclusivamente',
  'only',
  'exclusively',
  'solely',
];
