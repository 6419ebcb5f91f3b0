import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlert, buildProjects } from '../../test-support/factories.ts';
import { defaultResponder, startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { runCliProcess } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';
import { SCORE_SKIPPED } from './score.ts';

let testDb: TestDatabase;
let openai: FakeOpenAiServer;

describe.runIf(testDatabaseKind() === 'postgres')('two tenders score at once', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await openai?.close();
    await testDb?.drop();
  });

  it('the second process skips with a log line while the first scores every pair once', { timeout: 300_000 }, async () => {
    const knex = testDb.db.knex;
    await buildProjects(knex, [
      { title: 'Horloges de clocher de Morges', description: 'Entretien de 5 horloges de clocher à Morges.', cpvCodes: ['50432000'], canton: 'VD' },
      { title: 'Horloge du temple de Nyon', description: 'Remontage et réglage de l’horloge du temple.', cpvCodes: ['50432000'], canton: 'VD' },
      { title: 'Horloges de Renens', description: 'Entretien de 3 horloges de clocher et de leurs cadrans.', cpvCodes: ['50432000'], canton: 'VD' },
    ]);
    await buildAlert(knex, { prompt: 'entretien des horloges de clocher dans le canton de Vaud', language: 'fr' });
    // The first process's LLM pass waits here, holding the score lock, until the second has come and gone.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    openai = await startFakeOpenAiServer(async (request, index) => {
      await gate;
      return defaultResponder(request, index);
    });
    const env = { DATABASE_URL: testDb.url, DATA_DIR: makeTempDir(), OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: 'test' };

    const first = runCliProcess(['score', '--json'], env);
    await expect.poll(() => openai.requests.length, { timeout: 180_000, interval: 200 }).toBeGreaterThan(0);
    const second = await runCliProcess(['score', '--json'], env);
    open();
    const firstResult = await first;

    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual({ ok: true, skipped: SCORE_SKIPPED });
    expect(second.stderr).toContain(`score skipped: ${SCORE_SKIPPED}`);

    expect(firstResult.code, firstResult.stderr).toBe(0);
    const summary = JSON.parse(firstResult.stdout) as { alertsScored: number; llmUpdated: number };
    expect(summary.alertsScored).toBe(1);
    const scored = openai.requests.filter((r) => r.format === 'match_score').map((r) => r.title);
    expect(scored.length).toBeGreaterThan(0);
    expect(new Set(scored).size).toBe(scored.length);
    expect(summary.llmUpdated).toBe(scored.length);
    expect(await knex('pipelineRuns').where({ stage: 'pipeline.score' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});
