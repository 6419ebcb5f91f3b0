import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Logger } from '../logger.ts';
import type { InFlightRequests } from './middleware/in-flight.ts';

const POLL_MS = 50;

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}

/**
 * The first half of a shutdown, before the caller closes the database:
 * - no new connection is accepted;
 * - every answer from now on says `Connection: close`, and its connection ends with it;
 * - the requests being handled finish (a handler outlives a client that hung up, so handlers are counted,
 *   not connections);
 * - an idle keep-alive connection is left open until it ends by itself (the server's keep-alive timeout,
 *   5 s): a request may already be on its way on it, and closing it under that request is the error this
 *   avoids. It is answered, with `Connection: close`.
 * After `timeoutMs` whatever is left is closed. Resolves with whether everything ended before that.
 */
export async function drainServer(server: Server, inFlight: InFlightRequests, options: { timeoutMs: number; logger: Logger }): Promise<boolean> {
  const deadline = performance.now() + options.timeoutMs;
  inFlight.stop();
  // net's close, not http's: http.Server#close also closes the idle keep-alive connections at once.
  NetServer.prototype.close.call(server);
  try {
    if (!(await inFlight.idle(options.timeoutMs))) {
      options.logger.warn({ inFlight: inFlight.count }, `requests still running after ${options.timeoutMs / 1000} s are cut short`);
      return false;
    }
    while ((await openConnections(server)) > 0) {
      if (performance.now() >= deadline) {
        options.logger.warn(`connections still open after ${options.timeoutMs / 1000} s are closed`);
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return true;
  } finally {
    server.closeAllConnections();
  }
}
