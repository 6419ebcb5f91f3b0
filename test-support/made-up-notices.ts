import type { ScorableProject } from '../pipeline/scorer/local-scorer.ts';

/** Invented notices (no real tender): trades × buildings × towns, enough for corpus statistics to mean something. */
const TRADES = [
  { de: 'Malerarbeiten', fr: 'Travaux de peinture', code: '45442100' },
  { de: 'Bodenbeläge', fr: 'Revêtements de sols', code: '45432100' },
  { de: 'Dachdeckerarbeiten', fr: 'Travaux de couverture', code: '45261210' },
  { de: 'Elektroinstallationen', fr: 'Installations électriques', code: '45311000' },
  { de: 'Heizungsanlagen', fr: 'Installations de chauffage', code: '45331100' },
  { de: 'Reinigung', fr: 'Nettoyage', code: '90911200' },
  { de: 'Gartenpflege', fr: 'Entretien des espaces verts', code: '77310000' },
  { de: 'Schreinerarbeiten', fr: 'Menuiserie', code: '45421000' },
  { de: 'Belagsarbeiten', fr: 'Travaux de revêtement routier', code: '45233220' },
  { de: 'Baumeisterarbeiten', fr: 'Travaux de maçonnerie', code: '45262500' },
];
const BUILDINGS = [
  { de: 'Gemeindehaus', fr: 'maison de commune' },
  { de: 'Werkhof', fr: 'centre d’entretien' },
  { de: 'Feuerwehrgebäude', fr: 'caserne des pompiers' },
  { de: 'Bibliothek', fr: 'bibliothèque' },
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
        ? `Rénovation du bâtiment, ${trade.fr.toLowerCase()} selon cahier des charges.`
        : `Sanierung des Gebäudes, ${trade.de} gemäss Leistungsverzeichnis.`,
      cpvCodes: ['45000000', trade.code],
      canton: CANTONS[i % CANTONS.length]!,
    };
  });
}
