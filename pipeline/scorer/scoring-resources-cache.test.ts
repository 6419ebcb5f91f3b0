import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test-support/test-config.ts';
import { parseCpvCatalog } from './cpv-catalog.ts';
import { derivedDataCacheDir, setDerivedDataCacheDir } from './derived-data-cache.ts';
import { createLocalScorer } from './local-scorer.ts';

// A made-up catalog: small enough to derive in milliseconds, German compounds and four languages all the same.
const CSV = `code,parent,level,de,fr,it,en
90000000,,1,Abwasser- und Abfallbeseitigungsdienste,Services d'évacuation des eaux usées et des déchets,Servizi fognari e di raccolta dei rifiuti,"Sewage, refuse and cleaning services"
90910000,90000000,2,Reinigungsdienste,Services de nettoyage,Servizi di pulizia,Cleaning services
90911200,90910000,3,Gebäudereinigung,Services de nettoyage de bâtiments,Servizi di pulizia di edifici,Building-cleaning services
90919200,90910000,3,Büroreinigung,Services de nettoyage de bureaux,Servizi di pulizia di uffici,Office cleaning services
45000000,,1,Bauarbeiten,Travaux de construction,Lavori di costruzione,Construction work
45233140,45000000,2,Strassenbauarbeiten,Travaux routiers,Lavori stradali,Roadworks
`;

const original = derivedDataCacheDir();
afterEach(() => setDerivedDataCacheDir(original));

function scores(): number[] {
  const scorer = createLocalScorer(parseCpvCatalog(CSV));
  const projects = [
    {
      id: 1,
      language: 'de' as const,
      title: 'Unterhaltsreinigung Kirchgemeindehaus',
      description: 'Reinigung der Büros und Säle',
      cpvCodes: ['90911200'],
      canton: 'ZH',
    },
    { id: 2, language: 'fr' as const, title: 'Réfection du chemin communal', description: 'Réfection du revêtement', cpvCodes: ['45233140'], canton: 'VD' },
  ].map((project) => scorer.prepareProject(project));
  const alerts = [scorer.prepareAlert('Büroreinigung', 'de'), scorer.prepareAlert('roadworks in the canton of Fribourg', 'en')];
  return alerts.flatMap((alert) => projects.map((project) => scorer.score(alert, project).score));
}

describe('the scorer with cached tables', () => {
  it('scores exactly as with tables derived in the process', () => {
    setDerivedDataCacheDir(null);
    const derived = scores();
    const dir = makeTempDir();
    setDerivedDataCacheDir(dir);
    expect(scores(), 'first run, writing the cache').toEqual(derived);
    expect(readdirSync(dir).filter((file) => file.startsWith('scoring-tables-'))).toHaveLength(1);
    expect(scores(), 'read back from the cache').toEqual(derived);
    expect(derived.some((score) => score > 0)).toBe(true);
  });
});
