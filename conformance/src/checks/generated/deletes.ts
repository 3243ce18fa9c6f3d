// Generated from the route table: every delete of the spec, on an item the check creates, takes the item out of
// every list and total the table says held it ("soft-deleted", STATE-27; the DELETE rows of Endpoints), read before
// and after with the same key: the item is in each list before and in none after, and each total is one less. And the
// item is gone from every route that addresses it: each route of the table whose path starts with the delete's (its
// reads, writes and sub-resources, the delete itself again) answers 404 NOT_FOUND ("A resource that does not
// exist ... returns 404 NOT_FOUND", AUTH-8).
// Totals are exact only on a landlord nobody else writes to (one of the check's own, through the provisioning
// contract); without provisioning the totals are left out, and the note says so.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { DELETE_ROUTES, routeName, SPEC_ROUTES, type ListEffect, type SpecRoute } from '../../spec-routes';
import { LandlordData, requestFor, send } from '../access/requests';
import { invoiceRequest } from '../shared/invoice-budget';
import { uploadDocument } from '../documents/helpers';
import { createOwnChain } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { createOwnProperty, isRecord, successData, unknownId, type Json } from '../shared/util';

interface Seen {
  readonly present: boolean;
  readonly total: number | undefined;
  readonly exchange: Parameters<CheckContext['fail']>[2];
}

function at(body: unknown, dotted: string): unknown {
  let v: unknown = body;
  for (const part of dotted.split('.')) v = isRecord(v) ? v[part] : undefined;
  return v;
}

async function look(ctx: CheckContext, effect: ListEffect, key: string, ids: Ids, itemId: string): Promise<Seen> {
  const path = effect.path.replace('{id}', ids.owner);
  const res = await ctx.http.request({ path, key, query: effect.query });
  const body = ctx.expectSuccessEnvelope(res, 200, { rules: effect.rules });
  const items = at(body, effect.itemsAt ?? 'data');
  ctx.expect(
    Array.isArray(items),
    `GET ${path}: ${effect.itemsAt ?? 'data'} to be an array`,
    () => describeValue(items),
    res.exchange,
    { rules: effect.rules },
  );
  const total = effect.total === undefined ? undefined : at(body, effect.total);
  return {
    present: items.some((i) => isRecord(i) && i.id === itemId),
    total: typeof total === 'number' ? total : undefined,
    exchange: res.exchange,
  };
}

interface Ids {
  /** `{id}` of the route (the item itself, or the owner of a document). */
  readonly owner: string;
  /** The id the delete removes. */
  readonly item: string;
  readonly path: string;
}

/**
 * The detailed routes that address what `route` deletes: those whose path starts with its path (a property's reads,
 * writes, image, handbook and documents; a document's delete itself).
 */
export function addressing(route: SpecRoute): SpecRoute[] {
  return SPEC_ROUTES.filter(
    (r) => r.detail === 'full' && (r.path === route.path || r.path.startsWith(`${route.path}/`)) && r.ids !== undefined,
  );
}

/** After the delete: every route addressing the item answers 404 NOT_FOUND, and says which did not. */
async function goneEverywhere(ctx: CheckContext, route: SpecRoute, ids: Ids, key: string): Promise<string[]> {
  const data = new LandlordData(ctx, key);
  const checked: string[] = [];
  for (const r of addressing(route)) {
    // `{docId}` is the deleted document on its own route, and an unknown one under a deleted owner.
    const docId = route.path.endsWith('{docId}') ? ids.item : unknownId();
    const request = { ...(await requestFor(ctx, r, { id: ids.owner, docId }, data, 'gone')), key };
    const res = r.invoice ? await invoiceRequest(ctx, r.invoice, request) : await send(ctx, request);
    ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: ['AUTH-8', 'STATE-27', ...(r.notFoundRules ?? [])] });
    checked.push(routeName(r));
  }
  return checked;
}

