// Calendar events: derived, read-only (no field table: nothing is written). HTTP shape only, typed query.
import { readScope, todayFor } from '../../platform/app-context';
import { listMeta } from '../../platform/http/pagination';
import { resourcePlugin, route } from '../../platform/http/routes';
import { calendarEventList, eventsQuery, type EventsQuery } from './schemas';
import { defaultWindow, listEvents } from './service';

export const calendarPlugin = resourcePlugin('resources/calendar', [
  route<{ Query: EventsQuery }>({
    method: 'GET',
    path: '/events',
    options: {
      tags: ['api', 'Calendar'],
      description:
        'Calendar events derived from contracts, rent, compliance, tenants, documents (and maintenance/inspections when present), sorted by date then id',
      validate: { query: eventsQuery },
      response: { schema: calendarEventList },
      handler: async (request) => {
        const query = request.query;
        const window = query.from && query.to ? { from: query.from, to: query.to } : defaultWindow(todayFor(request));
        const { data, total } = await listEvents(readScope(request), {
          window,
          propertyId: query.propertyId,
          types: query.type,
          page: query.page,
          limit: query.limit,
        });
        return { data, meta: listMeta(query, total) };
      },
    },
  }),
]);
