import { describe, expect, it } from 'vitest';
import { createLocalScorer, type ScorableProject } from './local-scorer.ts';

const scorer = createLocalScorer();

const project = (overrides: Partial<ScorableProject>): ScorableProject => ({
  id: 1,
  language: 'de',
  title: '',
  description: '',
  cpvCodes: [],
  canton: null,
  ...overrides,
});

const schoolCleaning = project({
  id: 'school-cleaning',
  title: 'Unterhaltsreinigung Schulhaus Béthusy',
  description: 'Regelmässige Unterhaltsreinigung der Schulräume, Turnhallen und Korridore des Schulhauses.',
  cpvCodes: ['90919300'],
  canton: 'VD',
  location: 'Lausanne',
});

const drainCleaning = project({
  id: 'drain-cleaning',
  language: 'fr',
  title: 'Curage et nettoyage des canalisations',
  description: 'Curage des canalisations d’eaux usées, des fosses de pompage et des séparateurs.',
  cpvCodes: ['90640000'],
  canton: 'VD',
  location: 'Lausanne',
});

const score = (prompt: string, language: 'fr' | 'de' | 'it' | 'en', target: ScorableProject) =>
  scorer.score(scorer.prepareAlert(prompt, language), scorer.prepareProject(target));

describe('local scorer', () => {
  it('reads a prompt in the language it is written in, whatever the alert language says', () => {
    const prompt = 'nettoyage de bâtiments scolaires dans le canton de Vaud';
    const declaredFrench = score(prompt, 'fr', schoolCleaning);
    const declaredGerman = score(prompt, 'de', schoolCleaning);
    expect(declaredGerman.score).toBe(declaredFrench.score);
    expect(declaredGerman.explanation).toContain('Kanton VD');
  });

  it('matches a French alert with a German notice in the right canton, above a drain-cleaning tender', () => {
    const prompt = 'nettoyage de bâtiments scolaires dans le canton de Vaud';
    const school = score(prompt, 'fr', schoolCleaning);
    const drain = score(prompt, 'fr', drainCleaning);
    expect(school.score).toBeGreaterThanOrEqual(70);
    expect(school.score).toBeGreaterThan(drain.score);
    expect(school.explanation).toContain('nettoyage');
    expect(school.explanation).toContain('canton VD');
  });

  it('excludes another canton when the alert says "uniquement dans le canton de Berne"', () => {
    const sanitary = {
      title: 'Sanitäranlagen Neubau Verwaltungsgebäude',
      description: 'BKP 250 Sanitäranlagen: Lieferung und Montage der sanitären Installationen.',
      cpvCodes: ['45332000'],
    };
    const prompt = 'Installations sanitaires dans des bâtiments, uniquement dans le canton de Berne';
    const inBern = score(prompt, 'fr', project({ ...sanitary, canton: 'BE' }));
    const inZurich = score(prompt, 'fr', project({ ...sanitary, canton: 'ZH' }));
    expect(inBern.score).toBeGreaterThanOrEqual(50);
    expect(inZurich.score).toBeLessThan(20);
    expect(inZurich.explanation).toContain('hors canton BE');
  });

  it('splits German compounds so that the parts match across texts', () => {
    const sewer = project({ title: 'Sanierung der Kanäle in der Altstadt', cpvCodes: ['45232410'] });
    const unrelated = project({ title: 'Lieferung von Büromaterial', cpvCodes: ['30192000'] });
    expect(score('Kanalsanierung', 'de', sewer).score).toBeGreaterThan(score('Kanalsanierung', 'de', unrelated).score + 30);
    const elevators = project({ title: 'BKP 261 Aufzüge', cpvCodes: ['45214210'] });
    expect(score('Aufzugsanlagen', 'de', elevators).score).toBeGreaterThanOrEqual(50);
  });

  it('is deterministic across scorer instances', () => {
    const prompt = 'Schülertransporte und Schulbusfahrten';
    const target = project({ title: 'Schulbusfahrten (Einzel- und Gruppenfahrten)', cpvCodes: ['60000000'] });
    const other = createLocalScorer();
    expect(score(prompt, 'de', target)).toEqual(other.score(other.prepareAlert(prompt, 'de'), other.prepareProject(target)));
  });

  it('explains in the language of the alert', () => {
    const target = project({ title: 'Unterhaltsreinigung Verwaltungsgebäude', cpvCodes: ['90911200'], canton: 'BE' });
    expect(score('pulizia di edifici', 'it', target).explanation).toMatch(/CPV 90911200 Servizi di pulizia di edifici/);
    expect(score('building cleaning', 'en', target).explanation).toMatch(/CPV 90911200 Building-cleaning services/i);
    expect(score('Gebäudereinigung im Kanton Bern', 'de', target).explanation).toContain('Kanton BE');
    expect(score('nettoyage de bâtiments', 'fr', target).explanation).toMatch(/^CPV 90911200 Services de nettoyage de bâtiments/);
  });

  it('returns integer scores within 0..100', () => {
    const result = score('Elektroinstallationen', 'de', project({ title: 'Elektroanlagen BKP 230', cpvCodes: ['45311000'] }));
    expect(Number.isInteger(result.score)).toBe(true);
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(100);
  });
});
