/** A failure the operator can act on: printed as one line, exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** Extra fields of the `--json` answer, e.g. the summary of a run that partly failed. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
