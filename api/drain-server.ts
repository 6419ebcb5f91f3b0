import type { Server } from 'node:http';
import type { Logger } from '../logger.ts';
import type { InFlightRequests } from './middleware/in-flight.ts';

/**
 * The first half of a shutdown: no new connection is accepted, answers from now on close their keep-alive
 * connection, idle ones are closed, and the requests being handled finish (for up to `timeoutMs`) before
 * the caller closes the database under them. A handler outlives a client that hung up, so it is the
 * handlers that are counted, not the connections. Resolves with whether every handler finished.
 */
export async function drainServer(server: Server, inFlight: InFlightRequests, options: { timeoutMs: number; logger: Logger }): Promise<boolean> {
  inFlight.stop();
  server.close();
  server.closeIdleConnections();
  // A keep-alive connection becomes idle when its answer is sent; close it then rather than wait for the client.
  const idleConnections = setInterval(() => server.closeIdleConnections(), 50);
  try {
    const drained = await inFlight.idle(options.timeoutMs);
    if (!drained) options.logger.warn({ inFlight: inFlight.count }, `requests still running after ${options.timeoutMs / 1000} s are cut short`);
    return drained;
  } finally {
    clearInterval(idleConnections);
    server.closeAllConnections();
  }
}
