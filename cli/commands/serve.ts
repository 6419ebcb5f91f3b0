import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { createApp } from '../../api/app.ts';
import { getConfig } from '../../config.ts';
import { databaseTarget, openDatabase } from '../../db/connection.ts';
import { migrateLatest } from '../../db/migrate.ts';
import { createLogger, describeDatabaseUrl } from '../../logger.ts';
import { createMailer } from '../../pipeline/mail/mailer.ts';
import { scheduledStages } from '../../pipeline/pipeline-stages.ts';
import { startPipelineLoop } from '../../pipeline/schedule.ts';
import { refreshProjectIndex } from '../../pipeline/score/project-index.ts';
import { getSharedLocalScorer } from '../../pipeline/score/shared-local-scorer.ts';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('migrate the database and serve the API and web app on PORT')
    .action(async () => {
      const config = getConfig();
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
      // Scoring an alert inside a request needs the CPV vocabulary and every project indexed: pay for it now, not on the first alert.
      setImmediate(() => {
        refreshProjectIndex(db.knex, getSharedLocalScorer()).catch((err: unknown) => logger.warn({ err }, 'scoring warm-up failed'));
      });
      // Only this process can open the embedded database, so it also runs the pipeline.
      const schedule =
        db.kind === 'pglite'
          ? startPipelineLoop({ stages: scheduledStages({ db, logger, config, mailer: () => mailer }), logger: logger.child({ component: 'schedule' }), everyMs: config.pipelineEveryMs })
          : undefined;

      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, 'shutting down');
        server.close();
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
