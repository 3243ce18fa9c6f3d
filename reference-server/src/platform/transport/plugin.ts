// Transport concerns on every response, errors and unknown routes included: X-Service-Mode, X-Request-Id
// and the rate-limit headers; and HTTPS_REQUIRED in production before anything else runs.
import type { Plugin } from '@hapi/hapi';
import { apiError } from '../errors/api-error';
import { drainUnreadBody } from './drain';
import { isEncrypted } from './https';
import { serviceModeOf } from './service-mode';

export interface TransportOptions {
  readonly production: boolean;
  readonly trustedProxies: readonly string[];
  /**
   * Paths outside the API that answer over plain HTTP in production too: the health check, which load balancers and
   * container runtimes probe on the instance's own address, inside the network, before any TLS terminator.
   */
  readonly plainHttpPaths?: readonly string[];
}

/** How long a refused request's body is read before the connection is closed on it instead. */
const DRAIN_TIMEOUT_MS = 10_000;

export const transportPlugin: Plugin<TransportOptions> = {
  name: 'transport',
  register(server, options) {
    const plainHttp = new Set(options.plainHttpPaths ?? []);
    server.ext('onRequest', (request, h) => {
      if (options.production && !plainHttp.has(request.path) && !isEncrypted(request, options.trustedProxies))
        throw apiError('HTTPS_REQUIRED');
      return h.continue;
    });
    server.ext(
      'onPreResponse',
      async (request, h) => {
        // A body refused unread (auth, scope, limits) is drained first so the client can read the answer.
        await drainUnreadBody(request, request.route.settings.payload?.maxBytes ?? 1024 * 1024, DRAIN_TIMEOUT_MS);
        const response = request.response;
        if ('isBoom' in response) return h.continue; // shaped by the error responder first
        response.header('x-service-mode', serviceModeOf(request));
        response.header('x-request-id', request.info.id);
        for (const [name, value] of Object.entries(request.app.rateLimitHeaders ?? {})) response.header(name, value);
        return h.continue;
      },
      { after: ['error-responder'] },
    );
  },
};
