import type { EventEmitter } from 'node:events';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Logger } from '../logger.ts';
import { housekeeping, type HousekeepingResult } from './housekeeping/housekeeping-stage.ts';
import type { Mailer } from './mail/mailer.ts';
import { describeNotifyOutcome } from './notify/describe-notify-summary.ts';
import { notify, notifyHadFailures, type NotifySummary } from './notify/notify-stage.ts';
import type { ScheduledStage } from './schedule.ts';
import { scrape, type ScrapeSummary } from './scrape.ts';
import { score, type ScoreSummary } from './score/score-stage.ts';
import { withStageLock, type LockedStage } from './stage-lock.ts';
import { describeReminders } from './notify/reminders/describe-reminders.ts';
import { sendReminders } from './notify/reminders/send-reminders.ts';
import type { StageEvent } from './stage-runner.ts';
import { PIPELINE_STAGES, type PipelineStageName } from './stage-names.ts';
import { summarize, type SummarizeSummary } from './summarize/summarize-stage.ts';

export interface PipelineStageDeps {
  db: Database;
  logger: Logger;
  config: Config;
  /** Created on first use: a round without notify opens no SMTP connection. */
  mailer: () => Mailer;
  events?: EventEmitter<{ event: [StageEvent] }>;
  signal?: AbortSignal;
}

/** What a stage returns when another process holds its lock. */
interface SkippedStage {
  skipped: string;
}

const SKIP_REASON: Record<LockedStage, string> = {
  scrape: 'another process is scraping',
  score: 'another process is scoring',
};

/** Stages whose work cannot be shared run under an advisory lock; a second process skips them with a log line. */
async function locked<T>(deps: PipelineStageDeps, stage: LockedStage, fn: () => Promise<T>): Promise<T | SkippedStage> {
  const outcome = await withStageLock(deps.db, stage, fn);
  if (outcome.started) return outcome.result;
  deps.logger.info(`${stage} skipped: ${SKIP_REASON[stage]} (advisory lock held)`);
  return { skipped: SKIP_REASON[stage] };
}

/** One function per stage, as `tenders run` and the embedded server's schedule run them (notify: due digests only). */
export function pipelineStageRunners(deps: PipelineStageDeps): Record<PipelineStageName, () => Promise<unknown>> {
  const { db, logger, config, events, signal } = deps;
  return {
    scrape: () => locked(deps, 'scrape', () => scrape({ db: db.knex, logger, config, events, signal })),
    summarize: () => summarize({ db: db.knex, logger, config, events, signal }),
    score: () => locked(deps, 'score', () => score({ db: db.knex, logger, config, events, signal })),
    notify: async () => {
      const summary = await notify({ db: db.knex, logger, config, mailer: deps.mailer(), events, signal }, { frequency: 'all', due: true });
      const reminders = await sendReminders({
        db: db.knex,
        logger,
        mailer: deps.mailer(),
        publicUrl: config.publicUrl,
        now: new Date(),
        requireSubscription: config.stripe !== undefined,
        signal,
      });
      // Digests left unsent make the round fail (and `run --once` exit 1); they wait for their next try, not lost.
      if (notifyHadFailures(summary) || reminders.remindersFailed > 0) throw new Error(describeNotifyOutcome(summary) + describeReminders(reminders));
      return { ...summary, ...reminders };
    },
    housekeeping: () => housekeeping({ db: db.knex, logger, events, signal }),
  };
}

type Description = { text: string; worked: boolean };

const DESCRIBE: Record<PipelineStageName, (result: never) => Description> = {
  scrape: (r: ScrapeSummary) => ({
    text: `${r.projectsCreated} new, ${r.projectsUpdated} updated${r.quarantined ? `, ${r.quarantined} quarantined` : ''}${r.deferred ? `, ${r.deferred} publications deferred` : ''}${r.stopped ? ', stopped early (resumes next round)' : ''}`,
    worked: r.publicationsFetched > 0 || r.projectsCreated + r.projectsUpdated + r.quarantined + r.deferred > 0,
  }),
  summarize: (r: SummarizeSummary) => ({
    text: `${r.summarized} summarized${r.failed ? `, ${r.failed} failed` : ''}${r.retried ? `, ${r.retried} to retry` : ''}`,
    worked: r.claimed > 0 || r.abandonedFailed > 0,
  }),
  score: (r: ScoreSummary) => ({
    text: `${r.alertsScored} alerts scored, ${r.matchesStored} matches${r.llmScorer ? `, ${r.llmUpdated} by LLM` : ''}`,
    worked: r.alertsScored > 0 || r.matchesDeleted > 0 || r.llmUpdated + r.llmDeleted + r.llmStale + r.llmFailed > 0,
  }),
  notify: (r: NotifySummary) => ({
    text: `${r.digestsSent} sent${r.digestsFailed ? `, ${r.digestsFailed} failed` : ''}`,
    worked: r.digestsSent + r.digestsFailed + r.retried + r.skippedUnverified > 0,
  }),
  housekeeping: (r: HousekeepingResult) => ({
    text: `${r.sessionsDeleted} sessions, ${r.rateLimitsDeleted} rate-limit counters deleted`,
    worked: r.sessionsDeleted + r.rateLimitsDeleted > 0,
  }),
};

function describeResult(stage: PipelineStageName, result: unknown): Description {
  if (typeof result === 'object' && result !== null && 'skipped' in result) return { text: `skipped: ${(result as SkippedStage).skipped}`, worked: false };
  return (DESCRIBE[stage] as (r: unknown) => Description)(result);
}

/** The named stages in pipeline order, ready for the pipeline loop. */
export function scheduledStages(deps: PipelineStageDeps, names: readonly PipelineStageName[] = PIPELINE_STAGES): ScheduledStage[] {
  const runners = pipelineStageRunners(deps);
  return PIPELINE_STAGES.filter((name) => names.includes(name)).map((name) => ({
    name,
    run: runners[name],
    describe: (result: unknown) => describeResult(name, result),
  }));
}
