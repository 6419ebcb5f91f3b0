import type { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Config } from '../../config.ts';
import { findNotifyServedPeriods, recordNotifyServed } from '../../db/notify-schedule.ts';
import { findDigestCandidates, insertDigestEntries, type DigestCandidate } from '../../db/sent-emails.ts';
import type { Logger } from '../../logger.ts';
import { secretKeysFor } from '../../secret-keys.ts';
import type { Mailer } from '../mail/mailer.ts';
import { OPPORTUNITY_PUB_TYPES } from '../normalize/project-status.ts';
import { runStage, type Stage, type StageEvent } from '../stage-runner.ts';
import { toDigestEntry } from './compose-digest.ts';
import { describeFailure } from './describe-failure.ts';
import { digestIdFor } from './digest-id.ts';
import { NOTIFY_FREQUENCIES, type NotifyFrequency } from '../../domain/notify-frequencies.ts';
import { dueFrequencies, zurichClock } from './due-frequencies.ts';
import { retryDigests } from './retry-digests.ts';
import { MAX_DIGEST_ATTEMPTS } from './retry-schedule.ts';
import { sendDigest, type DigestOutcome } from './send-digest.ts';

export { MAX_DIGEST_ATTEMPTS };
export const NOTIFY_STAGE_ID = 'pipeline.notify';
/** Digests in flight at once: a slow or hung server costs its timeout per slot, not per digest in a row. */
export const NOTIFY_CONCURRENCY = 4;
/**
 * A digest still `pending` this long after its attempt started was interrupted between sending and marking.
 * Longer than a send can take with the mailer's timeouts, so a slow send in another process is not taken for a crash.
 */
export const STALE_PENDING_MS = 15 * 60_000;

export type NotifyFrequencyOption = NotifyFrequency | 'all';

export interface NotifyOptions {
  frequency: NotifyFrequencyOption;
  /** Run only the frequencies that are due now (the schedule); otherwise the requested ones run now. */
  due?: boolean;
  /** Only re-send now the digests that failed for good or wait for their next try; no new digest. */
  retryFailed?: boolean;
  concurrency?: number;
}

export interface NotifyResult {
  frequencies: NotifyFrequency[];
  users: number;
  digestsSent: number;
  /** Digests whose attempt failed this round (waiting for their next try, or failed for good). */
  digestsFailed: number;
  /** Of those, the ones given up after their last attempt. */
  digestsAbandoned: number;
  matchesEmailed: number;
  skippedUnverified: number;
  retried: number;
  /** Users whose digest could not even be prepared (recorded, tried again next round). */
  usersFailed: number;
  /** Users and due retries left for the next round because the mail server was down. */
  postponed: number;
  /** Why the mail server was taken for down this round, when it was. */
  mailServerDown: string | null;
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

/** True when the round left digests unsent: the CLI exits non-zero and `run` reports the stage as failed. */
export function notifyHadFailures(result: NotifyResult): boolean {
  return result.digestsFailed > 0 || result.usersFailed > 0 || result.postponed > 0;
}

/** docs/architecture.md pipeline step 5: one digest per entitled, verified user with the matches no digest holds yet. */
export const notifyStage: Stage<NotifyStageOptions, NotifyResult> = {
  id: NOTIFY_STAGE_ID,
  async run(ctx, options) {
    const { config, clock } = options;
    const sendDeps = { db: ctx.db, logger: ctx.logger, mailer: options.mailer, publicUrl: config.publicUrl, signingKeys: secretKeysFor(config), clock };
    const requested = requestedFrequencies(options.frequency);
    const startedAt = clock();
    const frequencies = options.retryFailed
      ? []
      : options.due
        ? dueFrequencies(startedAt, config.notifyDailyAt, await findNotifyServedPeriods(ctx.db), requested)
        : requested;
    const result: NotifyResult = {
      frequencies,
      users: 0,
      digestsSent: 0,
      digestsFailed: 0,
      digestsAbandoned: 0,
      matchesEmailed: 0,
      skippedUnverified: 0,
      retried: 0,
      usersFailed: 0,
      postponed: 0,
      mailServerDown: null,
    };
    const queue = ctx.workQueue({ concurrency: options.concurrency ?? NOTIFY_CONCURRENCY });
    const onAbort = () => queue.clear();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    const shouldSend = () => {
      if (ctx.signal.aborted) return false;
      if (result.mailServerDown === null) return true;
      result.postponed += 1;
      return false;
    };
    const onOutcome = (outcome: DigestOutcome) => {
      if (outcome.status === 'sent') {
        result.digestsSent += 1;
        result.matchesEmailed += outcome.matches;
      } else if (outcome.status === 'failed') {
        result.digestsFailed += 1;
        if (!outcome.retryAt) result.digestsAbandoned += 1;
        if (outcome.transportDown && result.mailServerDown === null) {
          result.mailServerDown = outcome.error;
          ctx.logger.warn({ error: outcome.error }, 'mail server unavailable: the other digests wait for the next round');
        }
      }
    };

    try {
      const retries = await retryDigests(
        {
          ...sendDeps,
          queue,
          shouldSend,
          onOutcome,
          onError: (digestId, error) => {
            result.digestsFailed += 1;
            ctx.logger.warn({ digestId, error: describeFailure(error) }, 'digest retry failed');
          },
        },
        {
          now: startedAt,
          staleBefore: new Date(startedAt.getTime() - STALE_PENDING_MS),
          maxAttempts: MAX_DIGEST_ATTEMPTS,
          includeFailed: options.retryFailed,
        },
      );
      result.retried = retries.retried;
      result.digestsAbandoned += retries.abandoned;

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
        void queue.add(async () => {
          try {
            const recipient = matches[0]!;
            if (!recipient.emailVerified) {
              result.skippedUnverified += 1;
              return;
            }
            if (!shouldSend()) return;
            const language = recipient.userLanguage;
            const digest = await insertDigestEntries(
              ctx.db,
              { userId, language, now: clock(), digestIdFor: (entries) => digestIdFor(userId, entries) },
              matches.map((m) => toDigestEntry(m, language)),
            );
            if (!digest) return;
            result.users += 1;
            onOutcome(await sendDigest(sendDeps, digest.digestId));
          } catch (error) {
            // Nothing of this user's digest was stored (one transaction): their matches are candidates again next round.
            result.usersFailed += 1;
            ctx.logger.warn({ userId, matches: matches.length, error: describeFailure(error) }, 'digest of one user could not be prepared; the others go on');
          } finally {
            done += 1;
            ctx.progress({ done, total: groups.size, message: 'users' });
          }
        });
      }
      await queue.onIdle();
    } catch (error) {
      throw new Error(`notify: ${describeFailure(error)}`, { cause: error });
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
    }

    for (const [name, value] of Object.entries(result)) if (typeof value === 'number') ctx.count(name, value);
    if (options.due && !options.retryFailed && !ctx.signal.aborted) {
      const today = zurichClock(startedAt);
      if (frequencies.includes('daily')) await recordNotifyServed(ctx.db, 'daily', today.day, clock());
      if (frequencies.includes('weekly')) await recordNotifyServed(ctx.db, 'weekly', today.weekMonday, clock());
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
