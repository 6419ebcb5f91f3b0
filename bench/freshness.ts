import { openDatabase } from '../db/connection.ts';
import { migrateLatest } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from '../pipeline/mail/mailer.ts';
import { scheduledStages } from '../pipeline/pipeline-stages.ts';
import { startPipelineLoop, type RoundReport } from '../pipeline/schedule.ts';
import { buildAlert, buildUser } from '../test-support/factories.ts';
import { startFakeSimapServer } from '../test-support/fake-simap-server.ts';
import { startCli } from '../test-support/run-cli.ts';
import { createScratchDatabase, DEFAULT_TEST_DATABASE_URL } from '../test-support/scratch-database.ts';
import { syntheticTender } from '../test-support/simap-pages.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';
import { makeTempDir } from '../test-support/test-config.ts';

// Publication → e-mail latency of an immediate alert with `tenders run --every 30s` as a real process, then the
// cost of a round with nothing new. Knobs: FRESHNESS_MINUTES (publishing window), FRESHNESS_PUBLICATIONS.
const EVERY_S = 30;
const WINDOW_MS = Number(process.env.FRESHNESS_MINUTES ?? 4) * 60_000;
const PUBLICATIONS = Number(process.env.FRESHNESS_PUBLICATIONS ?? 20);
// The backlog mixes every subject and place, as a real corpus does: the scorer's term weights come from the
// projects' own statistics, and a corpus of tower-clock tenders only would make the alert's words weigh nothing.
const BACKLOG = 96;
const ALERT = 'entretien des horloges de clocher en Suisse romande';
const TODAY = new Date().toISOString().slice(0, 10);

/** Tower-clock tenders (subject 0) in French-speaking places (Lausanne, Genève, Sion); four-digit numbers so no title contains another. */
function clockTenderNumbers(count: number, from: number): number[] {
  const numbers: number[] = [];
  for (let k = Math.ceil(from / 8); numbers.length < count; k++) if ([0, 1, 5].includes(k % 8)) numbers.push(8 * k);
  return numbers;
}

