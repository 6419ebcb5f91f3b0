import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAlert, buildProjects, editAlertPrompt, touchProject, type BuiltAlert, type BuiltProject } from '../../test-support/factories.ts';
import { defaultResponder, startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { silentLogger, testConfig } from '../../test-support/test-config.ts';
import { createLlmClient } from '../llm/create-llm-client.ts';
import type { LlmPort } from '../llm/llm-port.ts';
import { createLocalScorer, type LocalScorer } from '../scorer/local-scorer.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import { getAlertToScore } from '../../db/alerts-scoring.ts';
import { refreshProjectIndex } from './project-index.ts';
import { saveLocalPass } from './save-local-pass.ts';
import { needsLocalPass, scoreAlertLocally } from './score-alert-locally.ts';
import { scoreAlertNow } from './score-alert-now.ts';
import { score } from './score-stage.ts';

interface ScoreCall {
  prompt: string;
  projectId: number;
  /**
   * Searching for the alert's best matches (pseudo-feedback), or scoring a pair to store without them: at a floor
   * other than the storage floor, or with the prompt alone. The pairs of an alert whose best matches lift the others
   * are stored with the likeness.
   */
  lookUp?: boolean;
}

/** The real local scorer, recording every pair it scores. */
function countingScorer(inner: LocalScorer, calls: ScoreCall[]): LocalScorer {
  return {
    prepareAlert: (prompt, language) => inner.prepareAlert(prompt, language),
    prepareProject: (project) => inner.prepareProject(project),
    quickScore: (alert, project) => {
      calls.push({ prompt: alert.prompt, projectId: Number(project.id), ...('similarity' in alert ? {} : { lookUp: true }) });
      return inner.quickScore(alert, project);
    },
    score: (alert, project) => inner.score(alert, project),
    scoreAtLeast: (alert, project, floor) => {
      calls.push({ prompt: alert.prompt, projectId: Number(project.id), ...(floor === SCORE_FLOOR && 'similarity' in alert ? {} : { lookUp: true }) });
      return inner.scoreAtLeast(alert, project, floor);
    },
  };
}

let testDb: TestDatabase;
let db: Knex;
let server: FakeOpenAiServer;
let llm: LlmPort;
const realScorer = createLocalScorer();
const config = testConfig();

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db.knex;
  server = await startFakeOpenAiServer();
  llm = createLlmClient({ apiKey: 'test', baseUrl: server.url, model: 'fake-model' }, { maxRetries: 1, timeoutMs: 5000 });
});
afterAll(async () => {
  await server.close();
  await testDb.drop();
});

async function fixtures() {
  await db.raw('truncate alerts, alert_matches, projects, project_keys, pipeline_runs restart identity cascade');
  const projects = await buildProjects(db, [
    {
      title: 'Accordage des pianos du conservatoire de Morges',
      description: 'Accordage de 25 pianos des salles de concert, 4 fois par an.',
      cpvCodes: ['50860000'],
      canton: 'VD',
      location: 'Morges',
    },
    {
      title: 'Klavierstimmung Konservatorium',
      description: 'Stimmen der Flügel und Klaviere der Stadt Bern.',
      creationLanguage: 'de',
      cpvCodes: ['50860000', '37311100'],
      canton: 'BE',
    },
    { title: 'Revision der Turmuhr, Stadtkirche', description: 'Turmuhr und Zifferblätter.', creationLanguage: 'de', cpvCodes: ['50432000'], canton: 'BE' },
    { title: 'Beekeeping on municipal roofs', description: 'Supply and care of beehives.', creationLanguage: 'en', cpvCodes: ['77900000'], canton: 'ZH' },
  ]);
  const tuning = await buildAlert(db, { prompt: 'accordage de pianos', language: 'fr' });
  const clocks = await buildAlert(db, { prompt: 'Turmuhren und Zifferblätter im Kanton Bern', language: 'de' });
  const paused = await buildAlert(db, { prompt: 'beekeeping and hive care', language: 'en', isActive: false });
  return { projects, tuning, clocks, paused };
}

async function matchesOf(alert: BuiltAlert) {
  return db('alertMatches').where({ alertId: alert.id }).orderBy('projectId').select('projectId', 'score', 'explanation', 'scorer', 'contentSeq');
}

const offline = () => ({ db, logger: silentLogger(), config, llm: null });
const online = () => ({ db, logger: silentLogger(), config, llm });

