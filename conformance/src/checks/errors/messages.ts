// Errors 3 and 4: what the human-readable messages must carry. A 404 names the missing resource kind; a
// VALIDATION_ERROR lists (up to) the first 10 issues with their field paths.

import { defineCheck, type CheckContext } from '../../runner';
import { invoiceRequest } from '../shared/invoice-budget';
import { GET_BY_ID_ROUTES, KIND_WORDS, type ResourceKind } from '../shared/spec';
import { createOwnProperty, fillPath, listIds, messageOf, unknownId } from '../shared/util';

const GROUP = 'Errors';

interface NotFoundProbe {
  readonly method: string;
  readonly template: string;
  readonly kind: ResourceKind;
  readonly json?: unknown;
  /** `{id}` must be a real id (the missing thing is the `{docId}`). */
  readonly realParent?: string;
}

export const unknownIdsAnswer404NamingResourceKind = defineCheck({
  id: 'errors.unknownIdsAnswer404NamingResourceKind',
  title: 'An unknown id answers 404 NOT_FOUND whose message names the resource kind, on every route with an id',
  group: GROUP,
  rules: ['ERR-3', 'AUTH-8', 'ERR-NOT_FOUND'],
  async run(ctx: CheckContext) {
    const probes: NotFoundProbe[] = [
      ...GET_BY_ID_ROUTES.map((r) => ({ method: 'GET', template: r.path, kind: r.kind as ResourceKind })),
      // A body of spec-named fields only: the names of the other property fields a deployment accepts are not shown.
      { method: 'PATCH', template: '/properties/{id}', kind: 'property', json: { status: 'Maintenance' } },
      { method: 'DELETE', template: '/properties/{id}', kind: 'property' },
      { method: 'DELETE', template: '/contracts/{id}', kind: 'contract' },
      { method: 'PATCH', template: '/rent/{id}', kind: 'rent payment', json: { status: 'Paid' } },
      { method: 'DELETE', template: '/properties/{id}/documents/{docId}', kind: 'document', realParent: '/properties' },
      { method: 'DELETE', template: '/contracts/{id}/documents/{docId}', kind: 'document', realParent: '/contracts' },
    ];
    let checked = 0;
    for (const probe of probes) {
      let parent: string | undefined;
      if (probe.realParent) {
        [parent] = await listIds(ctx, probe.realParent, 'enterpriseLive', 1);
        if (parent === undefined) continue;
      }
      const path = fillPath(probe.template, { ...(parent ? { id: parent } : {}), docId: unknownId() });
      const options = {
        method: probe.method,
        path,
        key: 'enterpriseLive',
        ...(probe.json !== undefined ? { json: probe.json } : {}),
      };
      // The invoice PDF has a per-landlord limit of its own: its request is booked with the other checks' ones.
      const res = path.endsWith('/invoice/pdf')
        ? await invoiceRequest(ctx, 'pdf', options)
        : await ctx.http.request(options);
      ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: ['AUTH-8', 'ERR-NOT_FOUND'] });
      const message = messageOf(res);
      ctx.expect(
        KIND_WORDS[probe.kind].test(message),
        `the 404 message of ${probe.method} ${probe.template} to name the missing ${probe.kind}`,
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
