import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlert, buildProjects } from '../../test-support/factories.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { silentLogger, testConfig } from '../../test-support/test-config.ts';
import { createLlmClient } from '../llm/create-llm-client.ts';
import { createLocalScorer } from '../scorer/local-scorer.ts';
import { LLM_RELATIVE_CUTOFF } from './llm-cutoff.ts';
import { score } from './score-stage.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';

let testDb: TestDatabase;
let server: FakeOpenAiServer;
beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startFakeOpenAiServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await testDb?.drop();
});

describe('LLM stage cutoff relative to the alert best score', () => {
  it('sends of the top K only the stored pairs within the share of the best, against the fake OpenAI server', async () => {
    const db = testDb.db.knex;
    // Invented notices: snow clearing in several wordings, and trades that share one word with it.
    await buildProjects(db, [
      { title: 'Schneeräumung und Glatteisbekämpfung Parkhaus Nord', description: 'Schneeräumung der Rampen.', creationLanguage: 'de', cpvCodes: ['90620000'] },
      { title: 'Schneeräumung Gemeindeplätze', description: 'Winterdienst.', creationLanguage: 'de', cpvCodes: ['90620000'] },
      { title: 'Winterdienst Kirchenareal', description: 'Räumung der Wege.', creationLanguage: 'de', cpvCodes: ['90620000'] },
      { title: 'Dachdeckerarbeiten Parkhaus Nord', description: 'Ersatz der Eindeckung, Schneefang.', creationLanguage: 'de', cpvCodes: ['45261210'] },
      { title: 'Revision der Uhr, Parkhaus Nord', description: 'Uhr bei den Rampen.', creationLanguage: 'de', cpvCodes: ['50432000'] },
      { title: 'Druck des Gemeindeblatts', description: 'Druck und Versand.', creationLanguage: 'de', cpvCodes: ['79810000'] },
      {
        title: 'Neue Sonnensegel, Parkhaus Süd und Tiefgarage',
        description: 'Segeltuch und Seile.',
        creationLanguage: 'de',
        cpvCodes: ['39522000'],
      },
      { title: 'Bienenstöcke Tiefgarage und Parkhaus', description: 'Pflege der Bienenvölker.', creationLanguage: 'de', cpvCodes: ['77900000'] },
      {
        title: 'Plattenarbeiten Werkstatt',
        description:
          'Plattenarbeiten im Parkhaus und im Treppenhaus beim Parkhaus: Wandplatten, Bodenplatten, Sockel, Fugen und Silikonfugen, Abdichtung der Nasszellen und der Duschen, Abnahme und Übergabe.',
        creationLanguage: 'de',
        cpvCodes: ['45431000'],
      },
      {
        title: 'Malerarbeiten Werkstatt',
        description:
          'Malerarbeiten im Parkhaus und im Treppenhaus beim Parkhaus: Wände, Decken, Sockel, Türen, Geländer, Simse, Heizkörper, Leitungen und Rohre, Abdeckungen und Schutz der Böden, Gerüste und Leitern, Muster und Farbkarten, Endkontrolle, Abnahme und Übergabe.',
        creationLanguage: 'de',
        cpvCodes: ['45442100'],
      },
      {
        title: 'Betonarbeiten Tiefgarage West',
        description: 'Ausbesserung der Decken und Stützen; die Zufahrt führt durch das Parkhaus, Installationsplatz im Hof.',
        creationLanguage: 'de',
        cpvCodes: ['45262300'],
      },
    ]);
    await buildAlert(db, { prompt: 'Schneeräumung Parkhaus', language: 'de' });
    const scorer = createLocalScorer();
    const config = testConfig({ LLM_TOP_K: '50', PREFILTER_THRESHOLD: '100' });
    await score({ db, logger: silentLogger(), config, llm: null }, { scorer });
    const local: Array<{ projectId: number; score: number }> = await db('alertMatches').select('projectId', 'score');
    const best = Math.max(...local.map((match) => match.score));
    const cutoff = Math.max(SCORE_FLOOR, Math.ceil(LLM_RELATIVE_CUTOFF * best));
    const expected = local.filter((match) => match.score >= cutoff).map((match) => match.projectId);
    // The fixture must leave stored pairs on both sides of the cutoff, or the test proves nothing.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(local.length);

    const llm = createLlmClient({ apiKey: 'test', baseUrl: server.url, model: 'fake-model' }, { maxRetries: 1, timeoutMs: 5000 });
    const before = server.requests.length;
    const summary = await score({ db, logger: silentLogger(), config, llm }, { scorer });
    const titles = new Map<number, string>((await db('projects').select('id', 'title')).map((row: { id: number; title: string }) => [row.id, row.title]));
    expect(
      server.requests
        .slice(before)
        .map((request) => request.title)
        .sort(),
    ).toEqual(expected.map((id) => titles.get(id)).sort());
    expect(summary.llmUpdated + summary.llmDeleted).toBe(expected.length);
  });
});
