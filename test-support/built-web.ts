import { moveIntoPlace } from './move-into-place.ts';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from './run-cli.ts';

/** What the SPA bundle is made of: its sources, the shared domain module it imports, the locked dependencies. */
const INPUTS = ['web/index.html', 'web/landing-shell.ts', 'web/vite.config.ts', 'web/public', 'web/src', 'domain', 'package-lock.json'];

function inputsHash(): string {
  // The build's flavour is an input too: a development build left by an older checkout is not reused.
  const hash = createHash('sha256').update('production\0');
  for (const input of INPUTS) {
    const full = path.join(ROOT, input);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory()
      ? readdirSync(full, { recursive: true, encoding: 'utf8' })
          .map((file) => path.join(input, file))
          .filter((file) => statSync(path.join(ROOT, file)).isFile())
          .sort()
      : [input];
    for (const file of files)
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(ROOT, file)))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

const run = promisify(execFile);
const VITE_BIN = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');

let built: Promise<string> | undefined;

/**
 * The directory of the SPA's production build (web/vite.config.ts), built once for the browser tests and
 * kept in the temp directory under a hash of its inputs: the next file, or the next run, with the same
 * sources reads it back. A build goes to a directory of its own and is renamed into place whole.
 */
export function builtWebRoot(): Promise<string> {
  built ??= (async () => {
    const outDir = path.join(tmpdir(), `vigie-web-${inputsHash()}`);
    if (existsSync(path.join(outDir, 'index.html'))) return outDir;
    const building = `${outDir}-${randomBytes(4).toString('hex')}`;
    // In a process of its own: vitest sets NODE_ENV=test, and Vite (and the React plugin's JSX runtime) build with
    // the process's NODE_ENV, so a build in the worker gave React's development build, not what `npm run build` gives.
    await run(
      process.execPath,
      [VITE_BIN, 'build', '--config', path.join(ROOT, 'web', 'vite.config.ts'), '--outDir', building, '--emptyOutDir', '--logLevel', 'silent'],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    moveIntoPlace(building, outDir);
    return outDir;
  })();
  return built;
}
