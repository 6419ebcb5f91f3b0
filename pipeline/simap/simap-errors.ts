const EXCERPT = 300;

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT)}…` : flat;
}

/** simap answered with an error status (after the retries, for the retried ones). */
export class SimapHttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly body: string,
    readonly attempts = 1,
  ) {
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    const detail = body ? `: ${excerpt(body)}` : '';
    super(`simap.ch answered HTTP ${status}${tries} for ${url}${detail}`);
    this.name = 'SimapHttpError';
  }
}

/** DNS failure or refused connection: simap.ch (or SIMAP_BASE_URL) cannot be reached at all. */
export class SimapUnreachableError extends Error {
  constructor(
    readonly url: string,
    readonly code: string,
  ) {
    super(`simap.ch is unreachable (${code}) at ${new URL(url).origin}: check the network or SIMAP_BASE_URL`);
    this.name = 'SimapUnreachableError';
  }
}

/** Timeouts and resets that outlasted the retries. */
export class SimapNetworkError extends Error {
  constructor(
    readonly url: string,
    readonly code: string,
    cause: unknown,
  ) {
    super(`request to simap.ch failed (${code}) for ${url}`, { cause });
    this.name = 'SimapNetworkError';
  }
}

/** A 200 whose body is not the JSON the spec describes. */
export class SimapInvalidResponseError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`simap.ch sent an invalid response for ${url}: ${reason}`);
    this.name = 'SimapInvalidResponseError';
  }
}

/** simap asked to wait longer than a run waits: the run stops cleanly and the next round resumes. */
export class SimapRateLimitedError extends Error {
  constructor(
    readonly url: string,
    readonly retryAfterMs: number,
  ) {
    super(`simap.ch asks to wait ${Math.round(retryAfterMs / 1000)} s (Retry-After) for ${url}; stopping this run, the next round resumes`);
    this.name = 'SimapRateLimitedError';
  }
}
