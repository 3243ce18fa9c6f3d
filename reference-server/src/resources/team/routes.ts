// GET /team: the account owner and current members (read-only: no field table). A typed route over the service.
import { readScope } from '../../platform/app-context';
import { resourcePlugin, route } from '../../platform/http/routes';
import { teamEnvelope, teamQuery } from './schemas';
import { roster } from './service';

export const teamPlugin = resourcePlugin('resources/team', [
  route({
    method: 'GET',
    path: '/team',
    options: {
      tags: ['api', 'Team'],
      description: 'The team roster: the account owner and current members (removed members are not listed)',
      validate: { query: teamQuery },
      response: { schema: teamEnvelope },
      handler: async (request) => ({ data: await roster(readScope(request)) }),
    },
  }),
]);
