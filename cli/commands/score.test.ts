import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlert, buildProjects } from '../../test-support/factories.ts';
import { runCli } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe.skipIf(testDatabaseKind() !== 'postgres')('tenders score and summarize offline', () => {
  it('scores and summarizes a scraped database with no LLM configured', { timeout: 120_000 }, async () => {
    const db = testDb.db.knex;
    await buildProjects(db, [
      {
        title: 'Entretien des horloges de clocher de Morges',
        description: 'Révision de 5 horloges de clocher. Durée 4 ans dès août 2026. Visite obligatoire.',
        cpvCodes: ['50432000'],
        canton: 'VD',
      },
      {
        title: 'Schieferdach der Kapelle',
        creationLanguage: 'de',
        description: 'Schieferdeckung und Spenglerarbeiten in Thun.',
        cpvCodes: ['45261212'],
        canton: 'BE',
      },
    ]);
    await db('summaryQueue').insert((await db('projects').select('id')).map((p: { id: number }) => ({ projectId: p.id })));
    await buildAlert(db, { prompt: 'entretien des horloges de clocher', language: 'fr' });
    const env = { DATABASE_URL: testDb.url, DATA_DIR: makeTempDir() };

    const scored = await runCli(['score', '--json'], env);
    expect(scored.code, scored.stderr).toBe(0);
    expect(JSON.parse(scored.stdout)).toMatchObject({ ok: true, alerts: 1, alertsScored: 1, projects: 2, llmScorer: null });
    expect(Number((await db('alertMatches').count({ count: '*' }).first())!.count)).toBeGreaterThan(0);

    const human = await runCli(['score'], env);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain('scored 0 of 1 active alerts against 2 projects (local scorer only)');

    const summarized = await runCli(['summarize', '--json', '--limit', '1'], env);
    expect(summarized.code, summarized.stderr).toBe(0);
    expect(JSON.parse(summarized.stdout)).toMatchObject({ ok: true, mode: 'extractive', claimed: 1, summarized: 1 });
    const rest = await runCli(['summarize'], env);
    expect(rest.stdout).toMatch(/^ {2}summarized +1$/m);
    expect(await db('projectSummaries').select('model')).toEqual([{ model: 'extractive' }, { model: 'extractive' }]);

    const badLimit = await runCli(['summarize', '--limit', 'ten'], env);
    expect(badLimit.code).toBe(1);
    expect(badLimit.stderr).toContain('--limit must be a positive whole number');
  });
});

describe('tenders eval', () => {
  it('says clearly when the evaluation set is missing', async () => {
    const missing = path.join(makeTempDir(), 'nowhere.json');
    const result = await runCli(['eval', '--set', missing], { DATA_DIR: makeTempDir() });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`error: evaluation set not found: ${missing} (pass one with --set FILE)`);
  });

  it('refuses --scorer llm without an LLM configured', async () => {
    const result = await runCli(['eval', '--scorer', 'llm'], { DATA_DIR: makeTempDir() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--scorer llm needs an LLM');
  });

  // A set of its own, not the default one: run-evaluation.test.ts evaluates that (scoring it twice costs ~4 s of CPU).
  it('reports the local scorer on a set as JSON', async () => {
    const setPath = path.join(makeTempDir(), 'set.json');
    const notice = (id: string, language: string, title: string) => ({ id, language, title, description: title, cpv: [], canton: null });
    writeFileSync(
      setPath,
      JSON.stringify({
        projects: [
          notice('n1', 'fr', 'Révision des horloges de clocher de la commune'),
          notice('n2', 'de', 'Schieferdach der Kapelle'),
          notice('n3', 'fr', 'Livraison de sel de déneigement'),
        ],
        alerts: [{ id: 'a1', language: 'fr', prompt: 'révision d’horloges de clocher' }],
        judgments: [{ alert: 'a1', project: 'n1', relevance: 2 }],
      }),
    );
    const result = await runCli(['eval', '--json', '--set', setPath], { DATA_DIR: makeTempDir() });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ ok: true, scorer: 'local', setPath, perAlert: [{ alertId: 'a1', ndcgAt10: 1, highlyRelevant: 1 }] });
  });
});
