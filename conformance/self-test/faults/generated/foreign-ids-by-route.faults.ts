// The faults of foreign-ids-by-route.ts: each answers another landlord's real id with something other than 404
// NOT_FOUND on one by-id route only (the generated check must find it on whichever route it is).
import type { Target } from '../../../src/targets';
import type { Fault } from '../../support/broken';
import { codeOf, keyOf, withJson } from '../../support/faults';
import { DOC, path } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** The other landlord's key on `method` `route` is answered 403 FORBIDDEN where the server says 404 NOT_FOUND. */
function foreignIs403(method: string, route: RegExp, what: string): (t: Target) => Fault {
  return (t) => ({
    description: `${what} answers 403 FORBIDDEN for another landlord's id (its existence shows)`,
    response: (res, req) =>
      req.method === method &&
      route.test(path(req)) &&
      keyOf(req) === t.keys.otherLandlord &&
      codeOf(res) === 'NOT_FOUND'
        ? withJson(res, { error: 'Forbidden', code: 'FORBIDDEN' }, 403)
        : undefined,
  });
}

export const faults: FaultTable = {
  'generated.foreignIdsAnswer404OnEveryByIdRoute': [
    { fault: foreignIs403('DELETE', /^\/contracts\/[^/]+$/, 'DELETE /contracts/{id}') },
    { fault: foreignIs403('DELETE', DOC, 'DELETE …/documents/{docId}') },
    { fault: foreignIs403('POST', /^\/rent\/[^/]+\/invoice\/email$/, 'POST /rent/{id}/invoice/email') },
  ],
};