/** Creates what the route deletes, with `key`, and says which ids the delete and the lists use. */
async function createFor(ctx: CheckContext, route: SpecRoute, key: string): Promise<Ids> {
  // Tags go into names and mail addresses (a local part of at most 64 characters): short.
  const tag = `del-${route.group}-${route.path.split('/').length}`;
  if (route.path === '/properties/{id}') {
    const id = String((await createOwnProperty(ctx, key, tag)).id);
    return { owner: id, item: id, path: `/properties/${id}` };
  }
  if (route.path === '/contracts/{id}') {
    const chain = await createOwnChain(ctx, tag, { key });
    return { owner: chain.contractId, item: chain.contractId, path: `/contracts/${chain.contractId}` };
  }
  const owner = route.path.startsWith('/properties/')
    ? { kind: 'property' as const, id: String((await createOwnProperty(ctx, key, tag)).id), key }
    : { kind: 'contract' as const, id: (await createOwnChain(ctx, tag, { key })).contractId, key };
  const doc: Json = await uploadDocument(ctx, owner, { name: `${ctx.marker} ${tag}` }, ['PROP-30', 'CONTRACT-19']);
  const docId = String(doc.id);
  return { owner: owner.id, item: docId, path: route.path.replace('{id}', owner.id).replace('{docId}', docId) };
}

export const deletesLeaveEveryListAndTotal = defineCheck({
  id: 'generated.deletesLeaveEveryListAndTotal',
  title:
    'Every delete of the spec takes the item out of every list that held it, every total that counted it is one less (properties: GET /properties and the compliance summary; contracts; documents), and every route addressing it answers 404',
  group: 'States and transitions',
  rules: [
    ...new Set([
      'STATE-27',
      ...DELETE_ROUTES.flatMap((r) => [
        ...(r.effects?.removes ?? []).flatMap((e) => e.rules),
        'PROP-16',
        'CONTRACT-15',
      ]),
      'PROP-35',
      'CONTRACT-21',
      'AUTH-8',
      ...DELETE_ROUTES.flatMap((r) => addressing(r).flatMap((a) => a.notFoundRules ?? [])),
    ]),
  ],
  long: true,
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'deletes');
    const exactTotals = key !== 'enterpriseLive';
    const done: string[] = [];
    for (const route of DELETE_ROUTES) {
      const effects = route.effects?.removes ?? [];
      const ids = await createFor(ctx, route, key);
      const before = await Promise.all(effects.map((e) => look(ctx, e, key, ids, ids.item)));
      before.forEach((seen, i) => {
        const effect = effects[i];
        ctx.expect(
          seen.present,
          `GET ${effect.path} to hold ${ids.item} before the delete`,
          'it does not',
          seen.exchange,
          {
            rules: effect.rules,
          },
        );
      });
      const res = await ctx.http.request({ method: 'DELETE', path: ids.path, key });
      successData(ctx, res, [200], { rules: ['STATE-27'] });
      const after = await Promise.all(effects.map((e) => look(ctx, e, key, ids, ids.item)));
      after.forEach((seen, i) => {
        const effect = effects[i];
        const was = before[i];
        ctx.expect(
          !seen.present,
          `after ${routeName(route)} answered 200, GET ${effect.path} to hold no item ${ids.item}`,
          'it still does',
          seen.exchange,
          { rules: effect.rules },
        );
        if (!exactTotals || effect.total === undefined) return;
        ctx.expect(
          was.total !== undefined && seen.total === was.total - 1,
          `after ${routeName(route)}, ${effect.total} of GET ${effect.path} one less than before (${String(was.total)})`,
          `${String(seen.total)} (delete answered ${describeResponse(res).slice(0, 80)})`,
          seen.exchange,
          { rules: effect.rules },
        );
      });
      const gone = await goneEverywhere(ctx, route, ids, key);
      done.push(
        `${routeName(route)}: ${effects.map((e) => e.path + (e.total && exactTotals ? ` (${e.total})` : '')).join(', ')}; 404 on ${gone.length} routes`,
      );
    }
    ctx.note(
      `${done.join('; ')}${exactTotals ? '' : " (totals not compared: no landlord of the check's own without provisioning, and other checks write to enterpriseLive's)"}`,
    );
  },
});
