import type { EventEmitter } from 'node:events';
import type { StageEvent } from '../pipeline/stage-runner.ts';

const BAR_WIDTH = 24;
const NAMES: Record<string, string> = { 'pipeline.fetch': 'fetch', 'pipeline.normalize': 'normalize' };

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

/**
 * Renders stage events on stderr: a progress line redrawn in place on a terminal, plain lines otherwise.
 * Returns a function that detaches it.
 */
export function renderStageProgress(events: EventEmitter<{ event: [StageEvent] }>, stream: NodeJS.WriteStream = process.stderr): () => void {
  const tty = stream.isTTY === true;
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
        if (!tty) stream.write(`${name}: started\n`);
        break;
      case 'progress': {
        const text = `${name} ${event.done}${event.total ? `/${event.total}` : ''}${event.message ? ` · ${event.message}` : ''}`;
        if (tty) {
          tick += 1;
          const columns = stream.columns ?? 80;
          stream.write(`\r\x1b[2K${`${bar(event.done, event.total, tick)} ${text}`.slice(0, columns - 1)}`);
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
        stream.write(`${name}: done in ${(event.durationMs / 1000).toFixed(1)} s${Object.keys(event.counts).length ? ` (${formatCounts(event.counts)})` : ''}\n`);
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
