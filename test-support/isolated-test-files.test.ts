import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISOLATED_TEST_FILES, NEEDS_ISOLATION } from './isolated-test-files.ts';
import { ROOT } from './run-cli.ts';

describe('isolated test files', () => {
  it('lists exactly the test files that mock modules or stub globals', () => {
    const testFiles = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.test\.tsx?$/.test(file) && !/^(node_modules|var|web\/dist)\//.test(file),
    );
    const needing = testFiles.filter(
      (file) => file !== 'test-support/isolated-test-files.test.ts' && NEEDS_ISOLATION.test(readFileSync(`${ROOT}/${file}`, 'utf8')),
    );
    expect(needing.sort()).toEqual([...ISOLATED_TEST_FILES].sort());
  });
});
