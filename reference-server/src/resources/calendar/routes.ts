// Calendar events: derived, read-only.
import type { Plugin, ServerRoute } from '@hapi/hapi';
import { readScope, todayFor } from '../../server/app-context';
import { listMeta } from '../../platform/http/pagination';
import { calendarEventList, eventsQuery, type EventsQuery } from './schemas';
import { defaultWindow, listEvents } from './service';

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/events',
    options: {
      tags: ['api', 'Calendar'],
      description: 'Calendar events derived from contracts, rent, compliance, tenants, documents (and maintenance/inspections when present), sorted by date then id',
      validate: { query: eventsQuery },
      response: { schema: calendarEventList },
      handler: async (request) => {
        const query = request.query as unknown as EventsQuery;
        const window = query.from && query.to ? { from: query.from, to: query.to } : defaultWindow(todayFor(request));
        const { data, total } = await listEvents(readScope(request), { window, propertyId: query.propertyId, types: query.type, page: query.page, limit: query.limit });
        return { data, meta: listMeta(query, total) };
      },
    },
  },
];

export const calendarPlugin: Plugin<void> = {
  name: 'resources/calendar',
  register(server) {
    server.route(routes);
  },
};
