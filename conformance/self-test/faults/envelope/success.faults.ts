// The faults of the checks in success.ts: each must make its check FAIL (a broken deployment per fault).
import { apiPath, isListAnswer, isRec, mapJson, readJson } from '../../support/faults';
import { Rec, meta } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Response envelope, headers, the removed route -------------------------------------------------------
  'envelope.successBodiesAreDataWithMetaOnLists': [
    {
      fault: () =>
        mapJson(
          'contract lists without meta',
          (q, r) => apiPath(q) === '/contracts' && isListAnswer(r),
          ({ meta: _m, ...rest }) => rest,
        ),
    },
    {
      fault: () =>
        mapJson(
          'meta.total is a string',
          (_q, r) => r.status === 200 && isRec((readJson(r) as Rec | undefined)?.meta),
          (b) => ({ ...b, meta: { ...meta(b), total: String(meta(b).total) } }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'success bodies carry an extra top-level "links"',
          (_q, r) => r.status === 200,
          (b) => ({ ...b, links: {} }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'contract lists lack hasNextPage',
          (q, r) => apiPath(q) === '/contracts' && isListAnswer(r),
          (b) => {
            const { hasNextPage: _h, ...rest } = meta(b);
            return { ...b, meta: rest };
          },
        ),
    },
  ],
};
