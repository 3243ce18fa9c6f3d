// GET /subscription: the landlord's plan, limits and usage (read-only and derived: no field table).
import { readScope } from '../../platform/app-context';
import { resourcePlugin, route } from '../../platform/http/routes';
import { subscriptionEnvelope, subscriptionQuery } from './schemas';
import { summary } from './service';

export const subscriptionPlugin = resourcePlugin('resources/subscription', [
  route({
    method: 'GET',
    path: '/subscription',
    options: {
      tags: ['api', 'Subscription'],
      description: 'Subscription summary: plan, property limit and usage, storage usage and quota, next billing date',
      validate: { query: subscriptionQuery },
      response: { schema: subscriptionEnvelope },
      handler: async (request) => ({ data: await summary(readScope(request)) }),
    },
  }),
]);
