import { describe, expect, it, vi } from 'vitest';
import { Writable } from 'node:stream';
import type { Database } from '../db/connection.ts';
import { createLogger } from '../logger.ts';
import { testConfig } from '../test-support/test-config.ts';
import { startPipelineSchedule } from './schedule.ts';
import { SimapUnreachableError } from './simap/simap-errors.ts';
import { StageFailedError } from './stage-runner.ts';

function capturingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), lines };
}

const db = { kind: 'pglite' } as Database;

describe('pipeline schedule', () => {
  it('runs the stages in order now and then every interval, never overlapping', async () => {
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      let running = 0;
      let maxRunning = 0;
      const stage = (name: string) => ({
        name,
        run: async () => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          order.push(name);
          await new Promise((resolve) => setTimeout(resolve, 5_000));
          running -= 1;
        },
      });
      const { logger } = capturingLogger();
      const schedule = startPipelineSchedule({ db, logger, config: testConfig({ PIPELINE_EVERY: '1s' }), stages: [stage('scrape'), stage('score')] });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(order).toEqual(['scrape', 'score']);
      await vi.advanceTimersByTimeAsync(11_100);
      expect(order).toEqual(['scrape', 'score', 'scrape', 'score']);
      expect(maxRunning).toBe(1);
      const stopping = schedule.stop();
      await vi.advanceTimersByTimeAsync(20_000);
      await stopping;
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs one warning line when simap is unreachable and keeps going', async () => {
    const { logger, lines } = capturingLogger();
    let calls = 0;
    const schedule = startPipelineSchedule({
      db,
      logger,
      config: testConfig({ PIPELINE_EVERY: '30ms' }),
      stages: [
        {
          name: 'scrape',
          run: async () => {
            calls += 1;
            throw new StageFailedError('pipeline.fetch', {}, new SimapUnreachableError('https://www.simap.ch/api/x', 'ENOTFOUND'));
          },
        },
      ],
    });
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await schedule.stop();
    const warning = lines.find((line) => line.level === 40);
    expect(warning?.msg).toBe('simap.ch is unreachable (ENOTFOUND); scrape runs again in 30 ms');
    expect(warning?.msg).not.toContain('\n');
  });

  it('goes on with the later stages when one fails, so stored projects still get scored and e-mailed', async () => {
    const { logger } = capturingLogger();
    const ran: string[] = [];
    const schedule = startPipelineSchedule({
      db,
      logger,
      config: testConfig({ PIPELINE_EVERY: '1h' }),
      stages: [
        { name: 'scrape', run: async () => { ran.push('scrape'); throw new Error('simap answered 500'); } },
        { name: 'score', run: async () => { ran.push('score'); } },
        { name: 'notify', run: async () => { ran.push('notify'); } },
      ],
    });
    await expect.poll(() => ran.length).toBe(3);
    await schedule.stop();
    expect(ran).toEqual(['scrape', 'score', 'notify']);
  });
});
