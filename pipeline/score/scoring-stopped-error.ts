/** The scoring thread no longer answers: the server is shutting down. What was asked is left to the next pipeline run. */
export class ScoringStoppedError extends Error {
  constructor() {
    super('the server is shutting down; scoring is left to the next pipeline run');
    this.name = 'ScoringStoppedError';
  }
}
