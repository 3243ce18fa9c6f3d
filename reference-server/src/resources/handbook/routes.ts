// GET /properties/{id}/handbook.
import type { Plugin, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { readScope, todayFor } from '../../server/app-context';
import { idParams } from '../../platform/http/schemas';
import { handbookEnvelope } from './schemas';
import * as handbook from './service';

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/properties/{id}/handbook',
    options: {
      tags: ['api', 'Properties'],
      description: 'The property handbook: knowledge, completeness, meters with opening readings, suppliers (no account numbers)',
      validate: { params: idParams, query: Joi.object({}) },
      response: { schema: handbookEnvelope },
      handler: async (request) => ({ data: await handbook.get(readScope(request), request.params.id as string, todayFor(request)) }),
    },
  },
];

export const handbookPlugin: Plugin<void> = {
  name: 'resources/handbook',
  register(server) {
    server.route(routes);
  },
};
