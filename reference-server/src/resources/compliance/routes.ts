// Compliance summary: one read over the whole portfolio, in the landlord's local date.
import type { Plugin, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { depsOf, readScope, todayFor } from '../../server/app-context';
import { complianceSummaryEnvelope } from './schemas';
import { complianceSummary } from './summary';

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/compliance/summary',
    options: {
      tags: ['api', 'Compliance'],
      description: 'Portfolio compliance: severity counts, EPC figures, the attention list and every property\'s statutory items',
      // No parameters: any query key is a 400 VALIDATION_ERROR like everywhere else.
      validate: { query: Joi.object({}) },
      response: { schema: complianceSummaryEnvelope },
      handler: async (request) => ({ data: await complianceSummary(readScope(request), todayFor(request), depsOf(request).clock.now()) }),
    },
  },
];

export const compliancePlugin: Plugin<void> = {
  name: 'resources/compliance',
  register(server) {
    server.route(routes);
  },
};
