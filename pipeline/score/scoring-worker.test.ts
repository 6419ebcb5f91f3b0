import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLearnedItems } from '../../db/alert-learning.ts';
import { setFeedback } from '../../db/feedback.ts';
import { buildAlert, buildProjects, buildUser, editAlertPrompt, type BuiltProject } from '../../test-support/factories.ts';
import { silentLogger } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';
import { relearnAlert } from '../feedback/relearn-alert.ts';
import { derivedDataCacheDir } from '../scorer/derived-data-cache.ts';
import { scoreAlertNow } from './score-alert-now.ts';
import { ScoringStoppedError } from './scoring-stopped-error.ts';
import { startScoringWorker, type ScoringWorker } from './scoring-worker.ts';

// The thread opens its own connections: it needs a Postgres server (the PGlite fallback is one process's).
const onPostgres = testDatabaseKind() === 'postgres';

let testDb: TestDatabase;
let db: Knex;
let projects: BuiltProject[];
let userId: number;
const workers: ScoringWorker[] = [];
/** One warm thread for the tests that do not depend on how it starts (each start costs a thread's warm-up). */
let shared: ScoringWorker;
const PROMPT = 'accordage de pianos et restauration de vitraux';
/** A wait long enough for the whole index on a loaded machine: the reference scores in this thread. */
const WHOLE = 600_000;
/** Each test waits on the thread's warm-up: a generous limit for a loaded machine (the waits end on their conditions). */
const LIMIT = { timeout: 600_000 };

function start(indexWaitMs?: number): ScoringWorker {
  // At the server's nice 10 the thread would wait behind every other busy test file of the run: here it runs at 0.
  const worker = startScoringWorker({ databaseUrl: testDb.url!, cacheDir: derivedDataCacheDir(), logger: silentLogger(), indexWaitMs, nice: 0 });
  workers.push(worker);
  return worker;
}

async function storedMatches(alertId: number) {
  return db('alertMatches').where({ alertId }).orderBy('projectId').select('projectId', 'score', 'explanation', 'contentSeq');
}

async function learned(alertId: number) {
  return (await findLearnedItems(db, alertId)).map(({ polarity, kind, value, weight }) => ({ polarity, kind, value, weight }));
}

beforeAll(async () => {
  if (!onPostgres) return;
  testDb = await createTestDatabase();
  db = testDb.db.knex;
  projects = await buildProjects(
    db,
    Array.from({ length: 600 }, (_, i) => ({
      title:
        i % 3 === 0
          ? `Accordage des pianos du conservatoire, lot ${i}`
          : i % 3 === 1
            ? `Pose de pavés en granit, lot ${i}`
            : `Restauration des vitraux de la chapelle, lot ${i}`,
      cpvCodes: [i % 3 === 0 ? '50860000' : i % 3 === 1 ? '45233222' : '45441000'],
    })),
  );
  userId = (await buildUser(db)).id;
  shared = start();
}, 600_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await testDb?.drop();
});

