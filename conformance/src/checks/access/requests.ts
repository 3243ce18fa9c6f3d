// What the access matrix sends on a route of the table (routes.ts) and how it reads the resource back: real ids
// learned from a landlord's own lists, a body that reaches the rule, and a read-back projection that shows whether
// a refused or sandboxed write took effect (only what the write could change, so other checks' traffic on other
// fields cannot make it flaky).

import type { HttpResponse, RequestOptions } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import { addDays, utcDate } from '../shared/dates';
import { invoiceRequest } from '../shared/invoice-budget';
import { TINY_PNG, pdfBytes } from '../shared/files';
import { contractFields, rentFields } from '../shared/own-data';
import { writeName } from '../shared/unnamed';
import { isRecord, isSuiteData, multipartBody, propertyBody, requestRetryingResets, type Json } from '../shared/util';
import { NAMED_GROUP_COLLECTIONS, type AccessRoute, type RouteGroup } from './routes';

export interface RouteIds {
  readonly id?: string;
  readonly docId?: string;
  /**
   * A filter the spec gives the read-back list that keeps the item on its first page (a payment's `contractId` on
   * GET /rent): on a landlord with more items than a page holds, an item of the check's own may be on none.
   */
  readonly listQuery?: Readonly<Record<string, string>>;
}

/** Real items of a landlord, learned from its own lists once per check. */
export class LandlordData {
  private readonly lists = new Map<string, Promise<Json[]>>();

  constructor(
    private readonly ctx: CheckContext,
    readonly key: string,
  ) {}

  /** The first page (limit 100) of a list, suite-created items left out (other checks delete theirs meanwhile). */
  items(path: string): Promise<Json[]> {
    let found = this.lists.get(path);
    if (!found) {
      found = (async () => {
        const res = await this.ctx.http.request({ path, key: this.key, query: { limit: 100 } });
        const body = res.json;
        if (res.status !== 200 || !isRecord(body) || !Array.isArray(body.data)) return [];
        return body.data.filter(isRecord).filter((item) => !isSuiteData(item) && typeof item.id === 'string');
      })();
      this.lists.set(path, found);
    }
    return found;
  }

  /** Real ids for the route's `{id}` (and `{docId}`): undefined when the landlord has no such item. */
  async idsFor(route: AccessRoute): Promise<RouteIds | undefined> {
    return (await this.candidates(route, 1))[0];
  }

  /** Up to `max` real ids for the route (the first items of the owner's list that have what the route needs). */
  async candidates(route: AccessRoute, max: number): Promise<RouteIds[]> {
    if (!route.ids) return [{}];
    const owners = (await this.items(route.ids.id)).map((item) => String(item.id));
    if (!route.ids.docId) return owners.slice(0, max).map((id) => ({ id }));
    const out: RouteIds[] = [];
    for (const id of owners.slice(0, 15)) {
      const docs = await this.items(route.ids.docId.replace('{id}', id));
      if (docs[0]) out.push({ id, docId: String(docs[0].id) });
      if (out.length >= max) break;
    }
    return out;
  }

  /** A contract of the landlord with its property and main tenant (bodies of creates refer to them). */
  async contract(): Promise<Json | undefined> {
    return (await this.items('/contracts')).find(
      (c) => typeof c.propertyId === 'string' && typeof c.mainTenantId === 'string',
    );
  }
}

export function fill(template: string, ids: RouteIds): string {
  return template.replace('{id}', ids.id ?? '').replace('{docId}', ids.docId ?? '');
}

/** The marker text a write of this check carries (creates are found by it when read back). */
export function tagOf(ctx: CheckContext, tag: string): string {
  return `${ctx.marker} access ${tag}`;
}

function multipart(parts: Parameters<typeof multipartBody>[0]): Pick<RequestOptions, 'body' | 'headers'> {
  const form = multipartBody(parts);
  return { body: form.body, headers: { 'content-type': form.contentType } };
}

/** A document upload's multipart body, named `name`. */
function documentForm(name: string): Pick<RequestOptions, 'body' | 'headers'> {
  return multipart({
    file: { filename: 'access.pdf', contentType: 'application/pdf', content: pdfBytes(600) },
    name,
    type: 'EPC_Certificate',
  });
}

/**
 * The request (without credentials) of a route with the landlord's real ids and a body that passes validation.
 * `data` is the landlord whose ids fill creates' references (a contract's property and tenant); `overrides.propertyId`
 * puts a new contract on another property (one without a contract, so it overlaps none).
 */
