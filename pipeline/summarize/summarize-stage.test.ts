import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueIncompleteSummaries,
  enqueueProjectSummary,
  enqueueSummaries,
  findProjectSummaries,
  getQueueStatus,
  requeueFailedSummaryJobs,
} from '../../db/summaries.ts';
import { buildProject, buildProjects, touchProject } from '../../test-support/factories.ts';
import { defaultResponder, startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { silentLogger, testConfig } from '../../test-support/test-config.ts';
import { createLlmClient } from '../llm/create-llm-client.ts';
import type { LlmPort } from '../llm/llm-port.ts';
import { summarize } from './summarize-stage.ts';
import { summarizerLanguages } from './summary-languages.ts';

let testDb: TestDatabase;
let db: Knex;
let server: FakeOpenAiServer;
let llm: LlmPort;
const config = testConfig();

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db.knex;
  server = await startFakeOpenAiServer();
  llm = createLlmClient({ apiKey: 'test', baseUrl: server.url, model: 'fake-model' }, { maxRetries: 0, timeoutMs: 5000 });
});
afterAll(async () => {
  await server.close();
  await testDb.drop();
});
beforeEach(async () => {
  await db.raw('truncate projects, project_keys, summary_queue, project_summaries, pipeline_runs restart identity cascade');
  server.respondWith(defaultResponder);
});

const offline = () => ({ db, logger: silentLogger(), config, llm: null });
const online = () => ({ db, logger: silentLogger(), config, llm });

async function queued(projectIds: number[]) {
  await enqueueSummaries(db, projectIds);
}

