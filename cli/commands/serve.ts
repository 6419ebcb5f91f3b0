import path from 'node:path';
import v8 from 'node:v8';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import type { Knex } from 'knex';
import type { Logger } from '../../logger.ts';

/**
 * How long a shutdown waits for the requests being handled before it closes their connections: longer than a
 * "process now" may wait for the project index after a start (INDEX_WAIT_MS, 10 s) plus its scoring.
 */
const DRAIN_MS = 20_000;

/**
 * On the embedded database (one process, one connection owner) the scorer and the project index stay on
 * this thread: prepared now, off the request path (tables in a worker thread, the index in slices that
 * yield to the event loop). On Postgres they live in the scoring thread instead (scoring-worker.ts).
 */
async function warmUpScoring(db: Knex, logger: Logger): Promise<void> {
  const started = performance.now();
  const [{ warmSharedLocalScorer }, { refreshProjectIndex }] = await Promise.all([
    import('../../pipeline/score/shared-local-scorer.ts'),
    import('../../pipeline/score/project-index.ts'),
  ]);
  const scorer = await warmSharedLocalScorer();
  const index = await refreshProjectIndex(db, scorer);
  logger.info({ projects: index.size, durationMs: Math.round(performance.now() - started) }, 'scoring warm-up done');
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('migrate the database and serve the API and web app on PORT')
    .action(async () => {
      // Loaded here, not at the top: `tenders serve --help` stays instant.
      const [
        { createApp },
        { getConfig },
        { databaseTarget, openDatabase },
        { migrateLatest },
        { createLogger, describeDatabaseUrl },
        { createMailer },
        { scheduledStages },
        { startPipelineLoop },
        { setDerivedDataCacheDir },
        { createInFlightRequests },
        { startScoringWorker },
        { drainServer },
      ] = await Promise.all([
        import('../../api/app.ts'),
        import('../../config.ts'),
        import('../../db/connection.ts'),
        import('../../db/migrate.ts'),
        import('../../logger.ts'),
        import('../../pipeline/mail/mailer.ts'),
        import('../../pipeline/pipeline-stages.ts'),
        import('../../pipeline/schedule.ts'),
        import('../../pipeline/scorer/derived-data-cache.ts'),
        import('../../api/middleware/in-flight.ts'),
        import('../../pipeline/score/scoring-worker.ts'),
        import('../../api/drain-server.ts'),
      ]);
      const config = getConfig();
      setDerivedDataCacheDir(path.join(config.dataDir, 'cache'));
      // One line per request: written asynchronously, so the request thread does not block on stdout.
      const logger = createLogger({ level: config.logLevel, sync: false });
      const db = openDatabase(databaseTarget(config));
      const applied = await migrateLatest(db.knex);
      if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
      const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
      const cacheDir = path.join(config.dataDir, 'cache');
      // On Postgres the scorer, the project index and the scoring of "process now" run in a thread of their own,
      // with their own connections: this thread's heap stays small (short collections) and its loop free.
      if (db.kind === 'postgres') {
        // V8 runs a scavenge on helper threads of its own, which the scoring thread's nice does not reach: while the
        // thread built the index (hundreds of scavenges) they used as much CPU as the thread itself, at this thread's
        // priority. Each thread now scavenges its young generation alone (the HTTP thread's is small); V8 reads the
        // flag at every scavenge. (Marking and sweeping stay concurrent: those flags cannot change once V8 runs.)
        v8.setFlagsFromString('--no-parallel-scavenge');
      }
      const scoring =
        db.kind === 'postgres' ? startScoringWorker({ databaseUrl: config.databaseUrl!, cacheDir, logger: logger.child({ component: 'scoring' }) }) : undefined;
      const inFlight = createInFlightRequests();
      const app = createApp({
        config,
        db,
        logger,
        mailer,
        inFlight,
        pipeline: scoring && {
          scoreAlertNow: (_db, alertId) => scoring.scoreAlertNow(alertId),
          relearnAlert: (_db, alertId) => scoring.relearnAlert(alertId),
        },
      });
      const server = app.listen(config.port);
      await new Promise<void>((resolve, reject) => {
        server.once('listening', resolve);
        server.once('error', reject);
      });
      const { port } = server.address() as AddressInfo;
      logger.info(
        { port, db: db.kind === 'postgres' ? describeDatabaseUrl(config.databaseUrl!) : 'pglite', mail: mailer.kind },
        `Vigie listening on http://localhost:${port}`,
      );
      if (!scoring)
        setImmediate(() => {
          warmUpScoring(db.knex, logger).catch((err: unknown) => logger.warn({ err }, 'scoring warm-up failed'));
        });
      // Only this process can open the embedded database, so it also runs the pipeline.
      const schedule =
        db.kind === 'pglite'
          ? startPipelineLoop({
              stages: scheduledStages({ db, logger, config, mailer: () => mailer }),
              logger: logger.child({ component: 'schedule' }),
              everyMs: config.pipelineEveryMs,
            })
          : undefined;

      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal, inFlight: inFlight.count }, 'shutting down');
        scoring?.stopWaiting();
        await drainServer(server, inFlight, { timeoutMs: DRAIN_MS, logger });
        await Promise.all([scoring?.close(), Promise.race([schedule?.stop(), new Promise((resolve) => setTimeout(resolve, 10_000))])]);
        mailer.close();
        await db.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
    });
}