describe.skipIf(!onPostgres)('the scoring thread', () => {
  it('scores an alert as this thread would: the same pairs, scores and explanations', LIMIT, async () => {
    const worker = shared;
    const inThread = await buildAlert(db, { userId, prompt: PROMPT });
    const here = await buildAlert(db, { userId, prompt: PROMPT });
    await worker.warm;
    const answer = await worker.scoreAlertNow(inThread.id);
    const expected = await scoreAlertNow(db, here.id, { indexWaitMs: WHOLE });
    expect(answer.matches).toBeGreaterThan(0);
    expect(answer).toEqual(expected);
    expect(await storedMatches(inThread.id)).toEqual(await storedMatches(here.id));
  });

  it('answers before its warm-up is over with the projects indexed so far, and the next pass scores the rest', LIMIT, async () => {
    const worker = start(0);
    const alert = await buildAlert(db, { userId, prompt: PROMPT });
    const reference = await buildAlert(db, { userId, prompt: PROMPT });
    const early = await worker.scoreAlertNow(alert.id);
    const { scoredContentSeq } = await db('alerts').where({ id: alert.id }).first('scoredContentSeq');
    // Whatever was ready: the watermark says how far, and only matches up to it are stored.
    const earlyMatches = await storedMatches(alert.id);
    expect(earlyMatches.every((match) => match.contentSeq <= scoredContentSeq)).toBe(true);
    expect(early.matches).toBe(earlyMatches.length);
    // It did not wait for the whole index.
    expect(early.scored).toBeLessThan(projects.length);

    await worker.warm;
    const late = await worker.scoreAlertNow(alert.id);
    expect(late.matches).toBe((await scoreAlertNow(db, reference.id, { indexWaitMs: WHOLE })).matches);
    expect(await storedMatches(alert.id)).toEqual(await storedMatches(reference.id));
    expect((await db('alerts').where({ id: alert.id }).first('scoredContentSeq')).scoredContentSeq).toBe(Math.max(...projects.map((p) => p.contentSeq)));
  });

  it('learns from feedback as this thread would', LIMIT, async () => {
    const worker = shared;
    const [inThread, here] = [await buildAlert(db, { userId, prompt: PROMPT }), await buildAlert(db, { userId, prompt: PROMPT })];
    for (const alert of [inThread, here]) {
      await setFeedback(db, userId, alert.id, projects[2]!.id, 'relevant');
      await setFeedback(db, userId, alert.id, projects[1]!.id, 'not_relevant');
    }
    await worker.relearnAlert(inThread.id);
    await relearnAlert(db, here.id);
    expect((await learned(inThread.id)).length).toBeGreaterThan(0);
    expect(await learned(inThread.id)).toEqual(await learned(here.id));
  });

  it('answers an error for an alert it cannot score, and keeps serving', LIMIT, async () => {
    const worker = shared;
    const gone = await buildAlert(db, { userId, prompt: PROMPT });
    await db('alerts').where({ id: gone.id }).delete();
    expect(await worker.scoreAlertNow(gone.id)).toEqual({ scored: 0, matches: 0 });
    await db.raw('alter table alert_matches rename to alert_matches_away');
    try {
      const alert = await buildAlert(db, { userId, prompt: 'restauration des vitraux' });
      await expect(worker.scoreAlertNow(alert.id)).rejects.toThrow(/alert_matches/);
    } finally {
      await db.raw('alter table alert_matches_away rename to alert_matches');
    }
    const alert = await buildAlert(db, { userId, prompt: 'restauration des vitraux' });
    expect((await worker.scoreAlertNow(alert.id)).matches).toBeGreaterThan(0);
  });

  it('answers what waits, and what comes later, at once with ScoringStoppedError once told to stop waiting', LIMIT, async () => {
    const worker = start();
    const alert = await buildAlert(db, { userId, prompt: 'pose de pavés en granit' });
    // Sent before the new thread has even loaded its modules: only stopWaiting can answer it now.
    const waiting = worker.scoreAlertNow(alert.id);
    worker.stopWaiting();
    await expect(waiting).rejects.toBeInstanceOf(ScoringStoppedError);
    await expect(worker.relearnAlert(alert.id)).rejects.toBeInstanceOf(ScoringStoppedError);
    await worker.close({ timeoutMs: 0 });
  });

  // Last: it closes the shared thread.
  it('finishes the requests it has before it closes, then refuses new ones', LIMIT, async () => {
    const worker = shared;
    await worker.warm;
    const alert = await buildAlert(db, { userId, prompt: 'restauration des vitraux' });
    await editAlertPrompt(db, alert.id, 'restauration des vitraux et accordage des pianos');
    const scoring = worker.scoreAlertNow(alert.id);
    const closing = worker.close();
    expect((await scoring).matches).toBeGreaterThan(0);
    await closing;
    await expect(worker.scoreAlertNow(alert.id)).rejects.toThrow('the server is shutting down');
  });
});
