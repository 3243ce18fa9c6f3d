// The faults of foreign-body-ids.ts: a deployment that does not check whose an id in a write body is: the write
// with a foreign id goes through (201) as it would on a deployment that took it.
import type { Fault } from '../../support/broken';
import { randomUUID } from 'node:crypto';
import { jsonResponse, readJson } from '../../support/faults';
import { bodyOf, get, path, withBody } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

type Rec = Record<string, unknown>;
const dataOf = (v: unknown): unknown => (typeof v === 'object' && v !== null ? (v as Rec).data : undefined);

/** POST /contracts: a mainTenantId the requester cannot read is taken: the proxy answers 201 with the contract. */
function contractTakesForeignTenant(): Fault {
  return {
    description: "POST /contracts accepts another landlord's mainTenantId",
    request: async (req, ctx) => {
      if (req.method !== 'POST' || path(req) !== '/contracts') return undefined;
      const body = bodyOf(req);
      if (typeof body.mainTenantId !== 'string') return undefined;
      const mine = await ctx.upstream(get(req, `/tenants/${body.mainTenantId}`));
      if (mine.status !== 404) return undefined;
      return jsonResponse(201, { data: { ...body, id: randomUUID(), status: 'Active' } }, { 'x-service-mode': 'live' });
    },
  };
}

/** POST /rent: a tenantId that is not the contract's main tenant is replaced by it (the body's own contract). */
function rentTakesForeignTenant(): Fault {
  return {
    description: "POST /rent accepts another landlord's tenantId",
    request: async (req, ctx) => {
      if (req.method !== 'POST' || path(req) !== '/rent') return undefined;
      const body = bodyOf(req);
      if (typeof body.contractId !== 'string' || typeof body.tenantId !== 'string') return undefined;
      const contract = dataOf(readJson(await ctx.upstream(get(req, `/contracts/${body.contractId}`))));
      const main = typeof contract === 'object' && contract !== null ? (contract as Rec).mainTenantId : undefined;
      return typeof main === 'string' && main !== body.tenantId
        ? withBody(req, { ...body, tenantId: main })
        : undefined;
    },
  };
}

export const faults: FaultTable = {
  'generated.foreignIdsInEveryWriteBodyAreRefused': [
    { fault: contractTakesForeignTenant },
    { fault: rentTakesForeignTenant },
  ],
};
