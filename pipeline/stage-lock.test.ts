import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test-support/test-database.ts';
import { isScrapeRunning, isStageRunning, withScrapeLock, withStageLock } from './stage-lock.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

describe('stage locks', () => {
  it('lets one scrape run at a time across connections, and releases the lock afterwards', async () => {
    const other = testDatabaseKind() === 'postgres' ? openDatabase({ kind: 'postgres', url: testDb.url! }) : testDb.db;
    try {
      expect(await isScrapeRunning(testDb.db)).toBe(false);
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (release = resolve));
      const first = withScrapeLock(testDb.db, async () => {
        await holding;
        return 'done';
      });
      await expect.poll(() => isScrapeRunning(other)).toBe(true);
      expect(await withScrapeLock(other, async () => 'second')).toEqual({ started: false });
      release();
      expect(await first).toEqual({ started: true, result: 'done' });
      expect(await isScrapeRunning(other)).toBe(false);
      expect(await withScrapeLock(other, async () => 'again')).toEqual({ started: true, result: 'again' });
    } finally {
      if (other !== testDb.db) await other.close();
    }
  });

  it('releases the lock when the work throws', async () => {
    await expect(withScrapeLock(testDb.db, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await isScrapeRunning(testDb.db)).toBe(false);
  });

  it('keeps one lock per stage: a running scrape does not keep a score out, a running score does', async () => {
    const other = testDatabaseKind() === 'postgres' ? openDatabase({ kind: 'postgres', url: testDb.url! }) : testDb.db;
    try {
      const outcome = await withScrapeLock(testDb.db, async () => {
        const scoring = await withStageLock(other, 'score', async () => {
          expect(await isStageRunning(testDb.db, 'score')).toBe(true);
          return withStageLock(testDb.db, 'score', async () => 'twice');
        });
        return scoring;
      });
      expect(outcome).toEqual({ started: true, result: { started: true, result: { started: false } } });
      expect(await isStageRunning(other, 'score')).toBe(false);
    } finally {
      if (other !== testDb.db) await other.close();
    }
  });
});
