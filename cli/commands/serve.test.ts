import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCli, stopChild, waitForListening } from '../../test-support/cli-processes.ts';
import { runCliProcess } from '../../test-support/run-cli.ts';
import { makeTempDir } from '../../test-support/test-config.ts';

// The embedded server schedules a scrape at start; tests point it at a closed local port, never at simap.ch.
const OFFLINE_SIMAP = 'http://127.0.0.1:9/api';

describe('tenders serve', () => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    await Promise.all(children.splice(0).map(stopChild));
  });

  // Postgres-in-WebAssembly creating its database beside two CPU burners took over 180 s: a generous limit, the waits poll.
  it('serves /api/health on the embedded database, runs the pipeline loop and keeps a second process out', { timeout: 600_000 }, async () => {
    const dataDir = makeTempDir();
    const process = spawnCli('serve', ['serve'], { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', SIMAP_BASE_URL: OFFLINE_SIMAP });
    const server = process.child;
    children.push(server);
    const port = await waitForListening(server);

    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await response.json()).toEqual({ ok: true, db: 'pglite' });

    const second = await runCliProcess(['migrate', 'status'], { DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('the embedded database is in use by a running server: stop it or set DATABASE_URL');

    // The same loop as `tenders run`: each round ends with one line, and an unreachable simap does not stop it.
    const roundLines = () =>
      process
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"round":1,'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
    await expect.poll(roundLines, { timeout: 300_000, interval: 250 }).toHaveLength(1);
    expect(roundLines()[0]).toMatch(
      /^round 1: scrape failed: simap\.ch is unreachable \(ECONNREFUSED\).*, summarize ok \(0 summarized, \d+\.\d s\), score ok \(0 alerts scored, 0 matches, \d+\.\d s\), notify ok \(0 sent, \d+\.\d s\), housekeeping ok \(\d+ sessions, \d+ rate-limit counters deleted, \d+\.\d s\) — \d+\.\d s$/,
    );
    expect(process.stdout()).toContain('simap.ch is unreachable (ECONNREFUSED); scrape runs again in 5 min');

    expect(await stopChild(server)).toBe(0);
    const after = await runCliProcess(['migrate', 'status', '--json'], { DATA_DIR: dataDir });
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout).pending).toEqual([]);
  });
});
