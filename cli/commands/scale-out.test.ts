import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAlertIdsAwaitingLlm } from '../../db/alert-matches.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import { ApiClient } from '../../test-support/api-client.ts';
import { listeningPort, roundsDone, spawnCli, type CliProcess } from '../../test-support/cli-processes.ts';
import { buildAlert, buildUser } from '../../test-support/factories.ts';
import { defaultResponder, startFakeOpenAiServer, type ChatRequest, type FakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { SEARCH_PATH, startFakeSimapServer, type FakeSimapServer } from '../../test-support/fake-simap-server.ts';
import { correctionOf, syntheticTender } from '../../test-support/simap-pages.ts';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

// Two API servers and two pipeline workers on one Postgres, as docs/operations.md describes running Vigie past one
// machine. The fakes hold simap and the LLM at chosen moments so that the processes really overlap.

const PUBLIC_URL = 'http://vigie.test';
const TODAY = new Date().toISOString().slice(0, 10);
const WAIT = { timeout: 240_000, interval: 250 };
const gate = () => {
  let open!: () => void;
  const until = new Promise<void>((resolve) => (open = resolve));
  return { until, open };
};

let testDb: TestDatabase;
let simap: FakeSimapServer;
let openai: FakeOpenAiServer;
let smtp: SmtpSink;
const processes: CliProcess[] = [];

/** Requests for the same task on the same text: each (alert, notice version) scored once, each notice summarised once. */
function repeatedRequests(requests: ChatRequest[], format: string): string[] {
  const seen = new Map<string, number>();
  for (const request of requests.filter((r) => r.format === format)) {
    const key = request.messages.find((m) => m.role === 'user')?.content ?? '';
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([key, count]) => `${count}× ${key.slice(0, 80)}`);
}

async function settled(expectedProjects: number): Promise<boolean> {
  const knex = testDb.db.knex;
  const count = async (query: Promise<Array<{ n: string | number }>>) => Number((await query)[0]!.n);
  const projects = await count(knex('projects').count({ n: '*' }));
  const maxSeq = ((await knex('projects').max({ maxSeq: 'contentSeq' })) as Array<{ maxSeq: string | number | null }>)[0]?.maxSeq;
  const jobsOpen = await count(knex('summaryQueue').whereIn('status', ['pending', 'processing']).count({ n: '*' }));
  const alertsBehind = await count(
    knex('alerts')
      .where('isActive', true)
      .where('scoredContentSeq', '<', Number(maxSeq ?? 0))
      .count({ n: '*' }),
  );
  const awaitingLlm = (await findAlertIdsAwaitingLlm(knex, SCORE_FLOOR)).length;
  const digestsOpen = await count(knex('sentEmails').whereNot('status', 'sent').count({ n: '*' }));
  return projects === expectedProjects && jobsOpen === 0 && alertsBehind === 0 && awaitingLlm === 0 && digestsOpen === 0;
}

/** Both workers finish two more rounds: time for any duplicate work to show up. */
async function twoMoreRounds(workers: CliProcess[]): Promise<void> {
  const targets = workers.map((worker) => roundsDone(worker) + 2);
  await expect.poll(() => workers.every((worker, i) => roundsDone(worker) >= targets[i]!), WAIT).toBe(true);
}

describe.runIf(testDatabaseKind() === 'postgres')('two tenders serve and two tenders run on one Postgres', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    simap = await startFakeSimapServer([0, 8, 16, 24, 32, 40, 48].map((n) => syntheticTender(1000 + n, { publicationDate: TODAY })));
    openai = await startFakeOpenAiServer();
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await openai?.close();
    await smtp?.close();
    await simap?.close();
    await testDb?.drop();
  });

  it('share sessions, rate limits and the scrape lock; every publication, summary, score and digest happens once', { timeout: 900_000 }, async () => {
    const knex = testDb.db.knex;
    const admin = await buildUser(knex, { username: 'admin', role: 'admin' });
    await knex('users')
      .where({ id: admin.id })
      .update({ passwordHash: await hash('correct horse battery'), emailVerifiedAt: knex.fn.now() });
    const reader = await buildUser(knex, { language: 'fr' });
    await knex('users').where({ id: reader.id }).update({ emailVerifiedAt: knex.fn.now() });
    await buildAlert(knex, { userId: reader.id, prompt: 'entretien des horloges de clocher', language: 'fr', frequency: 'immediate' });
    await buildAlert(knex, { userId: reader.id, prompt: 'révision des horloges et cadrans en Suisse romande', language: 'fr', frequency: 'daily' });
    await buildAlert(knex, { userId: admin.id, prompt: 'services d’horlogerie', language: 'fr', frequency: 'immediate' });

    const env = (name: string) => ({
      DATABASE_URL: testDb.url,
      DATA_DIR: makeTempDir(`vigie-${name}-`),
      PORT: '0',
      PUBLIC_URL,
      SESSION_KEYS: 'shared-key-one,shared-key-two',
      SIMAP_BASE_URL: simap.url,
      SMTP_URL: smtp.url,
      OPENAI_BASE_URL: openai.url,
      OPENAI_API_KEY: 'test',
      NOTIFY_DAILY_AT: '00:00',
      LOG_LEVEL: 'info',
    });
    const servers = [spawnCli('serve-a', ['serve'], env('serve-a')), spawnCli('serve-b', ['serve'], env('serve-b'))];
    processes.push(...servers);
    await expect.poll(() => servers.every((s) => listeningPort(s) !== undefined), WAIT).toBe(true);
    const [a, b] = servers.map((s) => new ApiClient(`http://127.0.0.1:${listeningPort(s)}`, PUBLIC_URL)) as [ApiClient, ApiClient];

    // A session opened on one server is valid on the other.
    expect((await a.post('/api/login', { username: 'admin', password: 'correct horse battery' })).status).toBe(200);
    const onB = new ApiClient(b.baseUrl, PUBLIC_URL);
    for (const [name, value] of a.cookies) onB.cookies.set(name, value);
    expect(await onB.get('/api/user')).toMatchObject({ status: 200, body: { username: 'admin' } });

    // A login limit reached on one server holds on the other. The limits count in fixed one-minute windows: when
    // one ended while the attempts ran, the counters are cleared and they run again in the window that began.
    const attacker = () => ({ username: 'reader-victim', password: 'not the right password' });
    const minuteOf = (at: number) => Math.floor(at / 60_000);
    for (let attempt = 1; ; attempt += 1) {
      const startedAt = Date.now();
      const onA: number[] = [];
      for (let i = 0; i < 6; i++) onA.push((await a.post('/api/login', attacker())).status);
      const onBStatus = (await b.post('/api/login', attacker())).status;
      const sameWindow = minuteOf(startedAt - 1000) === minuteOf(Date.now() + 1000);
      const asExpected = onA.join() === '401,401,401,401,401,429' && onBStatus === 429;
      if (asExpected || sameWindow || attempt === 3) {
        expect(onA).toEqual([401, 401, 401, 401, 401, 429]);
        expect(onBStatus).toBe(429);
        break;
      }
      await knex('rateLimits').delete();
    }

    // An admin scrape on A, held at simap's search: B refuses a second one with 409 while it runs.
    const scrapeGate = gate();
    simap.inject({ match: (r) => r.path === SEARCH_PATH, fault: { kind: 'hold', until: scrapeGate.until }, times: 6 });
    expect((await a.post('/api/admin/scrape')).status).toBe(202);
    const refused = await onB.post('/api/admin/scrape');
    expect(refused).toMatchObject({ status: 409, body: { error: 'scrape_running' } });

    // The workers start while that scrape runs: both skip the stage with a log line until it ends.
    const scoreGate = gate();
    let held = false;
    openai.respondWith(async (request, index) => {
      if (request.format === 'match_score' && !held) {
        held = true;
        await scoreGate.until;
      }
      return defaultResponder(request, index);
    });
    const workers = [spawnCli('run-1', ['run', '--every', '2s'], env('run-1')), spawnCli('run-2', ['run', '--every', '2s'], env('run-2'))];
    processes.push(...workers);
    await expect.poll(() => workers.every((w) => w.stderr().includes('scrape skipped: another process is scraping')), WAIT).toBe(true);
    scrapeGate.open();

    // One worker scores, held at its first LLM request; the other skips scoring meanwhile.
    await expect.poll(() => workers.some((w) => w.stderr().includes('score skipped: another process is scoring')), WAIT).toBe(true);
    scoreGate.open();

    await expect.poll(() => settled(7), WAIT).toBe(true);
    await twoMoreRounds(workers);

    // A change: one tender is corrected (new deadline), one is new.
    simap.putProject(correctionOf(syntheticTender(1000, { publicationDate: TODAY }), { publicationDate: TODAY, deadline: '2027-03-01T12:00:00+01:00' }));
    simap.putProject(syntheticTender(1056, { publicationDate: TODAY }));
    await expect.poll(() => settled(8), WAIT).toBe(true);
    await twoMoreRounds(workers);

    // Each publication became exactly one project.
    expect(Number((await knex('projects').count({ n: '*' }))[0]!.n)).toBe(8);
    expect(Number((await knex('rawPublications').count({ n: '*' }))[0]!.n)).toBe(9);
    // Each summary job ran once, each (alert, notice version) went to the LLM once.
    const jobs = Number((await knex('summaryQueue').count({ n: '*' }))[0]!.n);
    expect(openai.requests.filter((r) => r.format === 'project_summaries')).toHaveLength(jobs);
    expect(repeatedRequests(openai.requests, 'project_summaries')).toEqual([]);
    expect(repeatedRequests(openai.requests, 'match_score')).toEqual([]);
    expect(openai.requests.filter((r) => r.format === 'match_score').length).toBeGreaterThan(0);
    // Each digest was sent once.
    const digests: Array<{ digestId: string; messageId: string }> = await knex('sentEmails').distinct('digestId', 'messageId');
    expect(digests.length).toBeGreaterThanOrEqual(3);
    expect(smtp.messages).toHaveLength(digests.length);
    expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(digests.length);
    expect(new Set(digests.map((d) => d.messageId))).toEqual(new Set(smtp.messages.map((m) => m.messageId)));

    for (const worker of workers) expect(await worker.stop()).toBe(0);
    for (const server of servers) expect(await server.stop()).toBe(0);
  });
});
