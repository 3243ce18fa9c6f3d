// The faults of invalid-query.ts: each makes a deployment accept one kind of value outside a parameter's stated
// value set (on one route or one parameter only: the generated check must find it wherever it is).
import type { Fault } from '../../support/broken';
import { errorResponse } from '../../support/faults';
import { path, withQuery } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Drops `param` from GET `route` requests when `bad(value)`: the deployment then answers as if it was not sent. */
function ignores(route: RegExp, param: string, bad: (value: string) => boolean, what: string): () => Fault {
  return () => ({
    description: `GET ${String(route)} ignores ${what}`,
    request: (req) => {
      const value = req.query.get(param);
      return req.method === 'GET' && route.test(path(req)) && value !== null && bad(value)
        ? withQuery(req, (q) => q.delete(param))
        : undefined;
    },
  });
}

/** GET `route` answers 400 VALIDATION_ERROR when `edge(value)`: a bound the spec states counted as outside it. */
function refusesEdge(route: RegExp, param: string, edge: (value: string) => boolean, what: string): () => Fault {
  return () => ({
    description: `GET ${String(route)} refuses ${what}`,
    request: (req) => {
      const value = req.query.get(param);
      return req.method === 'GET' && route.test(path(req)) && value !== null && edge(value)
        ? errorResponse(400, 'VALIDATION_ERROR', `${param} is out of range`, { 'x-service-mode': 'live' })
        : undefined;
    },
  });
}

export const faults: FaultTable = {
  'generated.everyTypedQueryParameterAcceptsItsEdges': [
    { fault: refusesEdge(/^\/properties$/, 'search', (v) => v.length === 200, 'a search of exactly 200 characters') },
    { fault: refusesEdge(/^\/contracts$/, 'limit', (v) => v === '500', 'limit=500') },
    {
      fault: refusesEdge(
        /^\/properties\/[^/]+\/documents$/,
        'expiringWithinDays',
        (v) => v === '0',
        'expiringWithinDays=0',
      ),
    },
  ],
  'generated.everyTypedQueryParameterRefusesInvalidValues': [
    redTeamFault('validation-message-without-paths-on-queries'),
    {
      fault: ignores(
        /^\/contracts$/,
        'status',
        (v) => !['Active', 'Pending', 'Notice Served', 'Ended'].includes(v),
        'an unknown status (answers the whole list)',
      ),
    },
    { fault: ignores(/^\/events$/, 'limit', (v) => Number(v) > 500, 'a limit above 500 (the default page)') },
    {
      fault: ignores(
        /^\/properties\/[^/]+\/documents$/,
        'expiringWithinDays',
        (v) => Number(v) > 3650,
        'expiringWithinDays above 3650',
      ),
    },
    { fault: ignores(/^\/rent$/, 'page', (v) => !/^\d+$/.test(v), 'a page that is not an integer') },
  ],
};