describe('summarize', () => {
  it('offline: writes an extractive summary in the creation language only, then has nothing left to do', async () => {
    const project = await buildProject(db, {
      title: 'Unterhaltsreinigung Schulhäuser Bern',
      creationLanguage: 'de',
      description:
        'Die Stadt Bern vergibt die Unterhaltsreinigung ihrer Schulhäuser. Es handelt sich um 12 Schulanlagen mit 40 000 m². Der Vertrag dauert 5 Jahre ab August 2026.',
      organization: 'Stadt Bern',
    });
    await queued([project.id]);
    const summary = await summarize(offline());
    expect(summary).toMatchObject({ mode: 'extractive', claimed: 1, summarized: 1, failed: 0 });
    const rows = await db('projectSummaries').where({ projectId: project.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: 'de', model: 'extractive', extractive: true });
    expect(rows[0].text).toContain('Auftraggeber: Stadt Bern');
    expect(await findProjectSummaries(db, project.id)).toEqual({
      french: null,
      english: null,
      german: rows[0].text,
      italian: null,
      status: 'completed',
      extractive: ['de'],
      noticeLanguage: expect.anything(),
    });
    expect(await summarize(offline())).toMatchObject({ claimed: 0 });
  });

  it('with an LLM: one call per project, four languages stored with the model name, tokens recorded', async () => {
    const [a, b] = await buildProjects(db, [{ title: 'Projet A' }, { title: 'Projet B', creationLanguage: 'it' }]);
    await queued([a!.id, b!.id]);
    const before = server.requests.length;
    const summary = await summarize(online());
    expect(summary).toMatchObject({ mode: 'llm', model: 'fake-model', summarized: 2 });
    expect(server.requests.length - before).toBe(2);
    const rows = await db('projectSummaries').where({ projectId: b!.id }).orderBy('language');
    expect(rows.map((r) => [r.language, r.model, r.extractive])).toEqual([
      ['de', 'fake-model', false],
      ['en', 'fake-model', false],
      ['fr', 'fake-model', false],
      ['it', 'fake-model', false],
    ]);
    const run = await db('pipelineRuns').where({ id: summary.runId }).first();
    expect(run).toMatchObject({ stage: 'pipeline.summarize', tokensIn: 200, tokensOut: 40 });
  });

  it('retries a job whose replies never parse, then marks it failed after 3 attempts without storing anything', async () => {
    const project = await buildProject(db, { title: 'Projet illisible' });
    await queued([project.id]);
    server.respondWith(() => ({ content: 'I am sorry, I cannot do JSON today.' }));
    const summary = await summarize(online(), { retryBaseMs: 0 });
    expect(summary).toMatchObject({ claimed: 3, retried: 2, failed: 1, summarized: 0 });
    expect(server.countFor('Projet illisible')).toBe(6);
    const job = await db('summaryQueue').where({ projectId: project.id }).first();
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(job.lastError).toMatch(/did not match the expected schema/);
    expect(await db('projectSummaries').where({ projectId: project.id })).toEqual([]);
    expect((await findProjectSummaries(db, project.id)).status).toBe('failed');

    expect(await requeueFailedSummaryJobs(db)).toBe(1);
    server.respondWith(defaultResponder);
    expect(await summarize(online())).toMatchObject({ summarized: 1 });
  });

  it('puts a failed attempt back with a backoff, not at once', async () => {
    const project = await buildProject(db, { title: 'Projet en panne' });
    await queued([project.id]);
    server.respondWith(() => ({ status: 500 }));
    const summary = await summarize(online());
    expect(summary).toMatchObject({ claimed: 1, retried: 1 });
    const job = await db('summaryQueue').where({ projectId: project.id }).first();
    expect(job.status).toBe('pending');
    expect(new Date(job.availableAt).getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('stops on a rejected API key and leaves the job to retry', async () => {
    const project = await buildProject(db, { title: 'Clé refusée' });
    await queued([project.id]);
    server.respondWith(() => ({ status: 401 }));
    await expect(summarize(online())).rejects.toThrow(/HTTP 401/);
    expect(await db('summaryQueue').where({ projectId: project.id }).first()).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('reclaims a job left processing by a worker that died, and fails one that used its last attempt', async () => {
    const [stale, exhausted, fresh] = await buildProjects(db, [{ title: 'Stale' }, { title: 'Exhausted' }, { title: 'Fresh' }]);
    await queued([stale!.id, exhausted!.id, fresh!.id]);
    const old = db.raw("now() - interval '11 minutes'");
    await db('summaryQueue').where({ projectId: stale!.id }).update({ status: 'processing', attempts: 1, lockedAt: old, lockedBy: 'dead' });
    await db('summaryQueue').where({ projectId: exhausted!.id }).update({ status: 'processing', attempts: 3, lockedAt: old, lockedBy: 'dead' });
    await db('summaryQueue').where({ projectId: fresh!.id }).update({ status: 'processing', attempts: 1, lockedAt: db.fn.now(), lockedBy: 'alive' });

    const summary = await summarize(offline());
    expect(summary).toMatchObject({ claimed: 1, summarized: 1, abandonedFailed: 1 });
    const jobs = Object.fromEntries((await db('summaryQueue').select('projectId', 'status', 'attempts')).map((j) => [j.projectId, j]));
    expect(jobs[stale!.id]).toMatchObject({ status: 'completed', attempts: 2 });
    expect(jobs[exhausted!.id]).toMatchObject({ status: 'failed' });
    expect(jobs[fresh!.id]).toMatchObject({ status: 'processing' });
  });

  it('does not call the LLM again for a project whose summaries are current (a retry after a crash)', async () => {
    const project = await buildProject(db, { title: 'Déjà résumé' });
    await queued([project.id]);
    await summarize(online());
    await enqueueProjectSummary(db, project.id);
    const before = server.requests.length;
    expect(await summarize(online())).toMatchObject({ alreadySummarized: 1, summarized: 0 });
    expect(server.requests.length).toBe(before);

    await touchProject(db, project.id, { description: 'Nouvelle description.' });
    await enqueueProjectSummary(db, project.id);
    expect(await summarize(online())).toMatchObject({ summarized: 1 });
    expect(server.requests.length).toBe(before + 1);
  });

  it('limits a run with --limit', async () => {
    const projects = await buildProjects(
      db,
      Array.from({ length: 5 }, (_, i) => ({ title: `Limité ${i}` })),
    );
    await queued(projects.map((p) => p.id));
    expect(await summarize(offline(), { limit: 2 })).toMatchObject({ claimed: 2 });
    expect(await getQueueStatus(db)).toEqual({ queueLength: 3, pending: 3, processing: 0, completed: 2, failed: 0 });
  });
});

describe('summary queue administration', () => {
  it('adds a project, or answers false for a missing one', async () => {
    const project = await buildProject(db);
    expect(await enqueueProjectSummary(db, project.id)).toBe(true);
    expect(await enqueueProjectSummary(db, 999_999)).toBe(false);
    expect(await getQueueStatus(db)).toMatchObject({ queueLength: 1, pending: 1 });
    expect(await findProjectSummaries(db, 999_999)).toEqual({
      french: null,
      english: null,
      german: null,
      italian: null,
      status: 'none',
      extractive: [],
      noticeLanguage: null,
    });
  });

  it('re-queues the offline-only projects once an LLM is configured, and nothing that is complete', async () => {
    const [a, b, unsummarized] = await buildProjects(db, [{ title: 'A' }, { title: 'B', creationLanguage: 'de' }, { title: 'C' }]);
    await queued([a!.id, b!.id]);
    await summarize(offline());

    const offlineLanguages = summarizerLanguages(testConfig());
    expect(offlineLanguages).toEqual([]);
    expect(await enqueueIncompleteSummaries(db, offlineLanguages)).toBe(1);
    expect((await db('summaryQueue').where({ projectId: unsummarized!.id }).first()).status).toBe('pending');
    await summarize(offline());
    expect(await enqueueIncompleteSummaries(db, offlineLanguages)).toBe(0);

    const llmLanguages = summarizerLanguages(testConfig({ OPENAI_BASE_URL: server.url }));
    expect(llmLanguages).toEqual(['fr', 'de', 'it', 'en']);
    expect(await enqueueIncompleteSummaries(db, llmLanguages)).toBe(3);
    await summarize(online());
    expect(await enqueueIncompleteSummaries(db, llmLanguages)).toBe(0);
    expect(await db('projectSummaries').where({ extractive: true })).toEqual([]);
  });
});
