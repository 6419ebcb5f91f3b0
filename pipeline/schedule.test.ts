import { describe, expect, it, vi } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger } from '../logger.ts';
import { startPipelineLoop } from './schedule.ts';
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
      const schedule = startPipelineLoop({ logger, everyMs: 1000, stages: [stage('scrape'), stage('score')] });
      await vi.advanceTimersByTimeAsync(9_900);
      expect(order).toEqual(['scrape', 'score']);
      // The 10 s round overran its 1 s slot: the next starts when it ends, not while it runs.
      await vi.advanceTimersByTimeAsync(5_100);
      expect(order).toEqual(['scrape', 'score', 'scrape']);
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
    const schedule = startPipelineLoop({
      logger,
      everyMs: 30,
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
    const schedule = startPipelineLoop({
      logger,
      everyMs: 3_600_000,
      stages: [
        {
          name: 'scrape',
          run: async () => {
            ran.push('scrape');
            throw new Error('simap answered 500');
          },
        },
        {
          name: 'score',
          run: async () => {
            ran.push('score');
          },
        },
        {
          name: 'notify',
          run: async () => {
            ran.push('notify');
          },
        },
      ],
    });
    await expect.poll(() => ran.length).toBe(3);
    await schedule.stop();
    expect(ran).toEqual(['scrape', 'score', 'notify']);
  });

  it('counts the interval from the start of a round; a slow round delays the next one instead of stacking', async () => {
    vi.useFakeTimers();
    try {
      const starts: number[] = [];
      const durations = [2_000, 25_000, 1_000, 1_000];
      const { logger } = capturingLogger();
      const schedule = startPipelineLoop({
        logger,
        everyMs: 10_000,
        stages: [{ name: 'scrape', run: () => new Promise((resolve) => setTimeout(resolve, durations[starts.push(Date.now()) - 1] ?? 1_000)) }],
      });
      await vi.advanceTimersByTimeAsync(60_000);
      const origin = starts[0]!;
      // 0 (2 s), 10 s (25 s: over its slot), 35 s at once, then back on the 10 s rhythm from there.
      expect(starts.slice(0, 4).map((t) => Math.round((t - origin) / 1000) * 1000)).toEqual([0, 10_000, 35_000, 45_000]);
      const stopping = schedule.stop();
      await vi.advanceTimersByTimeAsync(5_000);
      await stopping;
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs one line per round with each stage, its counts and the duration, and says when a round found nothing', async () => {
    const { logger, lines } = capturingLogger();
    let round = 0;
    const schedule = startPipelineLoop({
      logger,
      everyMs: 10,
      stages: [
        {
          name: 'scrape',
          run: async () => ({ created: (round += 1) === 1 ? 2 : 0 }),
          describe: (result) => ({ text: `${(result as { created: number }).created} new`, worked: (result as { created: number }).created > 0 }),
        },
        { name: 'notify', run: async () => ({}), describe: () => ({ text: '0 sent', worked: false }) },
      ],
    });
    await expect.poll(() => lines.filter((line) => line.msg.startsWith('round ')).length).toBeGreaterThanOrEqual(2);
    await schedule.stop();
    const rounds = lines.filter((line) => line.msg.startsWith('round '));
    expect(rounds[0]!.msg).toMatch(/^round 1: scrape ok \(2 new, \d+\.\d s\), notify ok \(0 sent, \d+\.\d s\) — \d+\.\d s$/);
    expect(rounds[1]!.msg).toMatch(/^round 2: scrape ok \(0 new, \d+\.\d s\), notify ok \(0 sent, \d+\.\d s\) — \d+\.\d s, nothing new$/);
    expect(rounds[1]).toMatchObject({ level: 30, round: 2, idle: true });
  });
});
