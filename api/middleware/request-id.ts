import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../logger.ts';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestId(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const id = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    // The request's child logger is made when a handler first logs: most requests log only their request line,
    // which the parent writes with the same fields in the same order.
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (child ??= logger.child({ requestId: id })),
      set: (value: Logger) => (child = value),
    });
    ctx.set('X-Request-Id', id);
    const started = performance.now();
    try {
      await next();
    } finally {
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) };
      if (child) child.info(line, 'request');
      else logger.info({ requestId: id, ...line }, 'request');
    }
  };
}
