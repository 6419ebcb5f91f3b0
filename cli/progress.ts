import type { EventEmitter } from 'node:events';
import type { StageEvent } from '../pipeline/stage-runner.ts';
import { formatDuration } from './format-time.ts';

const BAR_WIDTH = 24;
const NAMES: Record<string, string> = { 'pipeline.fetch': 'fetch', 'pipeline.normalize': 'normalize' };
/** Before this much work and time, a rate says nothing yet. */
const MIN_ETA_DONE = 2;
const MIN_ETA_MS = 1000;

function stageName(stage: string): string {
  return NAMES[stage] ?? stage.replace(/^pipeline\./, '');
}

function bar(done: number, total: number | undefined, tick: number): string {
  if (!total) {
    const position = tick % BAR_WIDTH;
    return `[${' '.repeat(position)}=${' '.repeat(BAR_WIDTH - position - 1)}]`;
  }
  const filled = Math.min(BAR_WIDTH, Math.round((done / total) * BAR_WIDTH));
  return `[${'='.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}]`;
}

function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
}

export interface ProgressOptions {
  /** Totals the command knows before a stage starts (the summary queue's length), by stage id. */
  totals?: Readonly<Record<string, number>>;
  now?: () => number;
}

/** "120/400 (30 %) · 2 min 10 s left" with a total (scrape: "12/30 days …"), else "120 · 4.0/s". */
export function describeProgress(done: number, total: number | undefined, elapsedMs: number, unit?: string): string {
  const enough = done >= MIN_ETA_DONE && elapsedMs >= MIN_ETA_MS;
  if (total) {
    const percent = Math.min(100, Math.floor((done / total) * 100));
    const eta = enough && done < total ? ` · ${formatDuration((elapsedMs / done) * (total - done))} left` : '';
    return `${done}/${total}${unit ? ` ${unit}` : ''} (${percent} %)${eta}`;
  }
  return `${done}${enough ? ` · ${((done * 1000) / elapsedMs).toFixed(1)}/s` : ''}`;
}

/**
 * Renders stage events on stderr: on a terminal one line redrawn in place with the total and the time
 * left; elsewhere (a log file, CI) one plain line per step. Returns a function that detaches it.
 */
export function renderStageProgress(
  events: EventEmitter<{ event: [StageEvent] }>,
  stream: NodeJS.WriteStream = process.stderr,
  options: ProgressOptions = {},
): () => void {
  const tty = stream.isTTY === true;
  const now = options.now ?? (() => performance.now());
  const startedAt = new Map<string, number>();
  let tick = 0;
  let lineOpen = false;
  const endLine = () => {
    if (lineOpen) stream.write('\n');
    lineOpen = false;
  };
  const onEvent = (event: StageEvent) => {
    const name = stageName(event.stage);
    switch (event.type) {
      case 'start':
        startedAt.set(event.stage, now());
        if (!tty) stream.write(`${name}: started\n`);
        break;
      case 'progress': {
        const total = event.total ?? options.totals?.[event.stage];
        const elapsed = now() - (startedAt.get(event.stage) ?? now());
        const text = `${name} ${describeProgress(event.done, total, elapsed, event.unit)}${event.message ? ` · ${event.message}` : ''}`;
        if (tty) {
          tick += 1;
          const columns = stream.columns ?? 80;
          stream.write(`\r\x1b[2K${`${bar(event.done, total, tick)} ${text}`.slice(0, columns - 1)}`);
          lineOpen = true;
        } else stream.write(`${text}\n`);
        break;
      }
      case 'log':
        endLine();
        stream.write(`${name}: ${event.message}\n`);
        break;
      case 'finish':
        endLine();
        stream.write(
          `${name}: done in ${(event.durationMs / 1000).toFixed(1)} s${Object.keys(event.counts).length ? ` (${formatCounts(event.counts)})` : ''}\n`,
        );
        break;
      case 'fail':
        endLine();
        stream.write(`${name}: failed after ${(event.durationMs / 1000).toFixed(1)} s\n`);
        break;
    }
  };
  events.on('event', onEvent);
  return () => {
    endLine();
    events.off('event', onEvent);
  };
}
