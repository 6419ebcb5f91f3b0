import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test-support/test-config.ts';
import { parseCpvCatalog } from './cpv-catalog.ts';
import { derivedDataCacheDir, setDerivedDataCacheDir } from './derived-data-cache.ts';
import { createLocalScorer } from './local-scorer.ts';

// A made-up catalog: small enough to derive in milliseconds, German compounds and four languages all the same.
const CSV = `code,parent,level,de,fr,it,en
79800000,,1,Druckereidienste und verbundene Dienstleistungen,Services d'impression et services connexes,Servizi di stampa e servizi connessi,Printing and related services
79810000,79800000,2,Druckereidienste,Services d'impression,Servizi di stampa,Printing services
79811000,79810000,3,Digitaldruck,Services d'impression numérique,Servizi di stampa digitale,Digital printing services
79823000,79810000,3,Druck- und Lieferdienste,Services d'impression et de livraison,Servizi di stampa e consegna,Printing and delivery services
90600000,,1,Schneeräumung und Streudienste,Services de déneigement et de salage,Servizi di sgombero neve e spargimento,Snow-clearing and gritting services
90620000,90600000,2,Schneeräumung,Services de déneigement,Servizi di sgombero neve,Snow-clearing services
`;

const original = derivedDataCacheDir();
afterEach(() => setDerivedDataCacheDir(original));

function scores(): number[] {
  const scorer = createLocalScorer(parseCpvCatalog(CSV));
  const projects = [
    {
      id: 1,
      language: 'de' as const,
      title: 'Digitaldruck Kirchgemeindeblatt',
      description: 'Druck der Ausgaben und Beilagen',
      cpvCodes: ['79811000'],
      canton: 'ZH',
    },
    { id: 2, language: 'fr' as const, title: 'Déneigement du chemin communal', description: 'Déneigement et salage', cpvCodes: ['90620000'], canton: 'VD' },
  ].map((project) => scorer.prepareProject(project));
  const alerts = [scorer.prepareAlert('Druckereidienste', 'de'), scorer.prepareAlert('snow clearing in the canton of Fribourg', 'en')];
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
