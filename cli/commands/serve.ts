import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import type { Knex } from 'knex';
import type { Logger } from '../../logger.ts';

/**
 * Scoring an alert inside a request needs the scorer's tables and every project indexed: prepared now,
 * off the request path (tables in a worker thread, the index in slices that yield to the event loop).
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
      ]);
      const config = getConfig();
      setDerivedDataCacheDir(path.join(config.dataDir, 'cache'));
      const logger = createLogger({ level: config.logLevel });
      const db = openDatabase(databaseTarget(config));
      const applied = await migrateLatest(db.knex);
      if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
      const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger });
      const app = createApp({ config, db, logger, mailer });
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
        logger.info({ signal }, 'shutting down');
        // Requests in flight finish (for up to 5 s) before the database closes under them.
        const drained = new Promise((resolve) => server.close(resolve));
        server.closeIdleConnections();
        await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        server.closeAllConnections();
        await Promise.race([schedule?.stop(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
        mailer.close();
        await db.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
    });
}
