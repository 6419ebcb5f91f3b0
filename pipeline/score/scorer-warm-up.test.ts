import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlert, buildProjects, type BuiltProject } from '../../test-support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { silentLogger, testConfig } from '../../test-support/test-config.ts';
import { derivedDataCacheDir, setDerivedDataCacheDir } from '../scorer/derived-data-cache.ts';
import { createLocalScorer, type LocalScorer } from '../scorer/local-scorer.ts';
import { refreshProjectIndex } from './project-index.ts';
import { score } from './score-stage.ts';

let testDb: TestDatabase;
let db: Knex;
let projects: BuiltProject[];
const realScorer = createLocalScorer();
const PROJECTS = 1000;

/** A fresh scorer (so a fresh index) around the real one, counting the projects and alerts it prepares. */
function countingScorer(): LocalScorer & { prepared: { projects: number; alerts: number } } {
  const prepared = { projects: 0, alerts: 0 };
  return {
    ...realScorer,
    prepared,
    prepareProject(project) {
      prepared.projects += 1;
      return realScorer.prepareProject(project);
    },
    prepareAlert(prompt, language) {
      prepared.alerts += 1;
      return realScorer.prepareAlert(prompt, language);
    },
  };
}

const previousCacheDir = derivedDataCacheDir();

beforeAll(async () => {
  // The warm-up from the database, not from the on-disk copy of the index (project-index.test.ts).
  setDerivedDataCacheDir(null);
  testDb = await createTestDatabase();
  db = testDb.db.knex;
  projects = await buildProjects(
    db,
    Array.from({ length: PROJECTS }, (_, i) => ({
      title: i % 2 ? `Accordage des pianos, lot ${i}` : `Restauration des vitraux, lot ${i}`,
      cpvCodes: ['50860000'],
    })),
  );
});
afterAll(async () => {
  setDerivedDataCacheDir(previousCacheDir);
  await testDb?.drop();
});

describe('the project index warm-up', () => {
  it('yields to the event loop while it indexes: never a whole page of projects in one go', async () => {
    const scorer = countingScorer();
    let mostBetweenTurns = 0;
    let atLastTurn = 0;
    let done = false;
    const turn = () => {
      mostBetweenTurns = Math.max(mostBetweenTurns, scorer.prepared.projects - atLastTurn);
      atLastTurn = scorer.prepared.projects;
      if (!done) setImmediate(turn);
    };
    setImmediate(turn);
    const index = await refreshProjectIndex(db, scorer);
    done = true;
    expect(index.size).toBe(PROJECTS);
    expect(scorer.prepared.projects).toBe(PROJECTS);
    expect(mostBetweenTurns).toBeGreaterThan(0);
    expect(mostBetweenTurns).toBeLessThanOrEqual(200);
  });

  it('gives a request the part indexed so far after its wait: whole up to its maxSeq', async () => {
    const scorer = countingScorer();
    const partial = await refreshProjectIndex(db, scorer, { waitMs: 0 });
    const seqs = projects.map((project) => project.contentSeq);
    expect(partial.size).toBeLessThan(PROJECTS);
    // Its statistics are not the whole corpus': what is scored on it is provisional (scored again once it is whole).
    expect(partial.partial).toBe(true);
    expect(partial.size).toBe(seqs.filter((seq) => seq <= partial.maxSeq).length);
    for (const project of projects) expect(partial.seqOf(project.id) !== undefined, `project ${project.id}`).toBe(project.contentSeq <= partial.maxSeq);
    const whole = await refreshProjectIndex(db, scorer);
    expect(whole.size).toBe(PROJECTS);
    expect(whole.partial).toBe(false);
    expect(whole.maxSeq).toBe(Math.max(...seqs));
  });
});

describe('tenders score with nothing to score', () => {
  it('skips the warm-up: no project indexed, no alert prepared', async () => {
    await buildAlert(db, { prompt: 'accordage de pianos' });
    const deps = { db, logger: silentLogger(), config: testConfig(), llm: null };
    const first = await score(deps, { scorer: countingScorer() });
    expect(first.alertsScored).toBe(1);

    const idle = countingScorer();
    const second = await score(deps, { scorer: idle });
    expect(second).toMatchObject({ alerts: 1, alertsScored: 0, projects: PROJECTS });
    expect(idle.prepared).toEqual({ projects: 0, alerts: 0 });
  });
});
