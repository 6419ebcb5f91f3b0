import { describe, expect, it } from 'vitest';
import { nounsOfVerb, workerOfWorkshop } from './derived-words.ts';

describe('derived words', () => {
  it('derives the nouns of a German verb by its ending, and none of a capitalised word (a noun)', () => {
    expect(nounsOfVerb('prüfen', 'de')).toEqual(['prüfung']);
    expect(nounsOfVerb('erweitern', 'de')).toEqual(['erweiterung']);
    expect(nounsOfVerb('renovieren', 'de')).toEqual(['renovierung', 'renovation']);
    expect(nounsOfVerb('Leitungen', 'de')).toEqual([]);
  });

  it("derives candidate nouns of French and Italian first persons and infinitives, and of the English verbs whose stem is not the noun's", () => {
    expect(nounsOfVerb('rénovons', 'fr')).toContain('rénovation');
    expect(nounsOfVerb('assainissons', 'fr')).toEqual(['assainissement']);
    expect(nounsOfVerb('ripariamo', 'it')).toContain('riparazione');
    expect(nounsOfVerb('mantenere', 'it')).toContain('mantenimento');
    expect(nounsOfVerb('paint', 'en')).toEqual([]);
    expect(nounsOfVerb('maintain', 'en')).toEqual(['maintenance']);
    expect(nounsOfVerb('demolish', 'en')).toEqual(['demolition']);
  });

  it("derives a German workshop's worker", () => {
    expect(workerOfWorkshop('Kaminfegerei')).toBe('kaminfeger');
    expect(workerOfWorkshop('Bäckerei')).toBe('bäcker');
    expect(workerOfWorkshop('Weberei')).toBe('weber');
    expect(workerOfWorkshop('Partei')).toBeNull();
  });

  it('derives nothing from a stem too short to say anything', () => {
    expect(nounsOfVerb('dare', 'it')).toEqual([]);
    expect(nounsOfVerb('ser', 'fr')).toEqual([]);
  });
});