function titleOf(n: number): string {
  const title = syntheticTender(n).entry.title as Record<string, string | null>;
  return title.fr!;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const min = (ms: number) => `${(ms / 60_000).toFixed(2)} min`;

async function waitFor(what: string, check: () => boolean | Promise<boolean>, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
const scratch = await createScratchDatabase(serverUrl, 'vigie_bench_freshness');
const simap = await startFakeSimapServer(Array.from({ length: BACKLOG }, (_, i) => 1000 + i).map((n) => syntheticTender(n, { publicationDate: TODAY })));
const smtp = await startSmtpSink();
const db = openDatabase({ kind: 'postgres', url: scratch.url });
try {
  await migrateLatest(db.knex);
  const user = await buildUser(db.knex, { language: 'fr' });
  await db.knex('users').where({ id: user.id }).update({ emailVerifiedAt: db.knex.fn.now() });
  await buildAlert(db.knex, { userId: user.id, prompt: ALERT, language: 'fr', frequency: 'immediate' });

  const env = {
    DATABASE_URL: scratch.url,
    DATA_DIR: makeTempDir('vigie-bench-'),
    SIMAP_BASE_URL: simap.url,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://vigie.test',
    LOG_LEVEL: 'warn',
  };
  const child = startCli(['run', '--every', `${EVERY_S}s`], env);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  // Only the log lines (warnings, errors), not the stage progress lines.
  child.stderr!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.startsWith('{')) process.stderr.write(`${line}\n`);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // The backlog: the first round (cold start, 40 projects) e-mails it; publications start after it.
  await waitFor('the first round', () => /^round 1:/m.test(stdout), 600_000);
  const backlogMails = smtp.messages.length;
  console.log(`first round (cold, ${BACKLOG} projects): ${stdout.split('\n').find((l) => l.startsWith('round 1:'))}`);
  console.log(`backlog e-mails: ${backlogMails}`);

  // Publications at uniformly random moments over the window.
  const numbers = clockTenderNumbers(PUBLICATIONS, 2000);
  const offsets = numbers.map(() => Math.random() * WINDOW_MS).sort((a, b) => a - b);
  const published = new Map<string, number>();
  const receivedAt: number[] = [];
  const watcher = setInterval(() => {
    while (receivedAt.length < smtp.messages.length) receivedAt.push(Date.now());
  }, 20);
  const windowStart = Date.now();
  console.log(`publishing ${PUBLICATIONS} tenders at random moments over ${min(WINDOW_MS)} (run --every ${EVERY_S}s)…`);
  for (const [i, n] of numbers.entries()) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowStart + offsets[i]! - Date.now())));
    simap.putProject(syntheticTender(n, { publicationDate: TODAY }));
    published.set(titleOf(n), Date.now());
  }
  const emailedAt = new Map<string, number>();
  await waitFor(
    'an e-mail for every publication',
    () => {
      for (const [index, message] of smtp.messages.entries()) {
        if (index < backlogMails || receivedAt[index] === undefined) continue;
        for (const title of published.keys()) if (!emailedAt.has(title) && (message.text ?? '').includes(title)) emailedAt.set(title, receivedAt[index]!);
      }
      return emailedAt.size === published.size;
    },
    3 * 60_000 + 4 * EVERY_S * 1000,
  ).catch((error: unknown) => console.error(`${(error as Error).message}: ${emailedAt.size} of ${published.size} e-mailed`));
  clearInterval(watcher);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) console.error(`tenders run exited with ${code}`);

  // Which round picked each publication up: the first fetch that started after it appeared.
  const fetches: Array<{ startedAt: Date }> = await db.knex('pipelineRuns').where({ stage: 'pipeline.fetch' }).orderBy('id').select('startedAt');
  const latencies: number[] = [];
  const waits: number[] = [];
  const stages: number[] = [];
  for (const [title, at] of published) {
    const mailed = emailedAt.get(title);
    if (mailed === undefined) continue;
    const round = fetches.find((f) => f.startedAt.getTime() >= at);
    latencies.push(mailed - at);
    if (round) {
      waits.push(round.startedAt.getTime() - at);
      stages.push(mailed - round.startedAt.getTime());
    }
  }
  const rounds = stdout.split('\n').filter((line) => line.startsWith('round '));
  const roundMs = rounds.map((line) => Number(/— (\d+\.\d) s/.exec(line)?.[1] ?? NaN) * 1000).filter(Number.isFinite);

  console.log(`\npublication → e-mail, immediate alert, run --every ${EVERY_S}s, ${latencies.length} of ${published.size} publications e-mailed`);
  console.log(`  measured      median ${s(quantile(latencies, 0.5))}   p99 ${s(quantile(latencies, 0.99))}   max ${s(Math.max(...latencies))}`);
  console.log(`  wait for the next round  median ${s(quantile(waits, 0.5))}   p99 ${s(quantile(waits, 0.99))}`);
  console.log(`  round start → e-mail (L) median ${s(quantile(stages, 0.5))}   p99 ${s(quantile(stages, 0.99))}`);
  console.log(`  rounds: ${rounds.length}, duration median ${s(quantile(roundMs, 0.5))}, max ${s(Math.max(...roundMs))}`);
  // A publication appears at a uniformly random moment; rounds start every E (they are far shorter than E), so
  // the wait is uniform on [0, E): latency = wait + L. Model figures from the measured L:
  const Lmed = quantile(stages, 0.5);
  const L99 = quantile(stages, 0.99);
  console.log('\nmodel: latency = U(0, E) + L, with L measured above');
  for (const everyS of [EVERY_S, 60, 300, 900]) {
    const e = everyS * 1000;
    console.log(`  PIPELINE_EVERY ${String(everyS).padStart(3)} s   median ≈ ${min(e / 2 + Lmed)}   p99 ≈ ${min(0.99 * e + L99)}`);
  }

  // The cost of a round with nothing new, in this process: warm it once, then measure.
  const config = loadConfig({ DATABASE_URL: scratch.url, DATA_DIR: env.DATA_DIR, SIMAP_BASE_URL: simap.url, SMTP_URL: smtp.url, PUBLIC_URL: env.PUBLIC_URL });
  const logger = createLogger({ level: 'silent', destination: process.stderr });
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
  const stagesToRun = scheduledStages({ db, logger, config, mailer: () => mailer });
  const measureRound = async () => {
    const requests = simap.requests.length;
    const cpu = process.cpuUsage();
    const started = performance.now();
    let report: RoundReport | undefined;
    await startPipelineLoop({ stages: stagesToRun, logger, everyMs: 1, once: true, onRound: (r) => (report = r) }).done;
    const used = process.cpuUsage(cpu);
    return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, requests: simap.requests.length - requests, report: report! };
  };
  const cold = await measureRound();
  const warm: Array<Awaited<ReturnType<typeof measureRound>>> = [];
  for (let i = 0; i < 5; i++) warm.push(await measureRound());
  mailer.close();
  const median = (pick: (m: (typeof warm)[number]) => number) => quantile(warm.map(pick), 0.5);
  console.log('\nempty round (no new publication), all four stages in this process');
  console.log(`  first round of a process:  ${s(cold.wallMs)} wall, ${s(cold.cpuMs)} CPU, ${cold.requests} simap requests, idle=${cold.report.idle}`);
  console.log(
    `  warm (median of ${warm.length}):  ${median((m) => m.wallMs).toFixed(0)} ms wall, ${median((m) => m.cpuMs).toFixed(0)} ms CPU, ${median((m) => m.requests)} simap requests, idle=${warm.every((m) => m.report.idle)}`,
  );
  console.log(`  stages: ${warm[0]!.report.outcomes.map((o) => `${o.stage} ${o.durationMs} ms${o.ok && o.summary ? ` (${o.summary})` : ''}`).join(', ')}`);
} finally {
  await db.close();
  await smtp.close();
  await simap.close();
  await scratch.drop();
}
