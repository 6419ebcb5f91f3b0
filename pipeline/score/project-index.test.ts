import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProjects, touchProject, type BuiltProject } from '../../test-support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { derivedDataCacheDir, setDerivedDataCacheDir } from '../scorer/derived-data-cache.ts';
import { createLocalScorer, type LocalScorer } from '../scorer/local-scorer.ts';
import { SCORING_PARAMETERS } from '../scorer/scoring-parameters.ts';
import { loadCpvCatalog } from '../scorer/cpv-catalog.ts';
import { refreshProjectIndex, type ProjectIndex } from './project-index.ts';

let testDb: TestDatabase;
let db: Knex;
let projects: BuiltProject[];
let cacheDir: string;
const previousCacheDir = derivedDataCacheDir();
const PROJECTS = 60;
// Built before the cache directory moves to a scratch one: later scorers share its tables instead of deriving them there.
createLocalScorer();
const TRADES = ['Orgelrevision', 'Dachdeckerarbeiten', 'Klavierstimmung', 'Glaserarbeiten', 'Turmuhrrevision', 'Vergoldung'];

/** A scorer as a new process has it (its own term table), counting the database's projects it prepares (not the cache's probe). */
function newProcessScorer(base?: LocalScorer): LocalScorer & { prepared: number } {
  const inner = base ?? createLocalScorer();
  const scorer = {
    ...inner,
    prepared: 0,
    prepareProject(project: Parameters<LocalScorer['prepareProject']>[0]) {
      if (typeof project.id === 'number') scorer.prepared += 1;
      return inner.prepareProject(project);
    },
  };
  return scorer;
}

/** Every project's score for a prompt: what the index must give the same whether it was loaded or built. */
function scores(index: ProjectIndex, scorer: LocalScorer, prompt: string): Map<number | string, number> {
  const alert = scorer.prepareAlert(prompt, 'de', { corpus: index.candidates.corpus });
  return new Map([...index.candidates.projects()].map((project) => [project.id, scorer.quickScore(alert, project)]));
}

function cacheFiles(): string[] {
  return readdirSync(cacheDir).filter((name) => name.startsWith('project-index-'));
}

beforeAll(async () => {
  cacheDir = mkdtempSync(path.join(tmpdir(), 'vigie-project-index-'));
  setDerivedDataCacheDir(cacheDir);
  testDb = await createTestDatabase();
  db = testDb.db.knex;
  projects = await buildProjects(
    db,
    Array.from({ length: PROJECTS }, (_, i) => ({
      title: `${TRADES[i % TRADES.length]} Gemeindehaus, Los ${i}`,
      description: 'Arbeiten gemäss Leistungsverzeichnis.',
      creationLanguage: 'de' as const,
      cpvCodes: ['45000000'],
      canton: 'ZH',
    })),
  );
});
afterAll(async () => {
  setDerivedDataCacheDir(previousCacheDir);
  rmSync(cacheDir, { recursive: true, force: true });
  await testDb?.drop();
});

describe('the project index on disk', () => {
  it('is written by a first build and read by the next process, which prepares only the projects changed since', async () => {
    const first = newProcessScorer();
    expect((await refreshProjectIndex(db, first)).size).toBe(PROJECTS);
    expect(first.prepared).toBe(PROJECTS);
    expect(cacheFiles()).toHaveLength(1);

    const changed = projects[5]!;
    await touchProject(db, changed.id, { title: 'Glockenspiel Bahnhof', cpvCodes: ['37316200'] });
    const second = newProcessScorer();
    // Terms this process met before loading get other ids than in the saved file: they are mapped again, and the
    // file is still this scorer's (its key does not depend on the order of the ids).
    second.prepareAlert('Harfenbau im Kanton Bern', 'de');
    second.prepareAlert('Turmuhren im Kanton Bern', 'de');
    const loaded = await refreshProjectIndex(db, second);
    expect(second.prepared).toBe(1);
    expect(loaded.size).toBe(PROJECTS);
    expect(loaded.seqOf(changed.id)).toBeGreaterThan(changed.contentSeq);

    const built = await refreshProjectIndex(db, newProcessScorer(createLocalScorer()));
    for (const prompt of ['Glockenspiel', 'Orgelrevision Gemeindehaus', 'Klavierstimmung']) {
      expect(scores(loaded, second, prompt), prompt).toEqual(scores(built, second, prompt));
    }
    expect(scores(loaded, second, 'Glockenspiel').get(changed.id)).toBeGreaterThanOrEqual(20);
  });

  it('drops a project removed since the save', async () => {
    await refreshProjectIndex(db, newProcessScorer());
    const removed = projects[7]!;
    await db('projects').where({ id: removed.id }).delete();
    const next = newProcessScorer();
    const index = await refreshProjectIndex(db, next);
    expect(next.prepared).toBe(0);
    expect(index.size).toBe(PROJECTS - 1);
    expect(index.seqOf(removed.id)).toBeUndefined();
    expect([...index.candidates.projects()].some((project) => project.id === removed.id)).toBe(false);
  });

  it('prepares again a project changed under an older content_seq than the newest one saved', async () => {
    await refreshProjectIndex(db, newProcessScorer());
    // As when a transaction that took its content_seq early commits after later ones.
    const late = projects[9]!;
    const { seq } = ((await db.raw('select min(content_seq) - 1 as seq from projects')).rows as Array<{ seq: number }>)[0]!;
    await db('projects').where({ id: late.id }).update({ title: 'Glockenspiel Parkhaus', contentSeq: seq });
    const next = newProcessScorer();
    const index = await refreshProjectIndex(db, next);
    expect(next.prepared).toBe(1);
    expect(index.seqOf(late.id)).toBe(Number(seq));
    expect(scores(index, next, 'Glockenspiel').get(late.id)).toBeGreaterThanOrEqual(20);
  });

  it('is rebuilt from the database when the file is damaged, and written again', async () => {
    await refreshProjectIndex(db, newProcessScorer());
    const [file] = cacheFiles();
    writeFileSync(path.join(cacheDir, file!), Buffer.from([12, 0, 0, 0, 1, 2, 3]));
    const rebuilt = newProcessScorer();
    const index = await refreshProjectIndex(db, rebuilt);
    expect(rebuilt.prepared).toBe(index.size);
    expect(index.size).toBe(PROJECTS - 1);

    const next = newProcessScorer();
    await refreshProjectIndex(db, next);
    expect(next.prepared).toBe(0);
  });

  it('is not read by a scorer that prepares projects differently', async () => {
    await refreshProjectIndex(db, newProcessScorer());
    const other = newProcessScorer(createLocalScorer(loadCpvCatalog(), { ...SCORING_PARAMETERS, field: { ...SCORING_PARAMETERS.field, title: 5 } }));
    const index = await refreshProjectIndex(db, other);
    expect(other.prepared).toBe(index.size);
  });
});
