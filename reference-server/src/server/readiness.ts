// GET /readyz: whether this process should be sent traffic. Ready means every dependency it needs answers (the
// database, Redis when configured, the webhook queue's store) and it is not shutting down. Otherwise 503
// SERVICE_UNAVAILABLE with Retry-After, naming what failed, so a balancer takes the process out of rotation while
// GET /healthz (liveness: the process and its database) keeps it from being restarted for a Redis outage.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { apiError } from '../platform/errors/api-error';
import { depsOf, type ReadinessChecks } from '../platform/app-context';

export type { ReadinessChecks };

export const READY_PATH = '/readyz';

/** A dependency that takes longer than this to answer a ping counts as down: a balancer's probe must not hang. */
export const CHECK_TIMEOUT_MS = 2000;

/** Set once the process starts shutting down: /readyz answers 503 from then on. */
export interface DrainState {
  draining: boolean;
}

async function passes(check: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function readinessRoute(drain: DrainState): ServerRoute {
  return {
    method: 'GET',
    path: READY_PATH,
    options: {
      auth: false,
      response: {
        schema: Joi.object({
          status: Joi.string().valid('ready').required(),
          checks: Joi.object().pattern(Joi.string(), Joi.string().valid('ok')).required(),
        }),
      },
      handler: async (request) => {
        if (drain.draining) throw apiError('SERVICE_UNAVAILABLE', 'Shutting down');
        const deps = depsOf(request);
        const checks = Object.entries(deps.readiness);
        const results = await Promise.all(checks.map(async ([name, check]) => [name, await passes(check)] as const));
        const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
        if (failed.length > 0) {
          // The answer is a plain 503 (no 5xx names internals); the log says which dependency failed.
          deps.logger.warn({ failed }, 'not ready');
          throw apiError('SERVICE_UNAVAILABLE', 'Not ready');
        }
        return { status: 'ready', checks: Object.fromEntries(results.map(([name]) => [name, 'ok'])) };
      },
    },
  };
}
