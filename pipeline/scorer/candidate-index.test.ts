import { describe, expect, it } from 'vitest';
import { madeUpNotices } from '../../test-support/made-up-notices.ts';
import { createCandidateIndex } from './candidate-index.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import { createLocalScorer } from './local-scorer.ts';

// Built once for the file: the CPV resources take seconds to build on a loaded machine.
const scorer = createLocalScorer();

describe('candidate index', () => {
  it('never drops a project the scorer gives at least the storage floor', () => {
    const index = createCandidateIndex();
    const projects = madeUpNotices().map((notice) => scorer.prepareProject(notice));
    for (const project of projects) index.add(project);
    const prompts: Array<[string, 'de' | 'fr' | 'en']> = [
      ['Glaserarbeiten und Verglasungen', 'de'],
      ['déneigement et salage des trottoirs', 'fr'],
      ['tiling for gymnasiums', 'en'],
      ['Photovoltaikanlagen, nur im Kanton Luzern', 'de'],
    ];
    let candidates = 0;
    for (const [prompt, language] of prompts) {
      const alert = scorer.prepareAlert(prompt, language, { corpus: index.corpus });
      const ids = new Set(index.candidatesFor(alert).map((project) => project.id));
      candidates += ids.size;
      const missed = projects.filter((project) => !ids.has(project.id) && scorer.score(alert, project).score >= SCORE_FLOOR);
      expect(missed.map((project) => `${prompt}/${project.id}`)).toEqual([]);
    }
    expect(candidates).toBeLessThan(prompts.length * projects.length);
  });

  it('forgets removed projects and their statistics', () => {
    const index = createCandidateIndex();
    const project = scorer.prepareProject({ id: 7, language: 'de', title: 'Rolltreppen Bahnhof', description: '', cpvCodes: ['42416400'], canton: 'ZH' });
    index.add(project);
    const alert = scorer.prepareAlert('Rolltreppen', 'de');
    expect(index.candidatesFor(alert).map((candidate) => candidate.id)).toEqual([7]);
    index.remove(7);
    expect(index.candidatesFor(alert)).toEqual([]);
    expect([index.size, index.corpus.documents, index.corpus.codeFrequency('42')]).toEqual([0, 0, 0]);
  });
});
