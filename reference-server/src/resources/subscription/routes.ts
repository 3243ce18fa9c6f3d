// GET /subscription: the landlord's plan, limits and usage.
import type { Plugin, ServerRoute } from '@hapi/hapi';
import { readScope } from '../../server/app-context';
import { subscriptionEnvelope, subscriptionQuery } from './schemas';
import { summary } from './service';

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/subscription',
    options: {
      tags: ['api', 'Subscription'],
      description: 'Subscription summary: plan, property limit and usage, storage usage and quota, next billing date',
      validate: { query: subscriptionQuery },
      response: { schema: subscriptionEnvelope },
      handler: async (request) => ({ data: await summary(readScope(request)) }),
    },
  },
];

export const subscriptionPlugin: Plugin<void> = {
  name: 'resources/subscription',
  register(server) {
    server.route(routes);
  },
};
