import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (a browser, several `tenders` processes, embedded Postgres), slowest first.
 * They start before the others so that the run does not end waiting for one of them; a file missing from
 * the list only runs in vitest's own order (its last durations, else its size).
 */
export const SLOW_FILES = [
  'cli/commands/scale-out.test.ts',
  'cli/commands/serve.test.ts',
  'cli/commands/serve-postgres.test.ts',
  'web/e2e/screens.browser.test.ts',
  'pipeline/score/scoring-worker.test.ts',
  // Mostly waiting for other processes: started early, it overlaps the rest.
  'pipeline/summarize/summarize-workers.test.ts',
  'cli/commands/scrape.test.ts',
  'cli/commands/score.test.ts',
  'cli/commands/run.test.ts',
  'cli/main.test.ts',
  'db/migrate.test.ts',
];

const rank = (file: TestSpecification) => {
  const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
  return index === -1 ? SLOW_FILES.length : index;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
