// Authentication 8 / Overview: a landlord never sees or changes another landlord's data. Another landlord's
// resource answers 404 NOT_FOUND (never 403, never data) on every route with an id; lists and filters never
// return it. Writes are aimed only at a property the check creates for the other landlord itself.

import fc from 'fast-check';
import type { HttpResponse } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { LIMIT_MAX } from '../../rules';
import { invoiceRequest } from '../shared/invoice-budget';
import { writeName } from '../shared/unnamed';
import { GET_BY_ID_ROUTES, LIST_ENDPOINTS, type ByIdRoute } from '../shared/spec';
import {
  createOwnProperty,
  fillPath,
  getList,
  isRecord,
  isSuiteData,
  listIds,
  successData,
  unknownId,
  type Json,
  requestRetryingResets,
} from '../shared/util';

const GROUP = 'Authentication';
const SELF = 'enterpriseLive';
const OTHER = 'otherLandlord';

function expectForeign404(ctx: CheckContext, res: HttpResponse, what: string): void {
  ctx.expect(
    res.status !== 403,
    `404 NOT_FOUND, never 403, for ${what}`,
    () => `${res.status} ${res.text.slice(0, 200)}`,
    res.exchange,
    { rules: ['AUTH-8', 'ERR-8'] },
  );
  ctx.expect(
    !(isRecord(res.json) && 'data' in res.json),
    `no data for ${what}`,
    () => `${res.status} with data ${describeValue((res.json as Json).data)}`,
    res.exchange,
    { rules: ['AUTH-8', 'OVERVIEW-4'] },
  );
  ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: ['AUTH-8', 'ERR-NOT_FOUND'] });
}

export const foreignIdsOnGetByIdAnswer404NeverData = defineCheck({
  id: 'isolation.foreignIdsOnGetByIdAnswer404NeverData',
  title: "Another landlord's ids on every GET-by-id route answer 404 NOT_FOUND: never 403, never data (property-based)",
  group: GROUP,
  rules: ['AUTH-8', 'ERR-8', 'ERR-NOT_FOUND', 'OVERVIEW-4'],
  needs: ['otherLandlord'],
  long: true, // a paced read per foreign id and route
  async run(ctx: CheckContext) {
    const foreign = new Map<string, string[]>();
    for (const route of GET_BY_ID_ROUTES) {
      if (!foreign.has(route.idsFrom)) foreign.set(route.idsFrom, await listIds(ctx, route.idsFrom, OTHER, 50));
    }
    // An other landlord that owns nothing (an empty portfolio) gets a property of the check's own to probe with.
    if (GET_BY_ID_ROUTES.every((r) => (foreign.get(r.idsFrom) ?? []).length === 0))
      foreign.set('/properties', [String((await createOwnProperty(ctx, OTHER, 'isolation-probe')).id)]);
    const routes = GET_BY_ID_ROUTES.filter((r) => (foreign.get(r.idsFrom) ?? []).length > 0);
    if (routes.length === 0)
      ctx.skip('the otherLandlord key lists no properties, contracts, tenants or rent payments to probe with');
    // Every listed id on every route (the invoice PDF with one id only: it has a per-landlord limit of its own),
    // asked by the landlord's keys in turn: each key is paced on a budget of its own, so the sweep does not wait on
    // enterpriseLive's alone, and every route with more than one id is asked by more than one key ...
    const keys = [
      SELF,
      ...(ctx.hasKey('enterpriseSandbox') ? ['enterpriseSandbox'] : []),
      ...(ctx.hasKey('enterpriseReadOnly') ? ['enterpriseReadOnly'] : []),
    ];
    let sent = 0;
    for (const route of routes) {
      const ids = foreign.get(route.idsFrom) as string[];
      for (const id of route.landlordLimited ? ids.slice(0, 1) : ids) {
        const key = route.landlordLimited ? SELF : keys[sent % keys.length];
        const options = { path: fillPath(route.path, { id }), key };
        const res = route.landlordLimited ? await invoiceRequest(ctx, 'pdf', options) : await ctx.http.request(options);
        expectForeign404(ctx, res, `GET ${route.path} with another landlord's id (${key})`);
        sent++;
      }
    }
    // ... then sampled ids with any of those keys and either header.
    const cheap = routes.filter((r) => !r.landlordLimited);
    await ctx.property(
      "another landlord's id is 404 NOT_FOUND whichever key of the landlord asks",
      fc.record({
        route: fc.constantFrom<ByIdRoute>(...cheap),
        pick: fc.nat(),
        key: fc.constantFrom(...keys),
        auth: fc.constantFrom('bearer' as const, 'x-api-key' as const),
      }),
      async ({ route, pick, key, auth }) => {
        const ids = foreign.get(route.idsFrom) as string[];
        const id = ids[pick % ids.length];
        expectForeign404(
          ctx,
          await ctx.http.request({ path: fillPath(route.path, { id }), key, auth }),
          `GET ${route.path} with another landlord's id (${key})`,
        );
      },
      { numRuns: 15 },
    );
    // And the other way round: the other landlord cannot read ours.
    const ours = await listIds(ctx, '/properties', SELF, 3);
    for (const id of ours)
      expectForeign404(
        ctx,
        await ctx.http.request({ path: `/properties/${id}`, key: OTHER }),
        "GET /properties/{id} of the first landlord with the other landlord's key",
      );
    ctx.note(
      `${routes.length} GET-by-id routes, every listed id of the other landlord (${sent} requests over ${keys.length} keys of the landlord) plus 15 sampled with any key and header: 404 NOT_FOUND`,
    );
  },
});

