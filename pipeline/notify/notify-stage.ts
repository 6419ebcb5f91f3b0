import type { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { findDigestCandidates, findScheduledNotifyRuns, insertDigestEntries, type DigestCandidate } from '../../db/sent-emails.ts';
import type { Logger } from '../../logger.ts';
import { secretKeysFor } from '../../secret-keys.ts';
import type { Mailer } from '../mail/mailer.ts';
import { OPPORTUNITY_PUB_TYPES } from '../normalize/project-status.ts';
import { runStage, type Stage, type StageEvent } from '../stage-runner.ts';
import { toDigestEntry } from './compose-digest.ts';
import { digestIdFor } from './digest-id.ts';
import { dueFrequencies, NOTIFY_FREQUENCIES, zurichClock, type NotifyFrequency } from './due-frequencies.ts';
import { retryDigests } from './retry-digests.ts';
import { sendDigest } from './send-digest.ts';

export const NOTIFY_STAGE_ID = 'pipeline.notify';
export const MAX_DIGEST_ATTEMPTS = 3;
/**
 * A digest still `pending` this long after its attempt started was interrupted between sending and marking.
 * Longer than nodemailer's 10-minute socket timeout, so a slow send in another process is not taken for a crash.
 */
export const STALE_PENDING_MS = 15 * 60_000;

export type NotifyFrequencyOption = NotifyFrequency | 'all';

export interface NotifyOptions {
  frequency: NotifyFrequencyOption;
  /** Run only the frequencies that are due now (the schedule); otherwise the requested ones run now. */
  due?: boolean;
}

export interface NotifyResult {
  frequencies: NotifyFrequency[];
  users: number;
  digestsSent: number;
  digestsFailed: number;
  matchesEmailed: number;
  skippedUnverified: number;
  retried: number;
}

export interface NotifySummary extends NotifyResult {
  runId: number;
  durationMs: number;
}

interface NotifyStageOptions extends NotifyOptions {
  config: Pick<Config, 'publicUrl' | 'notifyDailyAt' | 'thresholds' | 'stripe' | 'sessionKeys' | 'dataDir'>;
  mailer: Mailer;
  clock: () => Date;
}

function requestedFrequencies(option: NotifyFrequencyOption): NotifyFrequency[] {
  return option === 'all' ? [...NOTIFY_FREQUENCIES] : [option];
}

function groupByUser(candidates: DigestCandidate[]): Map<number, DigestCandidate[]> {
  const groups = new Map<number, DigestCandidate[]>();
  for (const candidate of candidates) {
    const group = groups.get(candidate.userId);
    if (group) group.push(candidate);
    else groups.set(candidate.userId, [candidate]);
  }
  return groups;
}

/** docs/architecture.md pipeline step 5: one digest per entitled, verified user with the matches no digest holds yet. */
export const notifyStage: Stage<NotifyStageOptions, NotifyResult> = {
  id: NOTIFY_STAGE_ID,
  async run(ctx, options) {
    const { config, clock } = options;
    const sendDeps = { db: ctx.db, logger: ctx.logger, mailer: options.mailer, publicUrl: config.publicUrl, signingKeys: secretKeysFor(config), clock };
    const requested = requestedFrequencies(options.frequency);
    const startedAt = clock();
    const frequencies = options.due
      ? dueFrequencies(startedAt, config.notifyDailyAt, await findScheduledNotifyRuns(ctx.db, NOTIFY_STAGE_ID), requested)
      : requested;
    const result: NotifyResult = { frequencies, users: 0, digestsSent: 0, digestsFailed: 0, matchesEmailed: 0, skippedUnverified: 0, retried: 0 };

    const retries = await retryDigests(
      { ...sendDeps, signal: ctx.signal },
      { now: startedAt, staleBefore: new Date(startedAt.getTime() - STALE_PENDING_MS), maxAttempts: MAX_DIGEST_ATTEMPTS },
    );
    result.retried = retries.retried;
    result.digestsSent += retries.sent;
    result.digestsFailed += retries.failed;
    result.matchesEmailed += retries.matches;

    const candidates = await findDigestCandidates(ctx.db, {
      frequencies,
      minScore: config.thresholds.notify,
      pubTypes: OPPORTUNITY_PUB_TYPES,
      now: startedAt,
      requireSubscription: config.stripe !== undefined,
    });
    const groups = groupByUser(candidates);
    ctx.progress({ done: 0, total: groups.size, message: 'users' });
    let done = 0;
    for (const [userId, matches] of groups) {
      if (ctx.signal.aborted) break;
      done += 1;
      const recipient = matches[0]!;
      if (!recipient.emailVerified) {
        result.skippedUnverified += 1;
        continue;
      }
      const language = recipient.userLanguage;
      const digest = await insertDigestEntries(
        ctx.db,
        { userId, language, now: clock(), digestIdFor: (entries) => digestIdFor(userId, entries) },
        matches.map((m) => toDigestEntry(m, language)),
      );
      if (!digest) continue;
      result.users += 1;
      const outcome = await sendDigest(sendDeps, digest.digestId);
      if (outcome.status === 'sent') {
        result.digestsSent += 1;
        result.matchesEmailed += outcome.matches;
      } else if (outcome.status === 'failed') result.digestsFailed += 1;
      ctx.progress({ done, total: groups.size, message: 'users' });
    }

    for (const [name, value] of Object.entries(result)) if (typeof value === 'number') ctx.count(name, value);
    if (options.due && !ctx.signal.aborted) {
      const today = zurichClock(startedAt);
      if (frequencies.includes('daily')) ctx.count('dailyDay', today.day);
      if (frequencies.includes('weekly')) ctx.count('weeklyWeek', today.weekMonday);
    }
    return result;
  },
};

export interface NotifyDeps {
  db: Knex;
  logger: Logger;
  config: Config;
  mailer: Mailer;
  /** A fixed clock for tests; the real time otherwise. */
  now?: Date;
  events?: EventEmitter<{ event: [StageEvent] }>;
  signal?: AbortSignal;
}

export async function notify(deps: NotifyDeps, options: NotifyOptions): Promise<NotifySummary> {
  const clock = () => deps.now ?? new Date();
  const run = await runStage(notifyStage, { ...options, config: deps.config, mailer: deps.mailer, clock }, deps);
  return { runId: run.runId, durationMs: run.durationMs, ...run.result };
}
