// The faults of the checks in calendar.ts: each must make its check FAIL (a broken deployment per fault).
import { isListAnswer, mapJson } from '../../support/faults';
import { path, items, withQuery, DAY, today, plusDays } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Calendar -------------------------------------------------------------------------------------------
  'calendar.defaultWindowSortedAndTyped': [
    redTeamFault('calendar-sorted-only-by-default'),
    redTeamFault('calendar-ties-by-id-descending'),
    {
      fault: () => ({
        description: 'the default calendar window starts 30 days back',
        request: (req) =>
          path(req) === '/events' && req.method === 'GET' && !req.query.has('from') && !req.query.has('to')
            ? withQuery(req, (q) => (q.set('from', plusDays(today(), -30)), q.set('to', plusDays(today(), 90))))
            : undefined,
      }),
    },
    {
      fault: () =>
        mapJson(
          'events sorted by id only',
          (q, r) => path(q) === '/events' && isListAnswer(r),
          (b) => ({ ...b, data: [...items(b)].sort((x, y) => String(x.id).localeCompare(String(y.id))) }),
        ),
    },
  ],
  'calendar.fromAndToTogetherAtMost400Days': [
    {
      fault: () => ({
        description: 'calendar ranges over 400 days are cut to 400',
        request: (req) => {
          const from = req.query.get('from');
          const to = req.query.get('to');
          if (path(req) !== '/events' || !from || !to || Date.parse(to) - Date.parse(from) <= 400 * DAY)
            return undefined;
          return withQuery(req, (q) => q.set('to', plusDays(from, 400)));
        },
      }),
    },
    {
      fault: () => ({
        description: 'a calendar range of 401 days (to − from) is accepted (cut to 400)',
        request: (req) => {
          const from = req.query.get('from');
          const to = req.query.get('to');
          return path(req) === '/events' && from && to && Date.parse(to) - Date.parse(from) === 401 * DAY
            ? withQuery(req, (q) => q.set('to', plusDays(from, 400)))
            : undefined;
        },
      }),
    },
    {
      fault: () => ({
        description: 'from alone is accepted (to defaults to from + 90)',
        request: (req) =>
          path(req) === '/events' && req.query.has('from') && !req.query.has('to')
            ? withQuery(req, (q) => q.set('to', plusDays(q.get('from') ?? today(), 90)))
            : undefined,
      }),
    },
  ],
  'calendar.typeFilterAndItsLength': [
    redTeamFault('calendar-type-list-first-only'),
    {
      fault: () => ({
        description: 'the calendar type filter is ignored',
        request: (req) =>
          path(req) === '/events' && req.query.has('type') ? withQuery(req, (q) => q.delete('type')) : undefined,
      }),
    },
    {
      fault: () => ({
        description: 'calendar type lists over 500 characters are cut and accepted',
        request: (req) =>
          (req.query.get('type') ?? '').length > 500 ? withQuery(req, (q) => q.set('type', 'Rent')) : undefined,
      }),
    },
  ],
  'calendar.propertyIdFilter': [
    redTeamFault('calendar-type-ignored-with-property-id'),
    {
      fault: () => ({
        description: 'the calendar propertyId filter is ignored',
        request: (req) =>
          path(req) === '/events' && req.query.has('propertyId')
            ? withQuery(req, (q) => q.delete('propertyId'))
            : undefined,
      }),
    },
  ],
};
