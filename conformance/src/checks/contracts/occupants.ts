// Overview > Current occupants: the four steps of the spec, run as a client would. For occupied properties of
// the target and for a property of the suite's own with main and additional tenants: GET
// /contracts?propertyId=P&status=Active answers only that property's Active contract, and its mainTenantId plus
// additionalTenantIds each resolve with GET /tenants/{id}.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { createOwnChain, LIVE, optionalPart } from '../shared/own-data';
import { getList, isRecord, successData } from '../shared/util';
import { targetProperties } from '../properties/fields';
import { expectContract } from './contracts';

async function occupantsOf(ctx: CheckContext, propertyId: string): Promise<string[]> {
  const page = await getList(
    ctx,
    '/contracts',
    LIVE,
    { propertyId, status: 'Active', limit: 100 },
    { rules: ['OVERVIEW-10'] },
  );
  for (const c of page.items) {
    expectContract(ctx, c, `an Active contract of ${propertyId}`, page.res.exchange);
    ctx.expect(
      c.propertyId === propertyId && c.status === 'Active',
      `only Active contracts of property ${propertyId}`,
      () => `contract ${String(c.id)}: property ${describeValue(c.propertyId)}, status ${describeValue(c.status)}`,
      page.res.exchange,
      { rules: ['OVERVIEW-10', 'OVERVIEW-8'] },
    );
  }
  const ids: string[] = [];
  for (const c of page.items) {
    ids.push(String(c.mainTenantId));
    if (Array.isArray(c.additionalTenantIds)) ids.push(...c.additionalTenantIds.map(String));
  }
  for (const id of ids) {
    const res = await ctx.http.request({ path: `/tenants/${id}`, key: LIVE });
    ctx.expect(
      res.status === 200,
      `GET /tenants/${id} (a current occupant of ${propertyId}) to answer 200`,
      () => describeResponse(res),
      res.exchange,
      { rules: ['OVERVIEW-13', 'OTHER-5'] },
    );
    const data = successData(ctx, res, [200], { rules: ['OVERVIEW-13'] });
    ctx.expect(
      isRecord(data) && data.id === id,
      `GET /tenants/${id} to answer that tenant`,
      () => describeValue(data),
      res.exchange,
      { rules: ['OVERVIEW-13'] },
    );
  }
  return ids;
}

export const currentOccupantsResolveThroughActiveContract = defineCheck({
  id: 'overview.currentOccupantsResolveThroughActiveContract',
  title:
    'Current occupants: GET /contracts?propertyId&status=Active gives the main and additional tenant ids, each resolvable with GET /tenants/{id}',
  group: 'Overview > Current occupants',
  rules: ['OVERVIEW-8', 'OVERVIEW-10', 'OVERVIEW-11', 'OVERVIEW-12', 'OVERVIEW-13'],
  async run(ctx: CheckContext) {
    let properties = 0;
    let occupants = 0;
    for (const property of (await targetProperties(ctx)).filter((p) => p.status === 'Occupied').slice(0, 6)) {
      occupants += (await occupantsOf(ctx, String(property.id))).length;
      properties++;
    }
    const chain = await optionalPart(ctx, "the suite's own occupied property", () =>
      createOwnChain(ctx, 'occupants', { additionalTenants: 2 }),
    );
    if (chain) {
      const ids = await occupantsOf(ctx, chain.propertyId);
      const expected = [chain.tenant.id, ...chain.additional.map((t) => t.id)];
      ctx.expect(
        ids.length === expected.length && expected.every((id) => ids.includes(id)),
        `the occupants of the suite's property to be its main tenant and both additional tenants (${expected.join(', ')})`,
        () => ids.join(', ') || 'none',
        undefined,
        { rules: ['OVERVIEW-8', 'OVERVIEW-11', 'OVERVIEW-12'] },
      );
    }
    if (properties === 0 && !chain) ctx.skip('no occupied property in the target and none could be created');
    ctx.note(
      `${properties} occupied target properties (${occupants} occupants resolved)${chain ? "; the suite's property: main + 2 additional tenants" : ''}`,
    );
  },
});
