import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueSummaries } from '../../db/summaries.ts';
import { buildAlert, buildProjects } from '../../test-support/factories.ts';
import { runCli, startCli } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database.ts';

let testDb: TestDatabase;
const env = () => ({ DATABASE_URL: testDb.url, DATA_DIR: makeTempDir(), SIMAP_BASE_URL: 'http://127.0.0.1:9/api' });

function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.slice(0, output.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing a round`)));
  });
}

describe.runIf(testDatabaseKind() === 'postgres')('tenders run (process)', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  beforeEach(async () => {
    await testDb.db.knex.raw('truncate users, projects, project_keys, summary_queue, project_summaries, pipeline_runs restart identity cascade');
  });

  it('--once --stages summarize,score runs both stages in order and exits 0', async () => {
    const knex = testDb.db.knex;
    const projects = await buildProjects(knex, [
      { title: 'Horloges de clocher de Lausanne', description: 'Entretien de 12 horloges de clocher à Lausanne, Vaud.', canton: 'VD' },
      { title: 'Effarouchement des pigeons à Berne', description: 'Filets et pics contre les pigeons.', canton: 'BE' },
    ]);
    await enqueueSummaries(
      knex,
      projects.map((p) => p.id),
    );
    await buildAlert(knex, { prompt: 'entretien des horloges de clocher dans le canton de Vaud' });

    const result = await runCli(['run', '--once', '--stages', 'score,summarize', '--json'], env());
    expect(result.code, result.stderr).toBe(0);
    const [round, ...rest] = jsonLines(result.stdout);
    expect(rest).toEqual([]);
    expect(round).toMatchObject({
      ok: true,
      round: 1,
      stages: [
        { stage: 'summarize', ok: true, result: { summarized: 2, failed: 0 } },
        { stage: 'score', ok: true, result: { alerts: 1, alertsScored: 1 } },
      ],
    });
    expect(await knex('summaryQueue').where({ status: 'completed' }).count({ n: '*' })).toEqual([{ n: 2 }]);
    expect((await knex('alertMatches').select('projectId')).map((m) => m.projectId)).toContain(projects[0]!.id);
    expect((await knex('pipelineRuns').orderBy('id').select('stage', 'status')).map((r) => `${r.stage}:${r.status}`)).toEqual([
      'pipeline.summarize:succeeded',
      'pipeline.score:succeeded',
    ]);
  }, 180_000);

  it('a failing stage does not stop the others; --once then exits 1 with a one-line reason', async () => {
    const knex = testDb.db.knex;
    const projects = await buildProjects(knex, [{ title: 'Fourniture de rideaux de scène', description: 'Velours et rails.' }]);
    await enqueueSummaries(
      knex,
      projects.map((p) => p.id),
    );

    const result = await runCli(['run', '--once', '--stages', 'scrape,summarize'], env());
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^round 1: scrape failed: simap\.ch is unreachable .*, summarize ok \(/m);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(/^error: scrape failed: simap\.ch is unreachable \(ECONNREFUSED\)/);
    expect(await knex('summaryQueue').where({ status: 'completed' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  }, 180_000);

  it('rejects unknown stages and bad durations before touching the database', async () => {
    const badStage = await runCli(['run', '--once', '--stages', 'summarize,fetch'], env());
    expect(badStage.code).toBe(1);
    expect(badStage.stderr.trim()).toBe('error: --stages: unknown stage "fetch"; choose among scrape, summarize, score, notify, housekeeping');
    const badEvery = await runCli(['run', '--every', 'often'], env());
    expect(badEvery.code).toBe(1);
    expect(badEvery.stderr.trim()).toBe('error: --every must be a duration such as 30s, 15m, 2h or 1d, got "often"');
    expect(await testDb.db.knex('pipelineRuns').count({ n: '*' })).toEqual([{ n: 0 }]);
  }, 180_000);

  it('loops until SIGTERM, then stops cleanly with exit 0', async () => {
    const child = startCli(['run', '--every', '1h', '--stages', 'summarize', '--json'], env());
    const round = JSON.parse(await firstLine(child)) as Record<string, unknown>;
    expect(round).toMatchObject({ ok: true, round: 1, stages: [{ stage: 'summarize', ok: true }] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);
});
