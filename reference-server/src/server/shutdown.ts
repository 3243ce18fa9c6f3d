// Graceful shutdown of one server process: stop accepting connections, let the requests in flight finish within a
// bound, close every connection (idle ones at once, busy ones after their answer), then close the dependencies.
// Readiness answers 503 from the first moment, for a balancer still probing over a kept connection.
import type { Plugin, Server } from '@hapi/hapi';
import type { DrainState } from './readiness';

/** While draining, every answer asks its client to close the connection: none is kept open for a next request. */
export const drainPlugin: Plugin<{ drain: DrainState }> = {
  name: 'drain',
  register(server, { drain }) {
    server.ext('onPreResponse', (request, h) => {
      if (!drain.draining) return h.continue;
      const response = request.response;
      if ('isBoom' in response) response.output.headers.connection = 'close';
      else response.header('connection', 'close');
      return h.continue;
    });
  },
};

export interface ShutdownOptions {
  /** Requests in flight get this long to finish; their connections are destroyed then. */
  readonly timeoutMs: number;
  /** Closes what the process opened (database, Redis, queue), once no request runs any more. */
  readonly closeDependencies: () => Promise<void>;
}

/**
 * Hapi's stop closes the listener (no new connections; Node also closes the idle keep-alive ones), ends the
 * connections without a request in flight, waits for the others up to the timeout and destroys what is left.
 */
export async function shutDown(server: Server, drain: DrainState, options: ShutdownOptions): Promise<void> {
  drain.draining = true;
  await server.stop({ timeout: options.timeoutMs });
  await options.closeDependencies();
}
