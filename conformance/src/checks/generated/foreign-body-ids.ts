// Generated from the route table: every id a write takes in its body (the table's bodyIds), replaced alone by an id
// of another landlord's, in an otherwise valid body of the check's own: the write is refused with a 4xx error in
// the envelope, and nothing is written. "All data returned or changed belongs to that landlord" (OVERVIEW-4); "A
// resource that … belongs to another landlord returns 404 NOT_FOUND" (AUTH-8); for POST /rent, "`propertyId`,
// `tenantId` and `contractId` must all refer to the same contract of the authenticated landlord" (RENT-POST-2).
// Which 4xx is not said for a reference inside a body (docs/conformance-tolerances.md, foreign-body-id-status).

import type { HttpResponse } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { BODY_ID_ROUTES, routeName, type SpecRoute } from '../../spec-routes';
import {
  contractBody,
  contractFields,
  createOwnChain,
  rentBody,
  rentFields,
  suitePeriod,
  type OwnChain,
} from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { getList, isRecord, isSuiteData, type Json } from '../shared/util';

const RULES = [...new Set(['OVERVIEW-4', ...BODY_ID_ROUTES.flatMap((r) => (r.bodyIds ?? []).flatMap((b) => b.rules))])];

/** A valid body of the check's own for the route, with `tag` in it so a write that went through can be found. */
type BodyFor = (tag: string) => Json;

function refused(res: HttpResponse): boolean {
  const code = isRecord(res.json) ? res.json.code : undefined;
  return res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 429 && typeof code === 'string';
}

export const foreignIdsInEveryWriteBodyAreRefused = defineCheck({
  id: 'generated.foreignIdsInEveryWriteBodyAreRefused',
  title:
    "Every id a write takes in its body (POST /contracts propertyId, mainTenantId, additionalTenantIds; POST /rent propertyId, tenantId, contractId), replaced alone by another landlord's, is refused with a 4xx error and writes nothing",
  group: 'Authentication',
  rules: RULES,
  needs: ['otherLandlord'],
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'foreign-body');
    // The other landlord: the target's enterpriseLive when the check has a landlord of its own, else otherLandlord.
    const foreignKey = key === 'enterpriseLive' ? 'otherLandlord' : 'enterpriseLive';
    const chain = await createOwnChain(ctx, 'fbody', { key });
    const cFields = contractFields(ctx);
    const rFields = rentFields(ctx);
    const bodies: Readonly<Record<string, BodyFor>> = {
      'POST /contracts': (tag) =>
        contractBody(ctx, cFields, { propertyId: chain.propertyId, mainTenantId: chain.tenant.id, tag, key }),
      'POST /rent': (tag) => rentBody(chain, rFields, { period: suitePeriod(ctx, tag) }),
    };
    const foreign = new Map<string, string | undefined>();
    // An other landlord without such an item of its own (an empty portfolio): a chain of the check's, written with
    // the other landlord's key, gives a property, a tenant and a contract to reference.
    let foreignChain: Promise<OwnChain> | undefined;
    const fromChain: Readonly<Partial<Record<string, (c: OwnChain) => string>>> = {
      '/properties': (c) => c.propertyId,
      '/tenants': (c) => c.tenant.id,
      '/contracts': (c) => c.contractId,
    };
    const foreignId = async (from: string): Promise<string | undefined> => {
      if (!foreign.has(from)) {
        const listed = (await getList(ctx, from, foreignKey, { limit: 20 })).items.find(
          (i) => !isSuiteData(i) && typeof i.id === 'string',
        )?.id as string | undefined;
        const make = fromChain[from];
        if (listed === undefined && make) foreignChain ??= createOwnChain(ctx, 'fbody-foreign', { key: foreignKey });
        foreign.set(from, listed ?? (make && foreignChain ? make(await foreignChain) : undefined));
      }
      return foreign.get(from);
    };

    const sent: string[] = [];
    const unreached: string[] = [];
    const tags: Array<{ route: SpecRoute; tag: string }> = [];
    for (const route of BODY_ID_ROUTES) {
      const body = bodies[routeName(route)];
      if (!body) throw new Error(`no body of the check's own for ${routeName(route)}: add one`);
      for (const [i, field] of (route.bodyIds ?? []).entries()) {
        const id = await foreignId(field.from);
        if (id === undefined) {
          unreached.push(`${routeName(route)} ${field.field} (the other landlord has no item in GET ${field.from})`);
          continue;
        }
        const tag = `fbody${i} ${field.field}`;
        tags.push({ route, tag });
        const json = { ...body(tag), [field.field]: field.array === true ? [id] : id };
        const res = await ctx.http.request({ method: route.method, path: route.path, key, json });
        if (res.status === 200 || res.status === 201) {
          const data = isRecord(res.json) ? res.json.data : undefined;
          if (isRecord(data) && typeof data.id === 'string' && route.path === '/contracts')
            ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/contracts/${String(data.id)}`, key }));
        }
        ctx.expect(
          refused(res),
          `${routeName(route)} with ${field.field} of another landlord's to be refused (4xx { error, code })`,
          () => describeResponse(res),
          res.exchange,
          { rules: field.rules },
        );
        sent.push(`${routeName(route)} ${field.field}`);
      }
    }
    // Nothing written: no item of the landlord's lists carries a probe's tag.
    for (const route of BODY_ID_ROUTES) {
      const list = await getList(ctx, route.path, key, { limit: 500 });
      const written = list.items.filter((item) =>
        // contractBody and rentBody both put `<marker> <tag>` in the body (reference, period).
        tags.some((t) => t.route === route && JSON.stringify(item).includes(`${ctx.marker} ${t.tag}`)),
      );
      ctx.expect(
        written.length === 0,
        `no item written by the refused ${routeName(route)} requests`,
        () => describeValue(written.slice(0, 2)),
        list.res.exchange,
        { rules: ['OVERVIEW-4'] },
      );
    }
    if (sent.length === 0) ctx.skip(`the other landlord has none of the items to reference: ${unreached.join('; ')}`);
    ctx.note(
      `${sent.length} body ids refused with another landlord's id, nothing written${unreached.length ? `; not reached: ${unreached.join('; ')}` : ''}`,
    );
  },
});
