// GET /healthz: answers without a key, for container health checks and load balancers. Ready means the database
// answers a query; otherwise 503 SERVICE_UNAVAILABLE in the usual envelope, so an orchestrator restarts or waits.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { apiError } from '../platform/errors/api-error';
import { depsOf } from '../platform/app-context';

export const HEALTH_PATH = '/healthz';

export const healthRoute: ServerRoute = {
  method: 'GET',
  path: HEALTH_PATH,
  options: {
    auth: false,
    response: { schema: Joi.object({ status: Joi.string().valid('ok').required() }) },
    handler: async (request) => {
      try {
        await depsOf(request).knex.raw('select 1');
      } catch {
        throw apiError('SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return { status: 'ok' };
    },
  },
};
