import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it, onTestFinished } from 'vitest';
import { copyOfNewPglite } from '../test-support/pglite-template.ts';
import { ROOT, runCli, runCliProcess } from '../test-support/run-cli.ts';
import { makeTempDir } from '../test-support/test-config.ts';
import { createTestDatabase, testDatabaseKind } from '../test-support/test-database.ts';
import { derivedDataCacheDir } from '../pipeline/scorer/derived-data-cache.ts';
import { COMMANDS, readVersion } from './main.ts';

/** The modules a file imports when it loads (static, value imports only: `import type` and `import()` load nothing up front). */
function staticImportGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const specifier = match[1]!;
      visit(specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier);
    }
  };
  visit(entry);
  return seen;
}

const HEAVY = [
  /\/api\/app\.ts$/,
  /\/pipeline\/scorer\/(?!derived-data-cache\.ts$)/,
  /^ink$/,
  /^react$/,
  /^koa$/,
  /^openai$/,
  /^@electric-sql\/pglite/,
  /^undici$/,
];

describe('tenders', () => {
  it('--help lists the commands, in a process of its own', async () => {
    const result = await runCliProcess(['--help']);
    expect(result.code).toBe(0);
    for (const command of ['serve', 'migrate', 'user', 'score', 'queue']) expect(result.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
  });

  it('--version prints the version of package.json', async () => {
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(result.stdout.trim()).toBe(manifest.version);
    expect(readVersion()).toBe(manifest.version);
  });

  it('loads neither the server, the scorer nor React for the help or the light commands', () => {
    for (const entry of [
      'cli/main.ts',
      'cli/commands/serve.ts',
      'cli/commands/score.ts',
      'cli/commands/queue.tsx',
      'cli/commands/migrate.ts',
      'cli/commands/user.ts',
      'cli/commands/run.ts',
      'cli/commands/scrape.ts',
      'cli/commands/quarantine.ts',
    ]) {
      const loaded = [...staticImportGraph(path.join(ROOT, entry))];
      expect(
        loaded.filter((module) => HEAVY.some((pattern) => pattern.test(module))),
        entry,
      ).toEqual([]);
    }
  });

  it('lists each command with its own description', async () => {
    for (const entry of COMMANDS) {
      const program = new Command('tenders');
      (await entry.load())(program);
      const command = program.commands.find((candidate) => candidate.name() === entry.name);
      expect(command?.description(), entry.name).toBe(entry.summary);
    }
  });

  it('shows the help of one command', async () => {
    const result = await runCli(['scrape', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--max-pages <n>');
  });

  it('rejects an unknown command with a clear message', async () => {
    const result = await runCli(['frobnicate']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/unknown command 'frobnicate'/);
  });

  it('rejects an unknown flag', async () => {
    const result = await runCli(['migrate', '--sideways']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/unknown option '--sideways'/);
  });

  it('stops on bad configuration with every problem listed and no stack trace', async () => {
    const result = await runCli(['migrate', 'status'], { DATA_DIR: makeTempDir(), PORT: 'x', SIMAP_RPS: '-2' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/PORT must be a number/);
    expect(result.stderr).toMatch(/SIMAP_RPS must be greater than 0/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  // On the test server's empty database when there is one: the 19 migrations cost PGlite ~4 s of CPU, and
  // db/migrate.test.ts and serve.test.ts already run them on the embedded database.
  it('migrates an empty database and reports status as JSON', async () => {
    const kind = testDatabaseKind();
    const empty = kind === 'postgres' ? await createTestDatabase({ migrate: false }) : undefined;
    onTestFinished(() => empty?.drop());
    const env = { DATA_DIR: makeTempDir(), ...(empty ? { DATABASE_URL: empty.url } : {}) };
    if (!empty) await copyOfNewPglite(env.DATA_DIR);
    const cacheBefore = derivedDataCacheDir();
    const up = await runCli(['migrate', 'up', '--json'], env);
    expect(up.code, up.stderr).toBe(0);
    // The in-process run gives back the scorer's cache directory: later files in this worker do not write into this DATA_DIR.
    expect(derivedDataCacheDir()).toBe(cacheBefore);
    expect(JSON.parse(up.stdout)).toMatchObject({ ok: true, db: kind, direction: 'up' });
    const status = await runCli(['migrate', 'status', '--json'], env);
    expect(JSON.parse(status.stdout)).toMatchObject({ ok: true, pending: [] });
  });

  it('names the database and its host in one line when it cannot be reached, without a stack', async () => {
    const result = await runCli(['user', 'list', '--json'], { DATA_DIR: makeTempDir(), DATABASE_URL: 'postgres://vigie:secret@127.0.0.1:9/vigie_prod' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: database vigie_prod on 127.0.0.1:9 unreachable (connection refused)\n');
    expect(JSON.parse(result.stdout)).toEqual({ ok: false, error: 'database vigie_prod on 127.0.0.1:9 unreachable (connection refused)' });
  });
});