describe('score', () => {
  let projects: BuiltProject[];
  let tuning: BuiltAlert;
  let clocks: BuiltAlert;
  let paused: BuiltAlert;
  let calls: ScoreCall[];
  let scorer: LocalScorer;

  beforeEach(async () => {
    ({ projects, tuning, clocks, paused } = await fixtures());
    calls = [];
    // A fresh wrapper per test: the in-memory project index is cached per scorer.
    scorer = countingScorer(realScorer, calls);
    server.respondWith(defaultResponder);
  });

  it('stores local scores and explanations at or above the floor, for active alerts only', async () => {
    const summary = await score(offline(), { scorer });
    expect(summary).toMatchObject({ alerts: 2, alertsScored: 2, projects: 4, pairsConsidered: 8, llmScorer: null });
    expect(summary.candidates).toBeLessThanOrEqual(8);

    const stored = await matchesOf(tuning);
    expect(stored.map((m) => m.projectId)).toEqual(expect.arrayContaining([projects[0]!.id, projects[1]!.id]));
    for (const match of [...stored, ...(await matchesOf(clocks))]) {
      expect(match.score).toBeGreaterThanOrEqual(SCORE_FLOOR);
      expect(match.explanation).not.toBe('');
      expect(match.scorer).toBe('local');
    }
    expect(await matchesOf(paused)).toEqual([]);
    const alert = await db('alerts').where({ id: tuning.id }).first();
    expect(alert.scoredPromptHash).toBe(alert.promptHash);
    expect(Number(alert.scoredContentSeq)).toBe(Math.max(...projects.map((p) => p.contentSeq)));
    expect(alert.llmScoredPromptHash).toBeNull();
    const run = await db('pipelineRuns').where({ id: summary.runId }).first();
    expect(run).toMatchObject({ stage: 'pipeline.score', status: 'succeeded' });
  });

  it('scores nothing twice: a rerun makes no local or LLM call', async () => {
    await score(online(), { scorer });
    const requests = server.requests.length;
    const before = await db('alertMatches').orderBy('id').select();
    calls.length = 0;

    const again = await score(online(), { scorer });
    expect(calls).toEqual([]);
    expect(server.requests.length).toBe(requests);
    expect(again).toMatchObject({ alertsScored: 0, pairsConsidered: 0, llmUpdated: 0 });
    expect(await db('alertMatches').orderBy('id').select()).toEqual(before);
  });

  it('re-scores with the LLM only the pairs at or above the prefilter, and records its tokens', async () => {
    server.respondWith((request, index) =>
      request.format === 'match_score'
        ? { json: { score: 91, explanation: `Pertinent : ${request.title}` }, usage: { input: 200, output: 30 } }
        : defaultResponder(request, index),
    );
    const before = server.requests.length;
    const summary = await score(online(), { scorer });
    const sent = server.requests.slice(before);

    const local = await db('alertMatches').where('score', '>=', config.thresholds.prefilter);
    expect(sent.length).toBe(summary.llmUpdated);
    expect(summary.llmUpdated).toBeGreaterThan(0);
    expect(local.every((m) => m.scorer === 'llm:fake-model' && m.score === 91 && m.explanation.startsWith('Pertinent'))).toBe(true);
    const belowPrefilter = await db('alertMatches').where('score', '<', config.thresholds.prefilter);
    expect(belowPrefilter.every((m) => m.scorer === 'local')).toBe(true);
    expect(sent.every((r) => r.messages[0]!.content.includes(r.messages[1]!.content.startsWith('Alert (fr)') ? 'French' : 'German'))).toBe(true);

    const run = await db('pipelineRuns').where({ id: summary.runId }).first();
    expect(run.tokensIn).toBe(200 * sent.length);
    expect(run.tokensOut).toBe(30 * sent.length);
    const alert = await db('alerts').where({ id: tuning.id }).first();
    expect(alert.llmScoredPromptHash).toBe(alert.promptHash);
  });

  it("sends each alert's best K local pairs to the LLM even below the prefilter, and no others", async () => {
    const topOne = testConfig({ LLM_TOP_K: '1', PREFILTER_THRESHOLD: '100' });
    await score({ db, logger: silentLogger(), config: topOne, llm: null }, { scorer });
    const local = await db('alertMatches').orderBy('score', 'desc').orderBy('projectId').select('alertId', 'projectId', 'score');
    expect(local.filter((m) => m.alertId === tuning.id).length).toBeGreaterThan(1);
    const best = new Map<number, number>();
    for (const match of local) if (!best.has(match.alertId)) best.set(match.alertId, match.projectId);
    const titles = new Map(projects.map((project) => [project.id, project.title]));

    const before = server.requests.length;
    const summary = await score({ db, logger: silentLogger(), config: topOne, llm }, { scorer });
    const sent = server.requests.slice(before);
    expect(summary.llmUpdated).toBe(best.size);
    expect(sent.map((request) => request.title).sort()).toEqual([...best.values()].map((id) => titles.get(id)).sort());
    const rescored = await db('alertMatches').whereNot({ scorer: 'local' }).select('alertId', 'projectId');
    expect(rescored.map((m) => `${m.alertId}/${m.projectId}`).sort()).toEqual([...best].map(([alertId, projectId]) => `${alertId}/${projectId}`).sort());
  });

  it('never stores a malformed LLM reply: the pair keeps its local score and is retried next run', async () => {
    const target = projects[0]!;
    server.respondWith((request, index) =>
      request.title === target.title ? { content: '{"score": "very high", "explanation": 12}' } : defaultResponder(request, index),
    );
    const before = server.countFor(target.title);
    const summary = await score(online(), { scorer });
    expect(summary.llmFailed).toBe(1);
    expect(server.countFor(target.title) - before).toBe(2);
    const [pair] = await db('alertMatches').where({ alertId: tuning.id, projectId: target.id });
    expect(pair.scorer).toBe('local');
    expect(typeof pair.score).toBe('number');
    expect(pair.explanation).not.toContain('very high');
    expect((await db('alerts').where({ id: tuning.id }).first()).llmScoredPromptHash).toBeNull();

    server.respondWith(defaultResponder);
    const retry = await score(online(), { scorer });
    expect(retry.llmUpdated).toBe(1);
    expect(server.countFor(target.title) - before).toBe(3);
    expect((await db('alertMatches').where({ alertId: tuning.id, projectId: target.id }).first()).scorer).toBe('llm:fake-model');
  });

  it('stops the run on a rejected API key instead of failing every pair', async () => {
    server.respondWith(() => ({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } }));
    await expect(score(online(), { scorer })).rejects.toThrow(/HTTP 401/);
    expect(await db('alertMatches').whereNot({ scorer: 'local' })).toEqual([]);
    const [run] = await db('pipelineRuns').orderBy('id', 'desc').limit(1);
    expect(run).toMatchObject({ stage: 'pipeline.score', status: 'failed' });
  });

  it('deletes a pair the LLM scores below the floor', async () => {
    const target = projects[1]!;
    server.respondWith((request, index) =>
      request.title === target.title ? { json: { score: 5, explanation: 'Pas à Morges.' } } : defaultResponder(request, index),
    );
    const summary = await score(online(), { scorer });
    expect(summary.llmDeleted).toBe(1);
    expect(await db('alertMatches').where({ alertId: tuning.id, projectId: target.id })).toEqual([]);
    calls.length = 0;
    const before = server.requests.length;
    await score(online(), { scorer });
    expect(calls).toEqual([]);
    expect(server.requests.length).toBe(before);
  });

  it('re-scores exactly the edited alert after a prompt edit', async () => {
    await score(online(), { scorer });
    calls.length = 0;
    const requests = server.requests.length;
    await editAlertPrompt(db, clocks.id, 'Klavierstimmung im Konservatorium');

    const summary = await score(online(), { scorer });
    expect(summary.alertsScored).toBe(1);
    // The old prompt's pairs are replaced as a whole: the clock pair that no longer matches is counted as deleted.
    expect(summary.matchesDeleted).toBeGreaterThan(0);
    expect(new Set(calls.map((c) => c.prompt))).toEqual(new Set(['Klavierstimmung im Konservatorium']));
    const edited = await matchesOf(clocks);
    expect(edited.some((m) => m.projectId === projects[1]!.id && m.scorer === 'llm:fake-model')).toBe(true);
    expect(edited.some((m) => m.projectId === projects[2]!.id)).toBe(false);
    const sent = server.requests.slice(requests);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.messages[1]!.content.includes('Klavierstimmung im Konservatorium'))).toBe(true);
  });

  it('re-scores exactly the changed project after its content_seq moves', async () => {
    await score(online(), { scorer });
    calls.length = 0;
    const requests = server.requests.length;
    const changed = projects[2]!;
    await touchProject(db, changed.id, { title: 'Turmuhren und Zifferblätter Kirche St. Peter', description: 'Turmuhren im Kanton Bern.' });

    await score(online(), { scorer });
    // Finding the alert's best match (pseudo-feedback) reads the whole index; what is scored for storing is the changed project alone.
    const scored = calls.filter((c) => !c.lookUp);
    expect(scored.length).toBeGreaterThan(0);
    expect(scored.every((c) => c.projectId === changed.id)).toBe(true);
    const sent = server.requests.slice(requests);
    expect(sent.every((r) => r.title === 'Turmuhren und Zifferblätter Kirche St. Peter')).toBe(true);
    const [pair] = await db('alertMatches').where({ alertId: clocks.id, projectId: changed.id });
    expect(pair.scorer).toBe('llm:fake-model');
  });

  it('a late local pass of the same range does not undo the LLM scores saved meanwhile', async () => {
    const late = scoreAlertLocally((await getAlertToScore(db, tuning.id))!, await refreshProjectIndex(db, scorer), scorer);
    await score(online(), { scorer });
    const before = await matchesOf(tuning);
    expect(before.some((m) => m.scorer === 'llm:fake-model')).toBe(true);
    expect(await saveLocalPass(db, late)).toEqual({ saved: true, stored: 0, deleted: 0 });
    expect(await matchesOf(tuning)).toEqual(before);
  });

  it('drops the stored pair of a project that changed into something unrelated', async () => {
    await score(offline(), { scorer });
    const first = projects[0]!;
    expect(await db('alertMatches').where({ alertId: tuning.id, projectId: first.id })).toHaveLength(1);
    await touchProject(db, first.id, { title: 'Achat de voiles pour bateaux', description: 'Livraison de 4 voiles.', cpvCodes: ['39522400'] });
    const summary = await score(offline(), { scorer });
    expect(summary.matchesDeleted).toBeGreaterThanOrEqual(1);
    expect(await db('alertMatches').where({ alertId: tuning.id, projectId: first.id })).toEqual([]);
  });
});

