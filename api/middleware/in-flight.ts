import type { Middleware } from 'koa';

/**
 * Counts the requests whose handlers are still running or whose answers are not sent yet (a handler may
 * outlive its connection), so that a shutdown closes the database and the connections only after the last one; once `stopping`, answers ask the client to close
 * its keep-alive connection, so that no new request arrives on it.
 */
export interface InFlightRequests {
  readonly middleware: Middleware;
  readonly count: number;
  /** From now on every answer carries `Connection: close`. */
  stop(): void;
  /** Resolves when no handler is running (at once if none is), or after `timeoutMs` with false. */
  idle(timeoutMs: number): Promise<boolean>;
}

export function createInFlightRequests(): InFlightRequests {
  let count = 0;
  let stopping = false;
  let waiters: Array<() => void> = [];
  return {
    middleware: async (ctx, next) => {
      count += 1;
      const done = () => {
        count -= 1;
        if (count === 0) {
          for (const wake of waiters) wake();
          waiters = [];
        }
      };
      try {
        await next();
      } finally {
        if (stopping && !ctx.headerSent) ctx.set('Connection', 'close');
        // Koa writes the answer after the middleware returns: the request counts until it is sent (or its connection gone).
        if (ctx.res.closed) done();
        else ctx.res.once('close', done);
      }
    },
    get count() {
      return count;
    },
    stop() {
      stopping = true;
    },
    idle(timeoutMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((wake) => wake !== done);
          resolve(false);
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.push(done);
      });
    },
  };
}
