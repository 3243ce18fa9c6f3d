// The faults of the checks in calendar-ends.ts: each must make its check FAIL (a broken deployment per fault).
import { apiPath } from '../../support/faults';
import type { ProxyRequest, ProxyResponse } from '../../support/broken';
import type { FaultTable } from '../../support/self-test';

const YEAR_ZERO = /\b0000-\d\d-\d\d\b/;
const YEAR_9999 = /\b9999-\d\d-\d\d\b/;
/** A 500 from the framework's own error page, not the API's envelope (a 500 in the envelope is only a warning). */
const PLAIN_500: ProxyResponse = {
  status: 500,
  headers: { 'content-type': 'text/html' },
  body: Buffer.from('<h1>Internal Server Error</h1>'),
};
const carries = (req: ProxyRequest, date: RegExp): boolean =>
  date.test(req.body.toString('latin1')) || date.test(req.query.toString());

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'errors.calendarEndDatesNeverAnswer5xx': [
    {
      fault: () => ({
        description: 'a renewal date in year 0000 answers a bare 500 page (the store has no year zero)',
        request: (req) =>
          req.method === 'PATCH' && /^\/properties\/[^/]+$/.test(apiPath(req) ?? '') && carries(req, YEAR_ZERO)
            ? PLAIN_500
            : undefined,
      }),
    },
    {
      fault: () => ({
        description: 'the compliance summary answers a bare 500 page once a document expiring in 9999 is stored',
        request: (req, ctx) => {
          const path = apiPath(req) ?? '';
          if (req.method === 'POST' && /\/documents$/.test(path) && carries(req, YEAR_9999))
            ctx.state.set('9999', true);
          return req.method === 'GET' && path === '/compliance/summary' && ctx.state.get('9999') === true
            ? PLAIN_500
            : undefined;
        },
      }),
    },
    {
      fault: () => ({
        description: 'a calendar window in year 0000 is refused as plain text (400, no error envelope)',
        request: (req) =>
          req.method === 'GET' && apiPath(req) === '/events' && YEAR_ZERO.test(req.query.get('from') ?? '')
            ? { status: 400, headers: { 'content-type': 'text/plain' }, body: Buffer.from('bad date') }
            : undefined,
      }),
    },
  ],
};
