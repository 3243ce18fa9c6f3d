// GET /properties/{id}/handbook: a typed route over the service (read-only and derived: no field table).
import Joi from 'joi';
import { readScope, todayFor } from '../../platform/app-context';
import { idParams } from '../../platform/http/schemas';
import { resourcePlugin, route, type IdParams } from '../../platform/http/routes';
import { handbookEnvelope } from './schemas';
import * as handbook from './service';

export const handbookPlugin = resourcePlugin('resources/handbook', [
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/properties/{id}/handbook',
    options: {
      tags: ['api', 'Properties'],
      description:
        'The property handbook: knowledge, completeness, meters with opening readings, suppliers (no account numbers)',
      validate: { params: idParams, query: Joi.object({}) },
      response: { schema: handbookEnvelope },
      handler: async (request) => ({
        data: await handbook.get(readScope(request), request.params.id, todayFor(request)),
      }),
    },
  }),
]);
