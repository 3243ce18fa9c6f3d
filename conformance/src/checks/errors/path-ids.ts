// Endpoints: "Path parameters `id` and `docId` are UUIDs." The answer to a path parameter that is not a UUID is not
// said (the catalogue's ENDPOINTS-10 note): 400 VALIDATION_ERROR (it failed validation) or 404 NOT_FOUND (no such
// resource) are both accepted, each with the exact error envelope; never a 2xx with data, never a 5xx, never another
// status. Property-based over every route with an `{id}` or `{docId}` and strings that are not UUIDs, and every run
// one integer id in each path parameter of each route.

import fc from 'fast-check';
import { notUuidArb, uuidArb } from '../../generators';
import type { HttpResponse, RequestOptions } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse } from '../../runner/describe';
import { invoiceRequest } from '../shared/invoice-budget';
import { ownWriteKey } from '../shared/provision';
import { GET_BY_ID_ROUTES, WRITE_ROUTES, type SpecRoute } from '../shared/spec';
import { codeOf, isErrorEnvelope, multipartBody, requestRetryingResets } from '../shared/util';
import { writeName } from '../shared/unnamed';

/** Every route with a path parameter. */
export const ID_ROUTES: readonly SpecRoute[] = [...GET_BY_ID_ROUTES, ...WRITE_ROUTES].filter((r) =>
  r.path.includes('{id}'),
);

interface Case {
  readonly route: SpecRoute;
  /** Which parameter gets the non-UUID (routes with a `{docId}` pick either). */
  readonly param: 'id' | 'docId';
  readonly value: string;
  /** The other parameter: a UUID nobody issued. */
  readonly other: string;
}

function caseArb(): fc.Arbitrary<Case> {
  const value = notUuidArb().filter((s) => !/^\.+$/.test(s));
  return fc
    .record({ route: fc.constantFrom(...ID_ROUTES), docId: fc.boolean(), value, other: uuidArb() })
    .map(({ route, docId, value: v, other }) => ({
      route,
      param: docId && route.path.includes('{docId}') ? 'docId' : 'id',
      value: v,
      other,
    }));
}

/**
 * One case per route and path parameter, every run (the random ones reach a route by chance): an integer id, the
 * form a client written against a database's keys sends.
 */
const EVERY_ROUTE: readonly Case[] = ID_ROUTES.flatMap((route) =>
  (route.path.includes('{docId}') ? (['id', 'docId'] as const) : (['id'] as const)).map((param) => ({
    route,
    param,
    value: '12345',
    other: '00000000-0000-4000-8000-00000000a1d0',
  })),
);

function pathOf(c: Case): string {
  const bad = encodeURIComponent(c.value);
  return c.route.path
    .replace('{id}', c.param === 'id' ? bad : c.other)
    .replace('{docId}', c.param === 'docId' ? bad : c.other);
}

/** The route's request with a harmless body of its kind (nothing can be written: no such resource). */
function requestOf(ctx: CheckContext, c: Case, key: string): RequestOptions {
  const base: RequestOptions = { method: c.route.method, path: pathOf(c), key };
  if (c.route.method === 'GET' || c.route.method === 'DELETE') return base;
  if (c.route.multipart) {
    const form = multipartBody({
      name: `${ctx.marker} path id`,
      type: 'EPC_Certificate',
      file: { filename: 'path-id.pdf', contentType: 'application/pdf', content: '%PDF-1.4\n%%EOF\n' },
    });
    return { ...base, body: form.body, headers: { 'content-type': form.contentType } };
  }
  return {
    ...base,
    json: c.route.method === 'PATCH' ? { [writeName(ctx, 'property', 'shortName')]: `${ctx.marker} path id` } : {},
  };
}

async function send(ctx: CheckContext, c: Case, key: string): Promise<HttpResponse> {
  const options = requestOf(ctx, c, key);
  // The invoice routes have per-landlord minute budgets: their requests are booked like every invoice request.
  if (c.route.path.endsWith('/invoice/pdf')) return invoiceRequest(ctx, 'pdf', options);
  if (c.route.path.endsWith('/invoice/email')) return invoiceRequest(ctx, 'email', options);
  return requestRetryingResets(ctx, options);
}

export const nonUuidPathIdsAnswer400Or404 = defineCheck({
  id: 'errors.nonUuidPathIdsAnswer400Or404',
  title:
    'A path id or docId that is not a UUID answers 400 VALIDATION_ERROR or 404 NOT_FOUND on every route, never data, never a 5xx',
  group: 'Endpoints',
  // The error table's codes for the two answers: a 400 is VALIDATION_ERROR, a 404 NOT_FOUND.
  rules: ['ENDPOINTS-10', 'ERR-VALIDATION_ERROR', 'ERR-NOT_FOUND'],
  async run(ctx: CheckContext) {
    // A live key of a landlord of the check's own (unpaced writes, invoice budgets of its own); else enterpriseLive.
    const key = await ownWriteKey(ctx, 'path-ids');
    const seen = new Map<string, number>();
    await ctx.property(
      'a non-UUID path parameter is 400 VALIDATION_ERROR or 404 NOT_FOUND',
      caseArb(),
      async (c) => {
        const res = await send(ctx, c, key);
        const code = codeOf(res);
        const ok =
          isErrorEnvelope(res.json) &&
          ((res.status === 400 && code === 'VALIDATION_ERROR') || (res.status === 404 && code === 'NOT_FOUND'));
        ctx.expect(
          ok,
          `${c.route.method} ${c.route.path} with ${c.param} ${JSON.stringify(c.value)} (not a UUID: path parameters are UUIDs): 400 { error, code: "VALIDATION_ERROR" } or 404 { error, code: "NOT_FOUND" }`,
          () => describeResponse(res),
          res.exchange,
        );
        seen.set(`${res.status} ${String(code)}`, (seen.get(`${res.status} ${String(code)}`) ?? 0) + 1);
      },
      { numRuns: EVERY_ROUTE.length + 25, examples: EVERY_ROUTE },
    );
    ctx.note(
      `${EVERY_ROUTE.length} non-UUID path parameters, one per route and parameter, and 25 random ones over ${ID_ROUTES.length} routes: ${[...seen].map(([s, n]) => `${s}×${n}`).join(', ')}`,
    );
  },
});
