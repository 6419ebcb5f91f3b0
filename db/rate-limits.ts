import type { Knex } from 'knex';
import { affectedRows } from './affected-rows.ts';

export interface RateLimitHit {
  count: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one hit on `key` in the current fixed window and says whether it is within `limit`.
 * The window is computed by Postgres, so every instance sharing the database shares the same clock and counters.
 */
export async function hitRateLimit(db: Knex, key: string, limit: number, windowSeconds: number): Promise<RateLimitHit> {
  const { rows } = await db.raw(
    `insert into rate_limits (key, window_start, count)
     values (?, to_timestamp(floor(extract(epoch from now()) / ?) * ?), 1)
     on conflict (key, window_start) do update set count = rate_limits.count + 1
     returning count, ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as retry_after`,
    [key, windowSeconds, windowSeconds, windowSeconds],
  );
  const row = rows[0] as { count: number; retryAfter: number };
  return { count: row.count, allowed: row.count <= limit, retryAfterSeconds: Math.max(1, row.retryAfter) };
}

/** Takes back one hit on `key` in the current window (a login that turned out to be the owner's is no failure). */
export async function refundRateLimit(db: Knex, key: string, windowSeconds: number): Promise<void> {
  await db.raw(
    `update rate_limits set count = count - 1
     where key = ? and window_start = to_timestamp(floor(extract(epoch from now()) / ?) * ?) and count > 0`,
    [key, windowSeconds, windowSeconds],
  );
}

export async function deleteOldRateLimits(db: Knex, olderThanSeconds = 86_400): Promise<number> {
  return affectedRows(await db('rate_limits').whereRaw('window_start < now() - make_interval(secs => ?)', [olderThanSeconds]).delete());
}
