// The faults of the checks in writes.ts: each must make its check FAIL (a broken deployment per fault).
import type { ProxyResponse } from '../../support/broken';
import { codeOf, errorResponse, mapJson, withJson } from '../../support/faults';
import { Rec, path, ONE, bodyOf, withBody, dataOf, get } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'properties.createSetsOnlyMaintenance': [
    {
      fault: () => ({
        description: 'POST /properties accepts status Occupied or Vacant (stored as Maintenance)',
        request: (req) => {
          const b = bodyOf(req);
          return req.method === 'POST' &&
            path(req) === '/properties' &&
            (b.status === 'Occupied' || b.status === 'Vacant')
            ? withBody(req, { ...b, status: 'Maintenance' })
            : undefined;
        },
      }),
    },
  ],
  'properties.maintenanceIsSetAndClearedToDerivedStatus': [
    redTeamFault('property-rent-amount-not-derived'),
    {
      fault: () => ({
        description: 'PATCH { status: null } is ignored: the property stays in Maintenance',
        request: (req) => {
          const b = bodyOf(req);
          return req.method === 'PATCH' && ONE.test(path(req)) && 'status' in b && b.status === null
            ? withBody(req, { ...b, status: 'Maintenance' })
            : undefined;
        },
      }),
    },
  ],
  'properties.readOnlyFieldsCannotBePatched': [
    {
      fault: () => ({
        description: 'PATCH { rentAmount } is applied (answered and read back with the new amount)',
        async request(req, ctx) {
          const id = ONE.exec(path(req))?.[1];
          const b = bodyOf(req);
          if (req.method !== 'PATCH' || !id || typeof b.rentAmount !== 'number') return undefined;
          ctx.state.set(`rent:${id}`, b.rentAmount);
          const current = await ctx.upstream(get(req, `/properties/${id}`));
          return withJson(current, { data: { ...(dataOf(current) as Rec), rentAmount: b.rentAmount } }, 200);
        },
        response(res, req, ctx) {
          const id = ONE.exec(path(req))?.[1];
          const amount = id ? ctx.state.get(`rent:${id}`) : undefined;
          if (req.method !== 'GET' || amount === undefined || res.status !== 200) return undefined;
          return withJson(res, { data: { ...(dataOf(res) as Rec), rentAmount: amount } });
        },
      }),
    },
  ],
  'properties.deleteIsSoftAndThenNotFound': [
    {
      fault: () => ({
        description: 'a deleted property is still readable (GET answers 200)',
        async request(req, ctx) {
          const id = ONE.exec(path(req))?.[1];
          if (req.method === 'DELETE' && id)
            ctx.state.set(`gone:${id}`, await ctx.upstream(get(req, `/properties/${id}`)));
          return undefined;
        },
        response(res, req, ctx) {
          const id = ONE.exec(path(req))?.[1];
          const kept = id ? (ctx.state.get(`gone:${id}`) as ProxyResponse | undefined) : undefined;
          return req.method === 'GET' && kept && res.status === 404 ? kept : undefined;
        },
      }),
    },
  ],
  'properties.deleteRefusedWhileContractIsLive': [
    {
      fault: () =>
        mapJson(
          'DELETE of a property with a live contract answers 200 (a fake success)',
          (q, r) => q.method === 'DELETE' && ONE.test(path(q)) && codeOf(r) === 'CONFLICT',
          (_b, q) => [{ data: { deleted: true, id: ONE.exec(path(q))?.[1] } }, 200],
        ),
    },
  ],
  'properties.renewalWithoutCertificateIsAccepted': [
    {
      fault: () => ({
        description: 'every renewal date answers 409 CERTIFICATE_DERIVED_FIELD, certificate or not',
        request: (req) => {
          const b = bodyOf(req);
          const dated = ['gscRenewal', 'eicrRenewal', 'epcRenewal', 'landlordLicenceRenewal'].some(
            (f) => typeof b[f] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(b[f]),
          );
          return req.method === 'PATCH' && ONE.test(path(req)) && dated
            ? errorResponse(409, 'CERTIFICATE_DERIVED_FIELD', 'Renewal dates follow the certificates')
            : undefined;
        },
      }),
    },
  ],
};
