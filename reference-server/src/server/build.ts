// Builds the Hapi server from options and deps: no listening, no process concerns (tests use it directly).
import Hapi, { type Server } from '@hapi/hapi';
import Joi from 'joi';
import { publicApiPlugin, PUBLIC_PREFIX } from '../api/public-api';
import { provisioningPlugin, PROVISIONING_PREFIX } from '../dashboard/provisioning';
import { dashboardPlugin, DASHBOARD_PREFIX } from '../dashboard/routes';
import { errorResponderPlugin } from '../platform/errors/responder';
import { validationFailAction } from '../platform/errors/validation';
import { readCachePlugin } from '../platform/read-cache/plugin';
import { storableTextPlugin } from '../platform/http/storable-text';
import { requestLogPlugin } from '../platform/logging';
import { transportPlugin } from '../platform/transport/plugin';
import { answerClientErrors, createListener } from '../platform/transport/listener';
import { attachDeps, type AppDeps } from '../platform/app-context';
import { HEALTH_PATH, healthRoute } from './health';

export interface BuildOptions {
  /** Validate response bodies against their schemas and fail (500) on a mismatch: on in tests. */
  readonly strictResponses?: boolean;
  /** JSON request bodies above this many bytes answer 413. */
  readonly maxJsonBytes?: number;
}

export async function buildServer(deps: AppDeps, options: BuildOptions = {}): Promise<Server> {
  const server = Hapi.server({
    listener: createListener({
      requestTimeoutMs: deps.config.requestTimeoutMs,
      headersTimeoutMs: deps.config.headersTimeoutMs,
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
  attachDeps(server, deps);
  answerClientErrors(server);

  await server.register({ plugin: requestLogPlugin, options: { logger: deps.logger } });
  await server.register({
    plugin: transportPlugin,
    options: {
      production: deps.config.production,
      trustedProxies: deps.config.trustedProxies,
      plainHttpPaths: [HEALTH_PATH],
    },
  });
  await server.register({ plugin: errorResponderPlugin, options: { logger: deps.logger } });
  await server.register({ plugin: readCachePlugin });
  await server.register({ plugin: storableTextPlugin });
  await server.register(publicApiPlugin, { routes: { prefix: PUBLIC_PREFIX } });
  await server.register(dashboardPlugin, { routes: { prefix: DASHBOARD_PREFIX } });
  await server.register(provisioningPlugin, { routes: { prefix: PROVISIONING_PREFIX } });

  server.route(healthRoute);

  // Unknown routes and unlisted methods get Hapi's own not-found route, which drains the body without reading it
  // (no parse, media-type or size check could answer 400, 413 or 415 first); the responder makes it 404 NOT_FOUND.
  return server;
}