describe('scoreAlertNow', () => {
  it('keeps a pass scored on a partly built index as provisional: the next pass scores every project again', async () => {
    const { tuning } = await fixtures();
    const whole = await refreshProjectIndex(db, realScorer);
    // The pass a request gets during the warm-up: the same projects, but flagged as read from a partial index.
    const early = scoreAlertLocally((await getAlertToScore(db, tuning.id))!, { ...whole, partial: true }, realScorer);
    expect(early.provisional).toBe(true);
    await saveLocalPass(db, early);
    const afterEarly = (await getAlertToScore(db, tuning.id))!;
    expect(afterEarly.scoredContentSeq).toBe(whole.maxSeq);
    expect(needsLocalPass(afterEarly, whole)).toBe(true);

    const calls: ScoreCall[] = [];
    const result = await scoreAlertNow(db, tuning.id, { scorer: countingScorer(realScorer, calls) });
    expect(result.scored).toBe(whole.size);
    const settled = (await getAlertToScore(db, tuning.id))!;
    expect(settled.scoredPromptHash).toBe(settled.promptHash);
    expect(needsLocalPass(settled, whole)).toBe(false);
  });

  it('scores one alert against every project locally and leaves the LLM pass for later', async () => {
    const { projects, tuning, clocks } = await fixtures();
    const calls: ScoreCall[] = [];
    const scorer = countingScorer(realScorer, calls);
    const result = await scoreAlertNow(db, tuning.id, { scorer });
    expect(result.scored).toBe(projects.length);
    expect(result.matches).toBe((await matchesOf(tuning)).length);
    expect(result.matches).toBeGreaterThanOrEqual(2);
    expect(await matchesOf(clocks)).toEqual([]);
    expect(new Set(calls.map((c) => c.prompt))).toEqual(new Set([tuning.prompt]));
    const alert = await db('alerts').where({ id: tuning.id }).first();
    expect(alert.scoredPromptHash).toBe(alert.promptHash);
    expect(alert.llmScoredPromptHash).toBeNull();

    expect(await scoreAlertNow(db, tuning.id, { scorer })).toEqual({ scored: 0, matches: result.matches });

    server.respondWith(defaultResponder);
    calls.length = 0;
    const summary = await score({ db, logger: silentLogger(), config, llm }, { scorer });
    expect(calls.every((c) => c.prompt === clocks.prompt)).toBe(true);
    expect(summary.llmUpdated).toBeGreaterThan(0);
    expect((await matchesOf(tuning)).filter((m) => m.scorer === 'llm:fake-model').length).toBeGreaterThan(0);
  });
});
