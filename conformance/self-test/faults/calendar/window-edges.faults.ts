// Self-test faults of window-edges.ts: the default window one day too long at either edge.

import type { FaultTable } from '../../support/self-test';
import type { ProxyRequest } from '../../support/broken';
import { apiPath } from '../../support/faults';

const DAY = 86_400_000;
const plusDays = (n: number): string => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

/** Default-window requests get an explicit window of `from`..`to` days from the UTC date. */
function window(req: ProxyRequest, from: number, to: number): ProxyRequest | undefined {
  if (req.method !== 'GET' || apiPath(req) !== '/events' || req.query.has('from') || req.query.has('to'))
    return undefined;
  const query = new URLSearchParams(req.query);
  query.set('from', plusDays(from));
  query.set('to', plusDays(to));
  return { ...req, query };
}

export const faults: FaultTable = {
  'calendar.defaultWindowEdgesExact': [
    {
      fault: () => ({
        description: 'the default calendar window starts 8 days back (today − 8 through today + 90)',
        request: (req) => window(req, -8, 90),
      }),
    },
    {
      fault: () => ({
        description: 'the default calendar window runs to today + 91',
        request: (req) => window(req, -7, 91),
      }),
    },
  ],
};
