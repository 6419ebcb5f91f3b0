import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVAL_SET } from '../evaluation/run-evaluation.ts';
import { loadEvaluationSet } from '../evaluation/evaluation-set.ts';
import { createCandidateIndex } from './candidate-index.ts';
import { createLocalScorer } from './local-scorer.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';

const hasDevSet = existsSync(DEFAULT_EVAL_SET);
if (!hasDevSet) console.log(`evaluation set ${DEFAULT_EVAL_SET} not found: skipping the candidate-index recall test`);

describe('candidate index', () => {
  it.skipIf(!hasDevSet)('never drops a project the scorer gives at least the storage floor (dev set)', () => {
    const set = loadEvaluationSet(DEFAULT_EVAL_SET);
    const scorer = createLocalScorer();
    const index = createCandidateIndex(scorer);
    const projects = set.projects.map((project) => scorer.prepareProject({ ...project, cpvCodes: project.cpv }));
    for (const project of projects) index.add(project);
    let candidates = 0;
    for (const alert of set.alerts) {
      const prepared = scorer.prepareAlert(alert.prompt, alert.language);
      const ids = new Set(index.candidatesFor(prepared).map((project) => project.id));
      candidates += ids.size;
      const missed = projects.filter((project) => !ids.has(project.id) && scorer.score(prepared, project).score >= SCORE_FLOOR);
      expect(missed.map((project) => `${alert.id}/${project.id}`)).toEqual([]);
    }
    expect(candidates).toBeLessThan(set.alerts.length * set.projects.length);
  });

  it('forgets removed projects', () => {
    const scorer = createLocalScorer();
    const index = createCandidateIndex(scorer);
    const project = scorer.prepareProject({ id: 7, language: 'de', title: 'Aufzüge', description: '', cpvCodes: ['42416100'], canton: 'ZH' });
    index.add(project);
    const alert = scorer.prepareAlert('Aufzüge', 'de');
    expect(index.candidatesFor(alert).map((candidate) => candidate.id)).toEqual([7]);
    index.remove(7);
    expect(index.candidatesFor(alert)).toEqual([]);
    expect(index.size).toBe(0);
  });
});
