// Self-test faults of state-paths.ts: each breaks one state rule on one path; the check must fail against it.

import type { FaultTable } from '../../support/self-test';
import type { ProxyRequest } from '../../support/broken';
import { apiPath, codeOf, errorResponse, isRec, mapJson, readJson } from '../../support/faults';
import { renewalFieldOf } from '../../../src/checks/properties/fields';

type Rec = Record<string, unknown>;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ONE = new RegExp(`^/properties/(${UUID})$`, 'i');
const DAY = 86_400_000;
const plusDays = (d: string, n: number): string =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

function bodyOf(req: ProxyRequest): Rec {
  try {
    const v = JSON.parse(req.body.toString('utf8') || '{}') as unknown;
    return isRec(v) ? v : {};
  } catch {
    return {};
  }
}
const idOf = (req: ProxyRequest): string | undefined => ONE.exec(apiPath(req) ?? '')?.[1];
const getProperty = (req: ProxyRequest, id: string): ProxyRequest => ({
  method: 'GET',
  path: `/api/public/v1/properties/${id}`,
  query: new URLSearchParams(),
  headers: { authorization: req.headers.authorization ?? '' },
  body: Buffer.alloc(0),
});
const dataOf = (body: unknown): Rec | undefined => (isRec(body) && isRec(body.data) ? body.data : undefined);

/** Properties the deployment has answered in Maintenance (kept in the fault's state). */
function inMaintenance(state: Map<string, unknown>): Set<string> {
  let set = state.get('maintenance') as Set<string> | undefined;
  if (!set) state.set('maintenance', (set = new Set()));
  return set;
}

export const faults: FaultTable = {
  'properties.derivedStatusRefusedInMaintenance': [
    {
      fault: () => ({
        description:
          'PATCH status Vacant or Occupied on a property in Maintenance is taken as clearing Maintenance (200)',
        request: (req, ctx) => {
          const id = idOf(req);
          const b = bodyOf(req);
          if (
            req.method !== 'PATCH' ||
            !id ||
            !inMaintenance(ctx.state).has(id) ||
            (b.status !== 'Vacant' && b.status !== 'Occupied')
          )
            return undefined;
          return { ...req, body: Buffer.from(JSON.stringify({ ...b, status: null })) };
        },
        response: (res, req, ctx) => {
          const data = dataOf(readJson(res));
          if (data && typeof data.id === 'string' && data.status === 'Maintenance' && req.method !== 'GET')
            inMaintenance(ctx.state).add(data.id);
          return undefined;
        },
      }),
    },
  ],
  'properties.withOnlyEndedContractsCanBeDeleted': [
    {
      fault: () => ({
        description: 'a property with any contract, Ended ones included, cannot be deleted (409 CONFLICT)',
        request: (req, ctx) => {
          const withContracts = (ctx.state.get('contracted') as Set<string> | undefined) ?? new Set<string>();
          ctx.state.set('contracted', withContracts);
          if (req.method === 'POST' && apiPath(req) === '/contracts' && typeof bodyOf(req).propertyId === 'string')
            withContracts.add(bodyOf(req).propertyId as string);
          const id = idOf(req);
          return req.method === 'DELETE' && id && withContracts.has(id)
            ? errorResponse(409, 'CONFLICT', 'Property has contracts')
            : undefined;
        },
      }),
    },
    {
      fault: () =>
        mapJson(
          'a contract created with dates in the past is answered Active',
          (q, r) => q.method === 'POST' && apiPath(q) === '/contracts' && r.status === 201,
          (b) => (isRec(b.data) && b.data.status === 'Ended' ? { ...b, data: { ...b.data, status: 'Active' } } : b),
        ),
    },
  ],
  'properties.everyRenewalFieldCheckedAgainstItsCertificate': [
    {
      fault: () => ({
        description:
          'only gscRenewal is checked against its certificate: the other renewal fields are accepted whatever the certificate says',
        async response(res, req, ctx) {
          const id = idOf(req);
          if (codeOf(res) !== 'CERTIFICATE_DERIVED_FIELD' || !id || 'gscRenewal' in bodyOf(req)) return undefined;
          return ctx.upstream(getProperty(req, id));
        },
      }),
    },
    {
      fault: () => ({
        description: "a renewal date one day before the certificate's expiry is accepted (an off-by-one comparison)",
        async response(res, req, ctx) {
          const id = idOf(req);
          if (codeOf(res) !== 'CERTIFICATE_DERIVED_FIELD' || !id) return undefined;
          const current = await ctx.upstream(getProperty(req, id));
          const property = dataOf(readJson(current));
          const items =
            isRec(property?.compliance) && Array.isArray(property.compliance.items)
              ? (property.compliance.items as unknown[]).filter(isRec)
              : [];
          const body = bodyOf(req);
          const offByOne = Object.entries(body).every(([field, value]) =>
            items.some(
              (i) =>
                renewalFieldOf(i.code) === field && typeof i.dueDate === 'string' && plusDays(i.dueDate, -1) === value,
            ),
          );
          return offByOne && Object.keys(body).length > 0 ? current : undefined;
        },
      }),
    },
  ],
};
