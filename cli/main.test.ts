import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/run-cli.ts';
import { makeTempDir } from '../test-support/test-config.ts';

describe('tenders', () => {
  it('--help lists the commands', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const command of ['serve', 'migrate', 'user']) expect(result.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
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

  it('migrates the embedded database and reports status as JSON', async () => {
    const env = { DATA_DIR: makeTempDir() };
    const up = await runCli(['migrate', 'up', '--json'], env);
    expect(up.code).toBe(0);
    expect(JSON.parse(up.stdout)).toMatchObject({ ok: true, db: 'pglite', direction: 'up' });
    const status = await runCli(['migrate', 'status', '--json'], env);
    expect(JSON.parse(status.stdout)).toMatchObject({ ok: true, pending: [] });
  });
});
