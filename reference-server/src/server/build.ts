// Builds the Hapi server from options and deps: no listening, no process concerns (tests use it directly).
import Hapi, { type Server } from '@hapi/hapi';
import Joi from 'joi';
import { publicApiPlugin, PUBLIC_PREFIX } from '../api/public-api';
import { dashboardPlugin, DASHBOARD_PREFIX } from '../dashboard/routes';
import { errorResponderPlugin } from '../platform/errors/responder';
import { validationFailAction } from '../platform/errors/validation';
import { notFound } from '../platform/errors/api-error';
import { rateLimitPlugin } from '../platform/limits/plugin';
import { readCachePlugin } from '../platform/read-cache/plugin';
import { requestLogPlugin } from '../platform/logging';
import { transportPlugin } from '../platform/transport/plugin';
import { attachDeps, type AppDeps } from './app-context';

export interface BuildOptions {
  /** Validate response bodies against their schemas and fail (500) on a mismatch: on in tests. */
  readonly strictResponses?: boolean;
  /** JSON request bodies above this many bytes answer 413. */
  readonly maxJsonBytes?: number;
}

export async function buildServer(deps: AppDeps, options: BuildOptions = {}): Promise<Server> {
  const server = Hapi.server({
    port: deps.config.port,
    host: deps.config.host,
    routes: {
      validate: { failAction: validationFailAction, options: { abortEarly: false, errors: { wrap: { label: '"' } } } },
      response: options.strictResponses ? { failAction: 'error', sample: 100 } : { failAction: 'log', sample: 0 },
      // JSON only by default: upload routes opt into multipart themselves.
      payload: { maxBytes: options.maxJsonBytes ?? 1024 * 1024, allow: ['application/json'] },
    },
    router: { stripTrailingSlash: true },
  });
  server.validator(Joi);
  attachDeps(server, deps);

  await server.register({ plugin: requestLogPlugin, options: { logger: deps.logger } });
  await server.register({ plugin: transportPlugin, options: { production: deps.config.production, trustedProxies: deps.config.trustedProxies } });
  await server.register({ plugin: errorResponderPlugin, options: { logger: deps.logger } });
  await server.register({ plugin: readCachePlugin });
  // Cached reads: with REDIS_URL the limiter and the data versions share one Redis (openDeps), so the limiter reads
  // the version in its own round trip: one round trip per cached read, not two.
  const versionKey = deps.dataVersions.keyOf?.bind(deps.dataVersions);
  const readAlong = deps.responseCache.enabled && deps.config.redisUrl ? versionKey : undefined;
  await server.register({ plugin: rateLimitPlugin, options: { store: deps.rateLimits, landlordLimits: deps.config.landlordLimits, readAlong } });
  await server.register(publicApiPlugin, { routes: { prefix: PUBLIC_PREFIX } });
  await server.register(dashboardPlugin, { routes: { prefix: DASHBOARD_PREFIX } });

  // Unknown routes (any method) answer 404 NOT_FOUND in the envelope.
  server.route({ method: '*', path: '/{p*}', options: { auth: false, handler: () => { throw notFound('Route'); } } });
  return server;
}
