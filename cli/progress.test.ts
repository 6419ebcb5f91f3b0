import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { StageEvent } from '../pipeline/stage-runner.ts';
import { describeProgress, renderStageProgress } from './progress.ts';

function fakeStream(tty: boolean): NodeJS.WriteStream & { text(): string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & { text(): string };
  let written = '';
  stream.write = ((chunk: string) => {
    written += chunk;
    return true;
  }) as typeof stream.write;
  stream.isTTY = tty;
  stream.columns = 120;
  stream.text = () => written;
  return stream;
}

function run(tty: boolean, events: StageEvent[], options: { totals?: Record<string, number>; times: number[] }) {
  const emitter = new EventEmitter<{ event: [StageEvent] }>();
  const stream = fakeStream(tty);
  const times = [...options.times];
  const detach = renderStageProgress(emitter, stream, { totals: options.totals, now: () => times.shift() ?? 0 });
  for (const event of events) emitter.emit('event', event);
  detach();
  return stream.text();
}

describe('describeProgress', () => {
  it('gives the total, the share and the time left once a rate is known', () => {
    expect(describeProgress(0, 400, 0)).toBe('0/400 (0 %)');
    expect(describeProgress(100, 400, 30_000)).toBe('100/400 (25 %) · 1 min 30 s left');
    expect(describeProgress(400, 400, 120_000)).toBe('400/400 (100 %)');
    expect(describeProgress(10, 30, 20_000, 'days')).toBe('10/30 days (33 %) · 40 s left');
  });

  it('gives the rate when no total is known', () => {
    expect(describeProgress(120, undefined, 30_000)).toBe('120 · 4.0/s');
  });
});

describe('renderStageProgress', () => {
  const summarize: StageEvent[] = [
    { type: 'start', stage: 'pipeline.summarize', runId: 1 },
    { type: 'log', stage: 'pipeline.summarize', message: 'offline extractive summarizer' },
    { type: 'progress', stage: 'pipeline.summarize', done: 10, message: 'summaries' },
    { type: 'progress', stage: 'pipeline.summarize', done: 20, message: 'summaries' },
    { type: 'finish', stage: 'pipeline.summarize', runId: 1, counts: { summarized: 20 }, durationMs: 4000 },
  ];

  it('without a terminal: one plain line per step, with the total the command knew and the time left', () => {
    const text = run(false, summarize, { totals: { 'pipeline.summarize': 40 }, times: [0, 2000, 4000] });
    expect(text.split('\n')).toEqual([
      'summarize: started',
      'summarize: offline extractive summarizer',
      'summarize 10/40 (25 %) · 6 s left · summaries',
      'summarize 20/40 (50 %) · 4 s left · summaries',
      'summarize: done in 4.0 s (summarized 20)',
      '',
    ]);
  });

  it('on a terminal: one line redrawn in place with a bar and the time left, then the summary line', () => {
    const text = run(true, summarize, { totals: { 'pipeline.summarize': 40 }, times: [0, 2000, 4000] });
    expect(text).not.toContain('started');
    expect(text).toContain('\r\x1b[2K[============            ] summarize 20/40 (50 %) · 4 s left · summaries');
    expect(text.trimEnd().split('\n').at(-1)).toBe('summarize: done in 4.0 s (summarized 20)');
  });
});
