import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { runStage, type Stage, type StageEvent } from './stage-runner.ts';

let testDb: TestDatabase;

const talkingStage: Stage<void, void> = {
  id: 'pipeline.talking',
  async run(ctx) {
    ctx.log('looking at 3 new publications');
  },
};

function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), lines };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

describe('a stage message', () => {
  it('is printed once, by the progress listener, when one listens', async () => {
    const { logger, lines } = capturedLogger();
    const events = new EventEmitter<{ event: [StageEvent] }>();
    const seen: StageEvent[] = [];
    events.on('event', (event) => seen.push(event));
    await runStage(talkingStage, undefined, { db: testDb.db.knex, logger, events });
    expect(seen.filter((e) => e.type === 'log').map((e) => (e.type === 'log' ? e.message : ''))).toEqual(['looking at 3 new publications']);
    expect(lines.join('')).not.toContain('looking at 3 new publications');
  });

  it('goes to the log when nobody listens', async () => {
    const { logger, lines } = capturedLogger();
    await runStage(talkingStage, undefined, { db: testDb.db.knex, logger, events: new EventEmitter() });
    expect(lines.join('')).toContain('looking at 3 new publications');
  });
});

describe("a stage's signal", () => {
  it('takes a listener per queued task without a MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const busyStage: Stage<void, void> = {
        id: 'pipeline.busy',
        async run(ctx) {
          const queue = ctx.workQueue({ concurrency: 2 });
          await Promise.all(Array.from({ length: 40 }, () => queue.add(() => new Promise<void>((resolve) => setImmediate(resolve)), { signal: ctx.signal })));
        },
      };
      await runStage(busyStage, undefined, { db: testDb.db.knex, logger: createLogger({ level: 'silent' }), signal: new AbortController().signal });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
