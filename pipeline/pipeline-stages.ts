import type { EventEmitter } from 'node:events';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { notify } from './notify/notify-stage.ts';
import { sendReminders } from './notify/reminders/send-reminders.ts';
import { scrape } from './scrape.ts';
import { withScrapeLock } from './scrape-lock.ts';
import { score } from './score/score-stage.ts';
import type { StageEvent } from './stage-runner.ts';
import { summarize } from './summarize/summarize-stage.ts';

/** The pipeline's order: a round may skip stages but never reorders them. */
export const PIPELINE_STAGES = ['scrape', 'summarize', 'score', 'notify'] as const;
export type PipelineStageName = (typeof PIPELINE_STAGES)[number];

export interface PipelineStageDeps {
  db: Database;
  logger: Logger;
  config: Config;
  /** Created on first use: a round without notify opens no SMTP connection. */
  mailer: () => Mailer;
  events?: EventEmitter<{ event: [StageEvent] }>;
  signal?: AbortSignal;
}

/** One function per stage, as `tenders run` and the embedded server's schedule run them (notify: due digests only). */
export function pipelineStageRunners(deps: PipelineStageDeps): Record<PipelineStageName, () => Promise<unknown>> {
  const { db, logger, config, events, signal } = deps;
  return {
    scrape: async () => {
      const outcome = await withScrapeLock(db, () => scrape({ db: db.knex, logger, config, events, signal }));
      return outcome.started ? outcome.result : { skipped: 'a scrape is already running' };
    },
    summarize: () => summarize({ db: db.knex, logger, config, events, signal }),
    score: () => score({ db: db.knex, logger, config, events, signal }),
    notify: async () => {
      const summary = await notify({ db: db.knex, logger, config, mailer: deps.mailer(), events, signal }, { frequency: 'all', due: true });
      const reminders = await sendReminders({ db: db.knex, logger, mailer: deps.mailer(), publicUrl: config.publicUrl, now: new Date(), requireSubscription: config.stripe !== undefined, signal });
      return { ...summary, ...reminders };
    },
  };
}
