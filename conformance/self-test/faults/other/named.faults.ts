// The faults of the checks in named.ts: each must make its check FAIL (a broken deployment per fault).
import { errorResponse, mapJson } from '../../support/faults';
import { Rec, path } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'other.namedEndpointsAnswerTheEnvelope': [
    {
      fault: () => ({
        description: 'GET /mortgages answers 404',
        request: (req) => (path(req) === '/mortgages' ? errorResponse(404, 'NOT_FOUND', 'Not found') : undefined),
      }),
    },
    {
      fault: () =>
        mapJson(
          'GET /subscription answers a bare object without data',
          (q, r) => path(q) === '/subscription' && r.status === 200,
          (b) => ({ plan: (b.data as Rec).plan }),
        ),
    },
  ],
  'other.maintenanceIssuePatchRouteExists': [
    {
      fault: () => ({
        description: 'PATCH /maintenance/issues/{id} answers 410 ENDPOINT_DEPRECATED',
        request: (req) =>
          req.method === 'PATCH' && path(req).startsWith('/maintenance/issues/')
            ? errorResponse(410, 'ENDPOINT_DEPRECATED', 'Gone')
            : undefined,
      }),
    },
  ],
};
