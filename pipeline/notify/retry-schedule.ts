const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Waits after each failed attempt of a digest. An SMTP outage of more than a day loses nothing: the last try
 * comes about 32 hours after the first (1 + 5 + 30 min + 2 + 6 + 12 + 12 h).
 */
export const DIGEST_RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 12 * HOUR, 12 * HOUR] as const;
export const MAX_DIGEST_ATTEMPTS = DIGEST_RETRY_DELAYS_MS.length + 1;

/** When a digest that failed on attempt `attempt` (1-based) is tried again; null once every attempt is spent. */
export function nextDigestAttemptAt(attempt: number, failedAt: Date): Date | null {
  const delay = DIGEST_RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
