import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { makeTempDir, removeTempDirs } from './test-config.ts';

it('removes the temp directories it made, with what was written into them', () => {
  const dir = makeTempDir('vigie-removal-');
  writeFileSync(path.join(dir, 'data'), 'x');
  expect(removeTempDirs()).toEqual([]);
  expect(existsSync(dir)).toBe(false);
});
