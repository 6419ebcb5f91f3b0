import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test-support/slow-first-sequencer.ts';

/** Files that mock modules or stub globals: each runs in a fresh process so that nothing leaks into the next file. */
const ISOLATED = ['web/src/route-table.test.ts', 'web/src/api/client.test.ts', 'api/commands/reset-password.test.ts'];

export default defineConfig({
  test: {
    exclude: ['node_modules/**', 'var/**', 'web/dist/**'],
    globalSetup: ['test-support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Most files wait on Postgres, child processes or a browser: one worker more than the cores keeps the cores busy.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        // The other files share their worker's loaded modules: importing Koa, knex and the scorer once per worker, not once per file.
        test: {
          name: 'shared',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: ['node_modules/**', 'var/**', 'web/dist/**', ...ISOLATED],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
