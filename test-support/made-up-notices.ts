import type { ScorableProject } from '../pipeline/scorer/local-scorer.ts';

/** Invented notices (no real tender): trades × buildings × towns, enough for corpus statistics to mean something. */
const TRADES = [
  { de: 'Dachdeckerarbeiten', fr: 'Travaux de couverture', code: '45261210' },
  { de: 'Plattenarbeiten', fr: 'Carrelage', code: '45431000' },
  { de: 'Glaserarbeiten', fr: 'Travaux de vitrerie', code: '45441000' },
  { de: 'Küchenbau', fr: 'Cuisines professionnelles', code: '39141000' },
  { de: 'Druckarbeiten', fr: "Travaux d'impression", code: '79810000' },
  { de: 'Übersetzungen', fr: 'Traductions', code: '79530000' },
  { de: 'Schneeräumung', fr: 'Déneigement', code: '90620000' },
  { de: 'Vermessung', fr: 'Mensuration', code: '71355000' },
  { de: 'Photovoltaikanlage', fr: 'Installation photovoltaïque', code: '09331200' },
  { de: 'Orgelrevision', fr: "Révision de l'orgue", code: '50000000' },
];
const BUILDINGS = [
  { de: 'Gemeindehaus', fr: 'maison de commune' },
  { de: 'Bootshaus', fr: 'hangar à bateaux' },
  { de: 'Kirchgemeindehaus', fr: 'maison de paroisse' },
  { de: 'Turnhalle', fr: 'salle de gymnastique' },
  { de: 'Wohnsiedlung', fr: 'lotissement' },
  { de: 'Mehrzweckhalle', fr: 'salle polyvalente' },
];
const CANTONS = ['ZH', 'BE', 'LU', 'VD', 'GE', 'TI'];

export function madeUpNotices(count = 60): ScorableProject[] {
  return Array.from({ length: count }, (_, i) => {
    const trade = TRADES[i % TRADES.length]!;
    const building = BUILDINGS[Math.floor(i / TRADES.length) % BUILDINGS.length]!;
    const french = i % 3 === 2;
    return {
      id: `corpus-${i}`,
      language: french ? 'fr' : 'de',
      title: french ? `${trade.fr}, ${building.fr}` : `${trade.de} ${building.de}`,
      description: french
        ? `Transformation de l’immeuble, ${trade.fr.toLowerCase()} selon cahier des charges.`
        : `Umbau der Liegenschaft, ${trade.de} gemäss Leistungsverzeichnis.`,
      cpvCodes: [`${trade.code.slice(0, 2)}000000`, trade.code],
      canton: CANTONS[i % CANTONS.length]!,
    };
  });
}
