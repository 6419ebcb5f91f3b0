import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { buildAlert, buildUser } from '../test-support/factories.ts';
import { SEARCH_PATH, startFakeSimapServer, type FakeSimapServer } from '../test-support/fake-simap-server.ts';
import { syntheticTender } from '../test-support/simap-pages.ts';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test-support/test-database.ts';
import { silentLogger, testConfig } from '../test-support/test-config.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { scheduledStages } from './pipeline-stages.ts';
import { startPipelineLoop, type RoundReport } from './schedule.ts';
import { createLocalScorer, type LocalScorer } from './scorer/local-scorer.ts';
import { score } from './score/score-stage.ts';

const TODAY = new Date().toISOString().slice(0, 10);

let testDb: TestDatabase;
let simap: FakeSimapServer;
let smtp: SmtpSink;
let config: Config;
let mailer: Mailer;

async function oneRound(): Promise<RoundReport> {
  let report: RoundReport | undefined;
  const stages = scheduledStages({ db: testDb.db, logger: silentLogger(), config, mailer: () => mailer });
  await startPipelineLoop({ stages, logger: silentLogger(), everyMs: 1, once: true, onRound: (r) => (report = r) }).done;
  return report!;
}

const resultOf = (report: RoundReport, stage: string) => {
  const outcome = report.outcomes.find((o) => o.stage === stage)!;
  if (!outcome.ok) throw new Error(`${stage} failed: ${outcome.error}`);
  return outcome.result as Record<string, unknown>;
};

describe.runIf(testDatabaseKind() === 'postgres')('a pipeline round', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    // Tower-clock tenders (subject 0) in Sion and Basel: what the alert below asks for.
    simap = await startFakeSimapServer([syntheticTender(1000, { publicationDate: TODAY }), syntheticTender(1008, { publicationDate: TODAY })]);
    smtp = await startSmtpSink();
    config = testConfig({ DATABASE_URL: testDb.url, SIMAP_BASE_URL: simap.url, SMTP_URL: smtp.url, PUBLIC_URL: 'http://vigie.test' });
    mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger: silentLogger() });
    const user = await buildUser(testDb.db.knex, { language: 'fr' });
    await testDb.db.knex('users').where({ id: user.id }).update({ emailVerifiedAt: testDb.db.knex.fn.now() });
    await buildAlert(testDb.db.knex, { userId: user.id, prompt: 'entretien des horloges de clocher', language: 'fr', frequency: 'immediate' });
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await simap?.close();
    await testDb?.drop();
  });

  it('e-mails an immediate alert in the round that scored the publication, and an empty round only checks', { timeout: 180_000 }, async () => {
    const first = await oneRound();
    expect(first.outcomes.every((o) => o.ok)).toBe(true);
    expect(resultOf(first, 'scrape')).toMatchObject({ projectsCreated: 2 });
    expect(resultOf(first, 'score')).toMatchObject({ alertsScored: 1 });
    expect(resultOf(first, 'notify')).toMatchObject({ digestsSent: 1, matchesEmailed: 2 });
    expect(smtp.messages).toHaveLength(1);
    expect(first.idle).toBe(false);

    const requestsBefore = simap.requests.length;
    const lastRunBefore = Number((await testDb.db.knex('pipelineRuns').max({ id: 'id' }).first())!.id);
    const second = await oneRound();
    expect(second.idle).toBe(true);
    // One search page (the window holds two projects), no detail request.
    expect(simap.requests.slice(requestsBefore).map((r) => r.path)).toEqual([SEARCH_PATH]);
    expect(resultOf(second, 'summarize')).toMatchObject({ claimed: 0 });
    expect(resultOf(second, 'score')).toMatchObject({ alertsScored: 0, pairsConsidered: 0, candidates: 0 });
    expect(resultOf(second, 'notify')).toMatchObject({ digestsSent: 0 });
    expect(smtp.messages).toHaveLength(1);
    // One pipeline_runs row per stage, nothing else.
    const stagesRun = await testDb.db.knex('pipelineRuns').where('id', '>', lastRunBefore).orderBy('id').pluck('stage');
    expect(stagesRun.slice(0, 5)).toEqual(['pipeline.fetch', 'pipeline.normalize', 'pipeline.summarize', 'pipeline.score', 'pipeline.notify']);
    expect(new Set(stagesRun).size).toBe(stagesRun.length);
  });

  it('a score with nothing changed neither loads the scorer nor builds the project index', { timeout: 180_000 }, async () => {
    let prepared = 0;
    const inner = createLocalScorer();
    // A scorer this process has not indexed with yet, as in a new process.
    const fresh: LocalScorer = {
      ...inner,
      prepareAlert: (prompt, language) => inner.prepareAlert(prompt, language),
      prepareProject: (project) => {
        prepared += 1;
        return inner.prepareProject(project);
      },
    };
    const summary = await score({ db: testDb.db.knex, logger: silentLogger(), config, llm: null }, { scorer: fresh });
    expect(summary).toMatchObject({ alerts: 1, alertsScored: 0, projects: 2 });
    expect(prepared).toBe(0);
  });
});
