import { describe, expect, it } from 'vitest';
import { extractSummary } from './extract-summary.ts';

const base = {
  id: 1,
  language: 'fr' as const,
  title: 'Nettoyage des bâtiments scolaires de Morges',
  cpvCodes: ['90910000'],
  canton: 'VD',
  location: 'Morges',
  organization: 'Commune de Morges',
  deadline: new Date('2026-03-02T11:00:00Z'),
};

describe('extractSummary', () => {
  it('keeps 3 to 5 informative sentences in their order, then the deadline, authority and place', () => {
    const description = [
      '<p>La Commune de Morges met au concours le nettoyage d’entretien de ses bâtiments scolaires.</p>',
      '<p>Le marché comprend 5 collèges et 2 salles de gymnastique, soit environ 12 000 m².</p>',
      '<ul><li>Les prestations débutent le 1er août 2026 pour une durée de 4 ans.</li>',
      '<li>Merci de votre attention.</li></ul>',
      '<p>Les soumissionnaires doivent disposer d’un personnel formé au nettoyage des bâtiments scolaires.</p>',
      '<p>Une visite des bâtiments scolaires est obligatoire le 10 février 2026.</p>',
      '<p>Le dossier est disponible sur simap.ch.</p>',
    ].join('');
    const summary = extractSummary({ ...base, description }, 'fr');
    const [body, ...facts] = summary.split('\n');
    expect(body).toContain('12 000 m²');
    expect(body).not.toContain('<');
    const sentences = body!.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences.length).toBeLessThanOrEqual(5);
    expect(body!.indexOf('met au concours')).toBeLessThan(body!.indexOf('12 000'));
    expect(facts).toEqual(['Délai de remise des offres: 02.03.2026', 'Adjudicateur: Commune de Morges', 'Lieu: Morges, VD']);
  });

  it('falls back on the title and labels the facts in the notice language', () => {
    const summary = extractSummary(
      { ...base, language: 'de', title: 'Unterhaltsreinigung Schulhäuser', description: '', deadline: null, location: null },
      'de',
    );
    expect(summary).toBe('Unterhaltsreinigung Schulhäuser\nAuftraggeber: Commune de Morges\nOrt: VD');
  });
});
