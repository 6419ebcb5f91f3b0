import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ISOLATED_TEST_FILES } from './test-support/isolated-test-files.ts';
import { SlowFirstSequencer } from './test-support/slow-first-sequencer.ts';

export default defineConfig({
  test: {
    exclude: ['node_modules/**', 'var/**', 'web/dist/**'],
    globalSetup: ['test-support/global-setup.ts'],
    setupFiles: ['test-support/remove-temp-dirs.ts'],
    // Transformed modules kept on disk between runs, keyed by their content (node_modules/.experimental-vitest-cache):
    // a second run transforms ~2.5 s instead of ~9 s of files (vitest's CPU 123 → 115 s on 2 cores).
    experimental: { fsModuleCache: true },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for a condition; its default limit (1 s) is a fixed timeout a loaded machine can overrun.
    expect: { poll: { timeout: 60_000 } },
    pool: 'forks',
    // Most files wait on Postgres, child processes or a browser: one worker more than the cores keeps the cores busy.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        // Files share their worker's loaded modules, except the few that mock (test-support/isolated-test-files.ts).
        test: {
          name: 'shared',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: ['node_modules/**', 'var/**', 'web/dist/**', ...ISOLATED_TEST_FILES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TEST_FILES, isolate: true } },
    ],
  },
});