export async function requestFor(
  ctx: CheckContext,
  route: AccessRoute,
  ids: RouteIds,
  data: LandlordData,
  tag: string,
  overrides: { readonly propertyId?: string; readonly mainTenantId?: string; readonly contract?: Json } = {},
): Promise<RequestOptions> {
  const base: RequestOptions = { method: route.method, path: fill(route.path, ids) };
  const text = tagOf(ctx, tag);
  const email = `${`${ctx.marker}.access-${tag}`
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '-')
    .replace(/[.-]+$/, '')}@example.com`;
  switch (route.body) {
    case 'none':
      return base;
    case 'property':
      return { ...base, json: propertyBody(ctx, `access ${tag}`) };
    case 'propertyPatch':
      return { ...base, json: { [writeName(ctx, 'property', 'shortName')]: text } };
    case 'image':
      return {
        ...base,
        ...multipart({ file: { filename: 'access.png', contentType: 'image/png', content: TINY_PNG } }),
      };
    case 'document':
      return { ...base, ...documentForm(text) };
    case 'contract': {
      const fields = contractFields(ctx);
      const contract = await data.contract();
      const json: Json = {
        propertyId: overrides.propertyId ?? contract?.propertyId,
        mainTenantId: overrides.mainTenantId ?? contract?.mainTenantId,
        [fields.start]: addDays(utcDate(), -30),
        [fields.reference]: text,
      };
      json[fields.rent] = 950;
      return { ...base, json };
    }
    case 'contractPatch':
      return { ...base, json: { [contractFields(ctx).reference]: text } };
    case 'rent': {
      const contract = overrides.contract ?? (await data.contract());
      const fields = rentFields(ctx);
      return {
        ...base,
        json: {
          propertyId: contract?.propertyId,
          tenantId: contract?.mainTenantId,
          contractId: contract?.id,
          period: text,
          amount: 950,
          status: 'Pending',
          [fields.due]: addDays(utcDate(), 20),
        },
      };
    }
    case 'rentPatch':
      // A value of this run: a write persisted by an earlier run (or an earlier broken deployment) changes nothing.
      return { ...base, json: { amountReceived: runAmount(text) } };
    case 'invoiceEmail':
      return { ...base, json: { email } };
    case 'tenant': {
      const property =
        overrides.propertyId !== undefined ? { id: overrides.propertyId } : (await data.items('/properties'))[0];
      return {
        ...base,
        json: {
          [writeName(ctx, 'tenant', 'firstName')]: 'Conformance',
          [writeName(ctx, 'tenant', 'lastName')]: text,
          [writeName(ctx, 'tenant', 'email')]: email,
          ...(property ? { propertyId: property.id } : {}),
        },
      };
    }
    case 'issuePatch':
      return { ...base, json: { status: 'In_Progress' } };
    case 'chat':
      return { ...base, ...multipart({ text }) };
  }
}

/** An amount between 1.00 and 99.99 drawn from the run's marker text. */
function runAmount(text: string): number {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + ch.charCodeAt(0)) % 9_899;
  return (100 + hash) / 100;
}

/**
 * A document of the check's own under `listPath` (`/properties/{id}/documents` with the id filled): for a document
 * route on a landlord that has none to address. Deleted again in cleanup; undefined when the upload is refused.
 */
export async function ownDocument(
  ctx: CheckContext,
  listPath: string,
  key: string,
  tag: string,
): Promise<string | undefined> {
  const res = await ctx.http.request({
    method: 'POST',
    path: listPath,
    key,
    ...documentForm(tagOf(ctx, tag)),
  });
  const data = isRecord(res.json) ? res.json.data : undefined;
  if ((res.status !== 200 && res.status !== 201) || !isRecord(data) || typeof data.id !== 'string') return undefined;
  const docId = data.id;
  ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `${listPath}/${docId}`, key }));
  return docId;
}

/** The read-back of a write route: what the write could change, as a comparable string; undefined: nothing to read. */
export async function readBack(
  ctx: CheckContext,
  route: AccessRoute,
  ids: RouteIds,
  key: string,
  request: RequestOptions,
  tag: string,
): Promise<string | undefined> {
  const rb = route.readBack;
  if (rb.kind === 'none') return undefined;
  const res = await ctx.http.request({
    path: fill(rb.path, ids),
    key,
    ...(rb.kind !== 'item' && (rb.query || ids.listQuery) ? { query: { ...rb.query, ...ids.listQuery } } : {}),
  });
  const body = res.json;
  if (rb.kind === 'created') {
    const items = isRecord(body) && Array.isArray(body.data) ? body.data : [];
    const text = tagOf(ctx, tag);
    return `${res.status}: ${items.filter((item) => JSON.stringify(item).includes(text)).length} items carrying "${text}"`;
  }
  let item: unknown;
  if (rb.kind === 'item') item = res.status === 200 && isRecord(body) ? body.data : undefined;
  else {
    const wanted = ids[rb.idParam];
    item =
      isRecord(body) && Array.isArray(body.data) ? body.data.find((i) => isRecord(i) && i.id === wanted) : undefined;
  }
  if (!isRecord(item)) return `${res.status}: absent`;
  // What the write could change: the fields its body sets (an image: the image fields); a delete: presence.
  const fields = isRecord(request.json)
    ? Object.keys(request.json)
    : route.body === 'image'
      ? Object.keys(item).filter((k) => /image/i.test(k))
      : [];
  const projection = Object.fromEntries(fields.map((f) => [f, item[f] ?? null]));
  return `present ${JSON.stringify(projection)}`;
}

/** Sends a request (retrying transport resets of refusals, see requestRetryingResets). */
export function send(ctx: CheckContext, request: RequestOptions): Promise<HttpResponse> {
  return requestRetryingResets(ctx, request);
}

/** Sends a request on `route`: through the landlord's invoice budget on the invoice routes, else as `send` does. */
export function sendOnRoute(ctx: CheckContext, route: AccessRoute, request: RequestOptions): Promise<HttpResponse> {
  return route.invoice ? invoiceRequest(ctx, route.invoice, request) : send(ctx, request);
}

/** Named groups whose collection answers 404 with `key`: the deployment does not serve them (their paths are not shown). */
export async function unservedGroups(ctx: CheckContext, key: string): Promise<Set<RouteGroup>> {
  return ctx.run.shared(`access.unserved.${key}`, async () => {
    const out = new Set<RouteGroup>();
    for (const [group, path] of Object.entries(NAMED_GROUP_COLLECTIONS) as Array<[RouteGroup, string]>) {
      const res = await ctx.http.request({ path, key, query: path === '/subscription' ? {} : { limit: 1 } });
      if (res.status === 404) out.add(group);
    }
    return out;
  });
}
