import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import type { Knex } from 'knex';
import { useEffect } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requeueFailedSummaryJobs } from '../../db/summaries.ts';
import { buildProjects } from '../../test-support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { QueueMonitor } from './QueueMonitor.tsx';
import { loadQueueSnapshot } from './queue-snapshot.ts';

let testDb: TestDatabase;
let knex: Knex;

beforeAll(async () => {
  testDb = await createTestDatabase();
  knex = testDb.db.knex;
  const projects = await buildProjects(knex, [{ title: 'Reinigung Schulhaus' }, { title: 'Pont sur la Sarine' }, { title: 'Mobilier' }]);
  await knex('summaryQueue').insert([
    { projectId: projects[0]!.id, status: 'completed', attempts: 1 },
    { projectId: projects[1]!.id, status: 'failed', attempts: 3, lastError: 'LLM answered 500' },
    { projectId: projects[2]!.id, status: 'failed', attempts: 3, lastError: 'timeout after 30 s' },
  ]);
});
afterAll(async () => {
  await testDb?.drop();
});

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 60_000, interval: 50 });

function frame(lastFrame: () => string | undefined): string {
  return stripVTControlCharacters(lastFrame() ?? '');
}

function count(text: string, state: string): number | undefined {
  const match = new RegExp(`^\\s*${state}\\s+[█░]+\\s+(\\d+)\\s*$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

/** Renders nothing; its effect's clean-up runs when Ink unmounts the tree, i.e. once the app has exited. */
function UnmountSignal({ onUnmount }: { onUnmount: () => void }) {
  useEffect(() => onUnmount, [onUnmount]);
  return null;
}

describe('QueueMonitor', () => {
  it('shows the counts and the failures, re-queues them on r, and quits on q', async () => {
    const retry = vi.fn(() => requeueFailedSummaryJobs(knex));
    const load = vi.fn(() => loadQueueSnapshot(knex));
    let exited = false;
    const app = render(
      <>
        <QueueMonitor load={load} retry={retry} refreshMs={100} />
        <UnmountSignal onUnmount={() => (exited = true)} />
      </>,
    );
    try {
      await eventually(() => expect(count(frame(app.lastFrame), 'failed')).toBe(2));
      const before = frame(app.lastFrame);
      expect(count(before, 'pending')).toBe(0);
      expect(count(before, 'completed')).toBe(1);
      expect(before).toContain('Pont sur la Sarine');
      expect(before).toContain('LLM answered 500');
      expect(before).toContain('timeout after 30 s');
      expect(before).toContain('[r] retry failed jobs  [q] quit');

      app.stdin.write('r');
      await eventually(() => expect(frame(app.lastFrame)).toContain('re-queued 2 failed jobs'));
      await eventually(() => expect(count(frame(app.lastFrame), 'pending')).toBe(2));
      expect(retry).toHaveBeenCalledTimes(1);
      expect(count(frame(app.lastFrame), 'failed')).toBe(0);
      expect(frame(app.lastFrame)).toContain('no failed jobs');
      expect(await knex('summaryQueue').where({ status: 'pending' }).count({ n: '*' })).toEqual([{ n: 2 }]);

      const loads = load.mock.calls.length;
      await eventually(() => expect(load.mock.calls.length, 'refreshes on its own').toBeGreaterThan(loads));
      app.stdin.write('q');
      await eventually(() => expect(exited, 'the monitor exits on q').toBe(true));
      const loadsAfterExit = load.mock.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(load.mock.calls.length, 'the monitor stopped refreshing after q').toBe(loadsAfterExit);
    } finally {
      app.unmount();
    }
  });

  it('shows a load error instead of crashing', async () => {
    const app = render(<QueueMonitor load={() => Promise.reject(new Error('connection refused'))} retry={async () => 0} refreshMs={100} />);
    try {
      await eventually(() => expect(frame(app.lastFrame)).toContain('connection refused'));
    } finally {
      app.unmount();
    }
  });

  it('says "database unreachable" when the database cannot be reached, not the driver\'s error', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const app = render(<QueueMonitor load={() => Promise.reject(refused)} retry={async () => 0} refreshMs={100} />);
    try {
      await eventually(() => expect(frame(app.lastFrame)).toContain('database unreachable, trying again every 0.1 s'));
      expect(frame(app.lastFrame)).not.toContain('ECONNREFUSED');
    } finally {
      app.unmount();
    }
  });

  it('reports Ctrl-C as an interruption (the command then exits 130)', async () => {
    let interrupted = 0;
    const load = vi.fn(() => loadQueueSnapshot(knex));
    const app = render(<QueueMonitor load={load} retry={async () => 0} refreshMs={100} onInterrupt={() => (interrupted += 1)} />);
    try {
      await eventually(() => expect(frame(app.lastFrame)).toContain('[q] quit'));
      app.stdin.write('\x03');
      await eventually(() => expect(interrupted).toBe(1));
    } finally {
      app.unmount();
    }
  });
});