/** A 1×1 PNG, for upload routes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type ForeignWrite = {
  readonly label: string;
  readonly method: string;
  readonly path: (id: string) => string;
  readonly json?: unknown;
  readonly multipart?: Record<string, string | { filename: string; contentType: string; content: Uint8Array }>;
};

function foreignWrites(ctx: Pick<CheckContext, 'marker' | 'target'>): readonly ForeignWrite[] {
  return [
    {
      label: 'PATCH shortName',
      method: 'PATCH',
      path: (id) => `/properties/${id}`,
      json: { [writeName(ctx, 'property', 'shortName')]: `${ctx.marker} hijacked` },
    },
    { label: 'PATCH status', method: 'PATCH', path: (id) => `/properties/${id}`, json: { status: 'Maintenance' } },
    {
      label: 'PATCH bedrooms',
      method: 'PATCH',
      path: (id) => `/properties/${id}`,
      json: { [writeName(ctx, 'property', 'bedrooms')]: 9, [writeName(ctx, 'property', 'bathrooms')]: 9 },
    },
    { label: 'DELETE', method: 'DELETE', path: (id) => `/properties/${id}` },
    {
      label: 'POST image',
      method: 'POST',
      path: (id) => `/properties/${id}/image`,
      multipart: { file: { filename: 'x.png', contentType: 'image/png', content: PNG } },
    },
    {
      label: 'POST document',
      method: 'POST',
      path: (id) => `/properties/${id}/documents`,
      multipart: {
        file: {
          filename: 'x.pdf',
          contentType: 'application/pdf',
          content: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'),
        },
        name: `${ctx.marker} hijack`,
        type: 'EPC_Certificate',
      },
    },
    { label: 'DELETE document', method: 'DELETE', path: (id) => `/properties/${id}/documents/${unknownId()}` },
  ];
}

function stable(item: unknown): string {
  if (!isRecord(item)) return JSON.stringify(item);
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(item)
        .filter(([k]) => k !== 'compliance')
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
}

export const foreignIdsOnWritesAnswer404AndChangeNothing = defineCheck({
  id: 'isolation.foreignIdsOnWritesAnswer404AndChangeNothing',
  title: "Writes on another landlord's resource answer 404 NOT_FOUND and leave it unchanged (property-based)",
  group: GROUP,
  rules: ['AUTH-8', 'ERR-NOT_FOUND', 'OVERVIEW-4'],
  needs: ['otherLandlord'],
  async run(ctx: CheckContext) {
    // The target: a property the check creates for the other landlord (never fixture data).
    const theirs = await createOwnProperty(ctx, OTHER, 'isolation');
    const id = String(theirs.id);
    const read = async (): Promise<{ res: HttpResponse; data: unknown }> => {
      const res = await ctx.http.request({ path: `/properties/${id}`, key: OTHER });
      return { res, data: successData(ctx, res, [200], { rules: ['AUTH-8', 'OVERVIEW-4'] }) };
    };
    const before = await read();
    const writers = [SELF, ...(ctx.hasKey('enterpriseSandbox') ? ['enterpriseSandbox'] : [])];
    const writes = foreignWrites(ctx);
    await ctx.property(
      "a write on another landlord's property is 404 and changes nothing",
      fc.record({ write: fc.constantFrom(...writes), key: fc.constantFrom(...writers) }),
      async ({ write, key }) => {
        const res = await requestRetryingResets(ctx, {
          method: write.method,
          path: write.path(id),
          key,
          ...(write.json !== undefined ? { json: write.json } : {}),
          ...(write.multipart ? { multipart: write.multipart } : {}),
        });
        expectForeign404(ctx, res, `${write.label} on another landlord's property (${key})`);
        const after = await read();
        ctx.expect(
          stable(after.data) === stable(before.data),
          `the other landlord's property unchanged after ${write.label} (${key})`,
          () => `before ${describeValue(before.data)}; after ${describeValue(after.data)}`,
          after.res.exchange,
          { rules: ['AUTH-8', 'OVERVIEW-4'] },
        );
      },
      { numRuns: 14 },
    );
    ctx.note(`14 writes (PATCH, DELETE, uploads) on another landlord's property: 404 NOT_FOUND, property unchanged`);
  },
});

export const listsAndFiltersNeverExposeAnotherLandlordsRecords = defineCheck({
  id: 'isolation.listsAndFiltersNeverExposeAnotherLandlordsRecords',
  title: "Lists never contain another landlord's records, and filtering by another landlord's ids returns nothing",
  group: GROUP,
  rules: ['OVERVIEW-4', 'AUTH-8'],
  needs: ['otherLandlord'],
  async run(ctx: CheckContext) {
    const theirsByList = new Map<string, Json[]>();
    let lists = 0;
    for (const endpoint of LIST_ENDPOINTS) {
      const ours = await getList(ctx, endpoint.path, SELF, { limit: LIMIT_MAX });
      const theirs = await getList(ctx, endpoint.path, OTHER, { limit: LIMIT_MAX });
      theirsByList.set(endpoint.path, [...theirs.items]);
      const theirIds = new Set(
        theirs.items
          .filter((i) => !isSuiteData(i))
          .map((i) => i.id)
          .filter((v): v is string => typeof v === 'string'),
      );
      const leaked = ours.items.find((i) => typeof i.id === 'string' && theirIds.has(i.id));
      ctx.expect(
        leaked === undefined,
        `GET ${endpoint.path} to hold only the key's own landlord's records`,
        () => `another landlord's record: ${describeValue(leaked)}`,
        ours.res.exchange,
      );
      lists++;
    }
    const first = (path: string, field: string): string | undefined => {
      const v = (theirsByList.get(path) ?? []).map((i) => i[field]).find((x) => typeof x === 'string');
      return typeof v === 'string' ? v : undefined;
    };
    const probes: Array<[string, string, string | undefined]> = [
      ['/contracts', 'propertyId', first('/properties', 'id')],
      ['/contracts', 'tenantId', first('/contracts', 'mainTenantId')],
      ['/rent', 'contractId', first('/contracts', 'id')],
      ['/events', 'propertyId', first('/properties', 'id')],
    ];
    let filters = 0;
    for (const [path, param, value] of probes) {
      if (value === undefined) continue;
      const res = await ctx.http.request({ path, key: SELF, query: { [param]: value } });
      if (res.status === 404) {
        ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND');
      } else {
        const page = getListFrom(ctx, res);
        ctx.expect(
          page.length === 0,
          `GET ${path}?${param}=<another landlord's id> to return nothing`,
          () => `${page.length} records, e.g. ${describeValue(page[0])}`,
          res.exchange,
        );
      }
      filters++;
    }
    ctx.note(`${lists} lists hold no record of the other landlord; ${filters} filters with its ids returned nothing`);
  },
});

function getListFrom(ctx: CheckContext, res: HttpResponse): unknown[] {
  const body = ctx.expectSuccessEnvelope(res, 200);
  ctx.expect(Array.isArray(body.data), '"data" to be an array', () => describeValue(body.data), res.exchange);
  return body.data;
}
