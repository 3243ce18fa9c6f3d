// GET /team: the account owner and current members.
import type { Plugin, ServerRoute } from '@hapi/hapi';
import { readScope } from '../../server/app-context';
import { teamEnvelope, teamQuery } from './schemas';
import { roster } from './service';

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/team',
    options: {
      tags: ['api', 'Team'],
      description: 'The team roster: the account owner and current members (removed members are not listed)',
      validate: { query: teamQuery },
      response: { schema: teamEnvelope },
      handler: async (request) => ({ data: await roster(readScope(request)) }),
    },
  },
];

export const teamPlugin: Plugin<void> = {
  name: 'resources/team',
  register(server) {
    server.route(routes);
  },
};
