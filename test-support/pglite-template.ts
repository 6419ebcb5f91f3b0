import { moveIntoPlace } from './move-into-place.ts';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/connection.ts';
import { ROOT } from './run-cli.ts';
import { makeTempDir } from './test-config.ts';

const PGLITE_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;

let template: Promise<string> | undefined;

/**
 * An embedded database directory as PGlite leaves it on its first start (initdb done, nothing migrated), made
 * once per machine and PGlite version in the temp directory, like the Postgres template database of the run.
 * A start of Postgres-in-WebAssembly on an empty directory costs ~4 s of CPU for initdb; on a copy, ~0.6 s.
 */
function templateDirectory(): Promise<string> {
  template ??= (async () => {
    const parent = path.join(tmpdir(), 'vigie-pglite-template');
    const dir = path.join(parent, PGLITE_VERSION);
    if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
    // Built beside the final place under a name of its own (its lock file too), then renamed into place whole.
    mkdirSync(parent, { recursive: true });
    const building = path.join(parent, `${PGLITE_VERSION}-${process.pid}-${randomBytes(4).toString('hex')}`);
    const db = openDatabase({ kind: 'pglite', directory: building });
    try {
      await db.knex.raw('select 1');
    } finally {
      await db.close();
    }
    moveIntoPlace(building, dir);
    return dir;
  })();
  return template;
}

/**
 * A new embedded database directory (`<DATA_DIR>/pglite` when given a DATA_DIR, else in a temp directory of its
 * own), copied from the template: for tests about what runs on the embedded database, not about its creation
 * (cli/commands/serve.test.ts starts a server on an empty DATA_DIR for that).
 */
export async function copyOfNewPglite(dataDir: string = makeTempDir('vigie-pglite-')): Promise<string> {
  const target = path.join(dataDir, 'pglite');
  cpSync(await templateDirectory(), target, { recursive: true });
  return target;
}
