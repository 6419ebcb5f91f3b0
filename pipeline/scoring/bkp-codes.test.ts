import { describe, expect, it } from 'vitest';
import { coveringBkpCode, extractBkpCodes } from './bkp-codes.ts';
import { createCandidateIndex } from './candidate-index.ts';
import { createLocalScorer } from './local-scorer.ts';

describe('building cost codes (BKP/CFC)', () => {
  it('reads the codes in any of the usual spellings', () => {
    expect(extractBkpCodes('Elektroanlagen (BKP 23) und BKP 261 Aufzüge; CFC 271.0 Plâtrerie, eBKP-H: 4')).toEqual(['23', '261', '271', '4']);
    expect(extractBkpCodes('Los 23, Baukosten 230 000')).toEqual([]);
  });

  it('lets an alert code cover the codes it prefixes', () => {
    expect(coveringBkpCode(['23'], ['230'])).toBe('230');
    expect(coveringBkpCode(['23'], ['24', '221'])).toBeNull();
  });

  it('makes a project carrying a covered code a candidate and a match, named in the explanation', () => {
    const scorer = createLocalScorer();
    const index = createCandidateIndex(scorer);
    const project = scorer.prepareProject({ id: 7, language: 'de', title: 'Neubau Schulhaus, BKP 232 Starkstrominstallationen', description: '', cpvCodes: ['45210000'], canton: 'ZH' });
    index.add(project);
    const alert = scorer.prepareAlert('Arbeiten nach BKP 23', 'de');
    expect(index.candidatesFor(alert).map((candidate) => candidate.id)).toEqual([7]);
    const result = scorer.score(alert, project);
    expect(result.score).toBeGreaterThanOrEqual(70);
    expect(result.explanation).toContain('BKP 232');
  });
});
