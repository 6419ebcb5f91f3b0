import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './run-cli.ts';
import { SLOW_FILES } from './slow-first-sequencer.ts';

it('names only test files that exist (a renamed file would silently lose its early start)', () => {
  expect(SLOW_FILES.filter((file) => !existsSync(path.join(ROOT, file)) || !/\.test\.tsx?$/.test(file))).toEqual([]);
  expect(new Set(SLOW_FILES).size).toBe(SLOW_FILES.length);
});
