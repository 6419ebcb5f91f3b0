import { afterAll } from 'vitest';
import { removeTempDirs } from './test-config.ts';

// Registered before the file's own hooks, so it runs after them (hooks run in stack order): servers and
// databases are closed by then. Without it each run left ~130 directories (PGlite data, DATA_DIRs) in /tmp.
afterAll(() => {
  const left = removeTempDirs();
  if (left.length > 0) console.warn(`[notice] could not remove ${left.length} temp directories: ${left.join(', ')}`);
});
