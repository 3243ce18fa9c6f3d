// The faults of sandbox-reads.ts: a sandbox key reads data that differs from the live key's in one field only.
import { mapJson } from '../../support/faults';
import { ONE, path } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

type Rec = Record<string, unknown>;

const sandboxKey = (headers: Record<string, string>): boolean =>
  /svc_sandbox_/.test(`${headers.authorization ?? ''} ${headers['x-api-key'] ?? ''}`);

export const faults: FaultTable = {
  'generated.sandboxReadsEqualLiveFieldByField': [
    {
      fault: () =>
        mapJson(
          'a sandbox GET /properties/{id} answers the property with bedrooms one more',
          (q, r) => q.method === 'GET' && ONE.test(path(q)) && sandboxKey(q.headers) && r.status === 200,
          (b) => ({ ...b, data: { ...(b.data as Rec), bedrooms: Number((b.data as Rec).bedrooms ?? 0) + 1 } }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'a sandbox GET /contracts answers meta.total one more',
          (q, r) => q.method === 'GET' && path(q) === '/contracts' && sandboxKey(q.headers) && r.status === 200,
          (b) => ({ ...b, meta: { ...(b.meta as Rec), total: Number((b.meta as Rec).total ?? 0) + 1 } }),
        ),
    },
  ],
};
