// The faults of the checks in isolation.ts: each must make its check FAIL (a broken deployment per fault).
import {
  apiPath,
  codeOf,
  errorResponse,
  isListAnswer,
  isWrite,
  keyOf,
  mapJson,
  readJson,
  swapKey,
  withJson,
  withKey,
} from '../../support/faults';
import { Rec, live, key } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Tenant isolation ---------------------------------------------------------------------------------
  'isolation.foreignIdsOnGetByIdAnswer404NeverData': [
    {
      fault: (t) =>
        swapKey(
          "another landlord's resources are readable by id",
          live(t),
          key(t, 'otherLandlord'),
          (q) => q.method === 'GET' && /\/[0-9a-f]{8}-[0-9a-f-]{27}/i.test(apiPath(q) ?? ''),
        ),
    },
    {
      fault: () =>
        mapJson(
          'a foreign id answers 403 FORBIDDEN',
          (q, r) => q.method === 'GET' && codeOf(r) === 'NOT_FOUND',
          (b) => [{ ...b, code: 'FORBIDDEN' }, 403],
        ),
    },
  ],
  'isolation.foreignIdsOnWritesAnswer404AndChangeNothing': [
    { fault: (t) => swapKey("writes reach another landlord's property", live(t), key(t, 'otherLandlord'), isWrite) },
    {
      fault: (t) => ({
        description: "writes on another landlord's property are applied, then answered 404",
        request: (req) => (keyOf(req) === live(t) && isWrite(req) ? withKey(req, key(t, 'otherLandlord')) : undefined),
        response: (_res, req) =>
          keyOf(req) === live(t) && isWrite(req) ? errorResponse(404, 'NOT_FOUND', 'Property not found') : undefined,
      }),
    },
  ],
  'isolation.listsAndFiltersNeverExposeAnotherLandlordsRecords': [
    {
      fault: (t) =>
        swapKey(
          "filters by another landlord's ids answer from its data",
          live(t),
          key(t, 'otherLandlord'),
          (q) => q.method === 'GET' && ['propertyId', 'tenantId', 'contractId'].some((p) => q.query.has(p)),
        ),
    },
    {
      fault: (t) => ({
        description: "the live key's lists include one of the other landlord's records",
        async response(res, req, ctx) {
          if (keyOf(req) !== live(t) || req.method !== 'GET' || !isListAnswer(res)) return undefined;
          const theirs = readJson(await ctx.upstream(withKey(req, key(t, 'otherLandlord')))) as Rec;
          if (!Array.isArray(theirs.data) || theirs.data.length === 0) return undefined;
          const body = readJson(res) as Rec;
          return withJson(res, { ...body, data: [theirs.data[0], ...(body.data as unknown[])] });
        },
      }),
    },
  ],
};
