// The faults of the checks in maintenance.ts: each must make its check FAIL (a broken deployment per fault).
import { mapHeaders, mapJson } from '../../support/faults';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'deprecation.patchMaintenanceAnswers410NamingSuccessor': [
    redTeamFault('removed-route-link-names-another-id'),
    redTeamFault('removed-route-mocked-for-sandbox'),
    {
      fault: () =>
        mapHeaders(
          'no Link header on the 410',
          (_q, r) => r.status === 410,
          (h) => delete h.link,
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'the Link header names the successor only in a parameter, its one link targets documentation',
          (_q, r) => r.status === 410,
          (h) => {
            h.link = '<https://docs.example.com/deprecations>; rel="help"; title="use /maintenance/issues/{id}"';
          },
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'the Link header targets the removed route itself',
          (_q, r) => r.status === 410,
          (h) => {
            h.link = (h.link ?? '').replace('/maintenance/issues/', '/maintenance/');
          },
        ),
    },
    {
      fault: () =>
        mapJson(
          'the 410 message names no successor',
          (_q, r) => r.status === 410,
          (b) => ({ ...b, error: 'This endpoint has been removed' }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'the removed route answers 404',
          (_q, r) => r.status === 410,
          () => [{ error: 'Route not found', code: 'NOT_FOUND' }, 404],
        ),
    },
  ],
};
