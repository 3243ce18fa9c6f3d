// The public API: every route under /api/public/v1, behind the api-key strategy by default.
import type { Plugin } from '@hapi/hapi';
import { registerApiKeyScheme } from './api-key-scheme';
import { removedRoutes } from '../platform/transport/deprecated';
import { depsOf } from '../platform/app-context';
import { RESOURCE_PLUGINS } from './resources';
import { openApiRoute } from '../openapi/route';

export const PUBLIC_PREFIX = '/api/public/v1';

export const publicApiPlugin: Plugin<void> = {
  name: 'public-api',
  async register(server) {
    const deps = depsOf(server);
    // Cached reads: with REDIS_URL the limiter and the data versions share one Redis (openDeps), so the limiter reads
    // the version in its own round trip: one round trip per cached read, not two.
    const versionKey = deps.dataVersions.keyOf?.bind(deps.dataVersions);
    const readAlong = deps.responseCache.enabled && deps.config.redisUrl ? versionKey : undefined;
    registerApiKeyScheme(server, {
      knex: deps.knex,
      cacheTtlMs: deps.config.credentialCacheMs,
      changes: deps.credentialChanges,
      limits: {
        store: deps.rateLimits,
        landlordLimits: deps.config.landlordLimits,
        readAlong: { data: readAlong },
        onDecision: (scope, decision) => deps.metrics.limiterDecision(scope, decision),
      },
    });
    server.auth.default('api-key');
    for (const plugin of RESOURCE_PLUGINS) await server.register(plugin);
    server.route(removedRoutes(PUBLIC_PREFIX));
    server.route(openApiRoute(PUBLIC_PREFIX));
  },
};
