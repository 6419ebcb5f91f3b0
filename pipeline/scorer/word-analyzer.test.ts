import { describe, expect, it } from 'vitest';
import { loadCpvCatalog } from './cpv-catalog.ts';
import { getScoringResources } from './scoring-resources.ts';

const { analyzer } = getScoringResources(loadCpvCatalog());
const parts = (word: string) => analyzer.analyze([word], 'de')[0]?.parts;

describe('word analyzer', () => {
  it('splits a German compound into the stems of its parts', () => {
    expect(parts('Glasfassade')).toEqual(['glas', 'fassad']);
  });

  it('drops a German word for a tender or contract in every case ("Aufträgen", "Beschaffungen"), as in the nominative', () => {
    const words = (text: string) => analyzer.analyze(text.split(' '), 'de').map((word) => word.surface);
    expect(words('Orgelrevisionen bei Aufträgen und Beschaffungen des Auftrags')).toEqual(['orgelrevisionen']);
  });

  it('keeps whole a word German borrows from the English or French labels ("Support" is no "Suppe" + "Ort")', () => {
    expect(parts('Support')).toEqual([]);
    expect(parts('Catering')).toEqual([]);
  });
});

describe('related stems', () => {
  const { relatedStems } = getScoringResources(loadCpvCatalog());
  const stemOf = (word: string) => analyzer.analyze([word], 'de')[0]!.stem;

  it('relate a long stem to its shorter forms and derivations, not to another compound of its first part', () => {
    const related = relatedStems('de', stemOf('Lärmschutzberatung'));
    expect(related).toContain(stemOf('Lärmschutz'));
    expect(related).not.toContain(stemOf('Lärmschutzwand'));
    expect(related).not.toContain(stemOf('Lärmschutzzaun'));
  });
});
