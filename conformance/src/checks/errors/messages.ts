// Errors 3 and 4: what the human-readable messages must carry. A 404 names the missing resource kind; a
// VALIDATION_ERROR lists (up to) the first 10 issues with their field paths.

import { defineCheck, type CheckContext } from '../../runner';
import { BY_ID_ROUTES, routeName, type SpecRoute } from '../../spec-routes';
import { LandlordData, requestFor, send, type RouteIds } from '../access/requests';
import { invoiceRequest } from '../shared/invoice-budget';
import { KIND_WORDS, type ResourceKind } from '../shared/spec';
import { createOwnProperty, listIds, messageOf, unknownId } from '../shared/util';

const GROUP = 'Errors';
const LIVE = 'enterpriseLive';

/**
 * Every route of the table that addresses a resource by id, with the kind its 404 is about: every detailed route
 * (reads and writes alike: "The 404 message names the missing resource kind" is said of every 404), and the named
 * reads (their writes' paths are not shown, so a 404 there may be the route's own absence).
 */
const PROBED: readonly SpecRoute[] = BY_ID_ROUTES.filter(
  (r) => r.kind !== undefined && (r.detail === 'full' || r.method === 'GET'),
);

export const unknownIdsAnswer404NamingResourceKind = defineCheck({
  id: 'errors.unknownIdsAnswer404NamingResourceKind',
  title:
    'An unknown id answers 404 NOT_FOUND whose message names the resource kind, on every route with an id (reads, writes and uploads; the document routes with a real owner and an unknown document)',
  group: GROUP,
  rules: ['ERR-3', 'AUTH-8', 'ERR-NOT_FOUND'],
  async run(ctx: CheckContext) {
    const owner = new LandlordData(ctx, LIVE);
    let checked = 0;
    for (const route of PROBED) {
      const kind = route.kind as ResourceKind;
      let ids: RouteIds = { id: unknownId() };
      if (route.ids?.docId !== undefined) {
        // The missing thing is the document: its owner must exist.
        let [parent] = await listIds(ctx, route.ids.id, LIVE, 1);
        if (parent === undefined && route.ids.id === '/properties')
          parent = String((await createOwnProperty(ctx, LIVE, 'not-found')).id);
        if (parent === undefined) continue;
        ids = { id: parent, docId: unknownId() };
      }
      const request = { ...(await requestFor(ctx, route, ids, owner, 'not-found')), key: LIVE };
      // The invoice routes have a per-landlord limit of their own: their requests are booked with the other checks'.
      const res = route.invoice ? await invoiceRequest(ctx, route.invoice, request) : await send(ctx, request);
      ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: ['AUTH-8', 'ERR-NOT_FOUND'] });
      const message = messageOf(res);
      ctx.expect(
        KIND_WORDS[kind].test(message),
        `the 404 message of ${routeName(route)} to name the missing ${kind}`,
        `"${message}"`,
        res.exchange,
        { rules: ['ERR-3'] },
      );
      checked++;
    }
    ctx.note(`${checked} routes: 404 NOT_FOUND naming the resource kind`);
  },
});

/**
 * Twelve spec-named Property fields, each with one value of the wrong type or outside its set: each is exactly
 * one issue, and no name is contained in another, so the paths can be found in any message wording.
 */
const INVALID_FIELDS: Readonly<Record<string, unknown>> = {
  shortName: 12345,
  addressLine1: ['not', 'a', 'string'],
  city: { not: 'a string' },
  postcode: true,
  propertyType: 67890,
  bedrooms: 'two',
  bathrooms: 'one',
  status: 'Demolished',
  gscRenewal: 'not-a-date',
  eicrRenewal: '2024-13-45',
  epcRenewal: 'someday',
  landlordLicenceRenewal: 42,
};

/** Up to 10 issues listed, each with at least one path; a field may yield two issues (type and set), hence 5. */
const MIN_PATHS = 5;
const MAX_ISSUES = 10;

export const validationErrorListsFirstTenIssuesWithFieldPaths = defineCheck({
  id: 'errors.validationErrorListsFirstTenIssuesWithFieldPaths',
  title:
    'A body with 12 invalid fields answers 400 VALIDATION_ERROR whose message lists the first 10 issues with their field paths',
  group: GROUP,
  rules: ['ERR-4', 'ERR-VALIDATION_ERROR'],
  async run(ctx: CheckContext) {
    const fields = Object.keys(INVALID_FIELDS);
    // PATCH needs no required fields; an unknown id is tried first (validation usually comes before the lookup).
    let res = await ctx.http.request({
      method: 'PATCH',
      path: `/properties/${unknownId()}`,
      key: 'enterpriseLive',
      json: INVALID_FIELDS,
    });
    if (res.status === 404) {
      const own = await createOwnProperty(ctx, 'enterpriseLive', 'validation');
      res = await ctx.http.request({
        method: 'PATCH',
        path: `/properties/${String(own.id)}`,
        key: 'enterpriseLive',
        json: INVALID_FIELDS,
      });
    }
    ctx.expectErrorEnvelope(res, 400, 'VALIDATION_ERROR', { rules: ['ERR-VALIDATION_ERROR'] });
    const message = messageOf(res);
    const named = fields.filter((f) => new RegExp(`(^|[^A-Za-z0-9])${f}([^A-Za-z0-9]|$)`).test(message));
    ctx.expect(
      named.length >= MIN_PATHS,
      `the message to list the issues with their field paths (at least ${MIN_PATHS} of the ${fields.length} invalid fields named)`,
      `${named.length} named (${named.join(', ') || 'none'}): "${message}"`,
      res.exchange,
    );
    ctx.expect(
      named.length <= MAX_ISSUES,
      `only the first ${MAX_ISSUES} issues listed (at most ${MAX_ISSUES} of the ${fields.length} invalid fields named)`,
      `${named.length} named: "${message}"`,
      res.exchange,
    );
    ctx.note(`12 invalid fields: 400 VALIDATION_ERROR naming ${named.length} field paths (${named.join(', ')})`);
  },
});
