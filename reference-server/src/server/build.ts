// Builds the Hapi server from options and deps: no listening, no process concerns (tests use it directly).
import Hapi, { type Server } from '@hapi/hapi';
import Joi from 'joi';
import { publicApiPlugin, PUBLIC_PREFIX } from '../api/public-api';
import { provisioningPlugin, PROVISIONING_PREFIX } from '../dashboard/provisioning';
import { dashboardPlugin, DASHBOARD_PREFIX } from '../dashboard/routes';
import { DASHBOARD_PAGES } from '../dashboard/web/pages';
import { dashboardWebPlugin } from '../dashboard/web/plugin';
import { errorResponderPlugin } from '../platform/errors/responder';
import { validationFailAction } from '../platform/errors/validation';
import { readCachePlugin } from '../platform/read-cache/plugin';
import { storableTextPlugin } from '../platform/http/storable-text';
import { requestLogPlugin } from '../platform/logging';
import { transportPlugin } from '../platform/transport/plugin';
import { answerClientErrors, createListener } from '../platform/transport/listener';
import { attachDeps, type AppDeps } from '../platform/app-context';
import { HEALTH_PATH, healthRoute } from './health';
import { metricsPlugin, METRICS_PATH } from '../platform/metrics/plugin';
import { READY_PATH, readinessRoute, type DrainState } from './readiness';
import { drainPlugin } from './shutdown';

export interface BuildOptions {
  /** Validate response bodies against their schemas and fail (500) on a mismatch: on in tests. */
  readonly strictResponses?: boolean;
  /** JSON request bodies above this many bytes answer 413. */
  readonly maxJsonBytes?: number;
  /** Set by the process's shutdown (server/shutdown.ts): readiness fails and connections close after each answer. */
  readonly drain?: DrainState;
}

export async function buildServer(deps: AppDeps, options: BuildOptions = {}): Promise<Server> {
  const server = Hapi.server({
    listener: createListener({
      requestTimeoutMs: deps.config.requestTimeoutMs,
      headersTimeoutMs: deps.config.headersTimeoutMs,
      keepAliveTimeoutMs: deps.config.keepAliveTimeoutMs,
    }),
    port: deps.config.port,
    host: deps.config.host,
    routes: {
      validate: { failAction: validationFailAction, options: { abortEarly: false, errors: { wrap: { label: '"' } } } },
      response: options.strictResponses ? { failAction: 'error', sample: 100 } : { failAction: 'log', sample: 0 },
      // JSON only by default: upload routes opt into multipart themselves.
      // No Hapi payload timeout: Node's requestTimeout (REQUEST_TIMEOUT_MS) answers 408 and closes the connection,
      // where Hapi's would answer and then wait for the rest of a body that never comes.
      payload: { maxBytes: options.maxJsonBytes ?? 1024 * 1024, allow: ['application/json'], timeout: false },
    },
    router: { stripTrailingSlash: true },
  });
  server.validator(Joi);
  const drain = options.drain ?? { draining: false };
  attachDeps(server, deps);
  answerClientErrors(server);

  await server.register({ plugin: requestLogPlugin, options: { logger: deps.logger } });
  await server.register({
    plugin: metricsPlugin,
    options: { metrics: deps.metrics, access: deps.config.metrics, adminToken: deps.config.adminToken },
  });
  await server.register({ plugin: drainPlugin, options: { drain } });
  await server.register({
    plugin: transportPlugin,
    options: {
      production: deps.config.production,
      trustedProxies: deps.config.trustedProxies,
      // Probes and scrapers reach the process on its own address, inside the network, before any TLS terminator.
      plainHttpPaths: [HEALTH_PATH, READY_PATH, METRICS_PATH],
    },
  });
  await server.register({ plugin: errorResponderPlugin, options: { logger: deps.logger } });
  await server.register({ plugin: readCachePlugin });
  await server.register({ plugin: storableTextPlugin });
  await server.register(publicApiPlugin, { routes: { prefix: PUBLIC_PREFIX } });
  await server.register(dashboardPlugin, { routes: { prefix: DASHBOARD_PREFIX } });
  await server.register(provisioningPlugin, { routes: { prefix: PROVISIONING_PREFIX } });
  await server.register(dashboardWebPlugin, { routes: { prefix: DASHBOARD_PAGES } });

  server.route(healthRoute);
  server.route(readinessRoute(drain));

  // Unknown routes and unlisted methods get Hapi's own not-found route, which drains the body without reading it
  // (no parse, media-type or size check could answer 400, 413 or 415 first); the responder makes it 404 NOT_FOUND.
  return server;
}
