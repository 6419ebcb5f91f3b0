/** The model answered, twice, with something that is not the requested JSON: nothing from it may be stored. */
export class LlmReplyError extends Error {
  constructor(
    readonly task: string,
    readonly problem: string,
  ) {
    super(`the LLM reply for ${task} did not match the expected schema twice: ${problem}`);
    this.name = 'LlmReplyError';
  }
}

/** The endpoint kept failing (429, 5xx, timeouts) after the SDK's own retries, or refused the request. */
export class LlmUnavailableError extends Error {
  constructor(
    readonly task: string,
    readonly status: number | undefined,
    cause: unknown,
  ) {
    super(`the LLM endpoint failed for ${task}${status ? ` (HTTP ${status})` : ''}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'LlmUnavailableError';
  }

  /** A wrong key, model or URL: every further call would fail the same way, so the run should stop. */
  get misconfigured(): boolean {
    return this.status === 401 || this.status === 403 || this.status === 404;
  }
}
