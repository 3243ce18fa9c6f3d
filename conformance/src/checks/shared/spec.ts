// The platform checks' views of the spec's route table (src/spec-routes, the single source): GET collections and
// by-id reads, writes, lists with their filters, the removed route. Nothing here lists a route of its own, so a
// route added to the table is covered by every check that iterates a view.

import {
  DEPRECATED_ROUTES,
  SPEC_ROUTES,
  type Detail,
  type Method,
  type ResourceKind,
  type SpecRoute as TableRoute,
} from '../../spec-routes';

export type { Detail, Method, ResourceKind };

export interface SpecRoute {
  readonly method: Method;
  readonly path: string;
  readonly detail: Detail;
  /** The resource a 404 on this route is about (ERR-3: "the 404 message names the missing resource kind"). */
  readonly kind?: ResourceKind;
  /** Multipart upload routes. */
  readonly multipart?: boolean;
  /** Routes with a per-landlord limit of their own (invoice PDF 20/min, invoice email 10/min): used sparingly. */
  readonly landlordLimited?: boolean;
}

/** How a 404 message can name a kind: the spec gives no wording, so any of these words counts. */
export const KIND_WORDS: Readonly<Record<ResourceKind, RegExp>> = {
  property: /propert/i,
  contract: /contract|tenancy/i,
  'rent payment': /rent|payment/i,
  tenant: /tenant/i,
  document: /document/i,
};

function view(route: TableRoute): SpecRoute {
  return {
    method: route.method,
    path: route.path,
    detail: route.detail,
    ...(route.kind !== undefined ? { kind: route.kind } : {}),
    ...(route.multipart === true ? { multipart: true } : {}),
    ...(route.invoice !== undefined ? { landlordLimited: true } : {}),
  };
}

// ---- GET endpoints --------------------------------------------------------------------------------------

/** GET endpoints without path parameters (lists and singletons). */
export const GET_COLLECTION_ROUTES: readonly SpecRoute[] = SPEC_ROUTES.filter(
  (r) => r.method === 'GET' && r.ids === undefined,
).map(view);

/** GET endpoints with an `{id}`. `idsFrom`: the list whose items' `id` fills it. */
export interface ByIdRoute extends SpecRoute {
  readonly idsFrom: string;
}

export const GET_BY_ID_ROUTES: readonly ByIdRoute[] = SPEC_ROUTES.flatMap((r) =>
  r.method === 'GET' && r.ids !== undefined ? [{ ...view(r), idsFrom: r.ids.id }] : [],
);

// ---- write endpoints ------------------------------------------------------------------------------------

export const WRITE_ROUTES: readonly SpecRoute[] = SPEC_ROUTES.filter((r) => r.access === 'write').map(view);

const [REMOVED] = DEPRECATED_ROUTES;
if (!REMOVED) throw new Error('the route table has no removed route');

/** The removed route (DEPRECATED-1..3). */
export const DEPRECATED_ROUTE = {
  method: REMOVED.method,
  path: REMOVED.path,
  successor: REMOVED.successor,
} as const;

/** Routes the spec does not have, for "unknown route" probes. */
export const UNKNOWN_PATHS: readonly string[] = [
  '/no-such-resource',
  '/properties/{id}/no-such-child',
  '/v0/properties',
  '/maintenance',
];

// ---- list endpoints -------------------------------------------------------------------------------------

/** A query filter of a list endpoint, with how to check it from outside. */
export interface ListFilter {
  readonly param: string;
  /**
   * `enum`: values given by the spec; `id`: a uuid matched against `field` of the items; `search`: 1..200 chars,
   * case-insensitive contains on `field` (when the field name is known).
   */
  readonly type: 'enum' | 'id' | 'search';
  readonly values?: readonly string[];
  /** Item field the filter is about; undefined when the spec does not give its name. */
  readonly field?: string;
  /** For `search` on a field the spec does not name (the tenancy reference): that field (checks/shared/unnamed.ts). */
  readonly unnamed?: { readonly resource: 'contract'; readonly field: 'tenancyReference' };
  /** "Checked only for acceptance" (OTHER-11): no item-level assertion. */
  readonly acceptanceOnly?: boolean;
  readonly rules: readonly string[];
}

export interface ListEndpoint {
  readonly path: string;
  readonly detail: Detail;
  /** Rule ids of "answers 200 { data: [...], meta }" and "answers 400 on an invalid query" for this endpoint. */
  readonly listRules: readonly string[];
  readonly invalidQueryRules: readonly string[];
  readonly filters: readonly ListFilter[];
  /** Contract lists: `meta.hasNextPage` (ENDPOINTS-8). */
  readonly hasNextPage?: boolean;
}

/**
 * The table's filters in the form the list checks take: single-value filters (equals, contains, carries). The
 * calendar's comma-separated `type` is held by the calendar checks: the answer to a value outside its set is not
 * said (CAL-9), so the list checks' "invalid value answers 400" would be a rule the spec does not state.
 */
function listFilters(route: TableRoute): ListFilter[] {
  return route.query.flatMap((q): ListFilter[] => {
    const f = q.filter;
    if (!f || !(f.match === 'equals' || f.match === 'contains' || f.match === 'carries')) return [];
    const type = q.type.kind === 'enum' ? 'enum' : q.type.kind === 'uuid' ? 'id' : 'search';
    return [
      {
        param: q.name,
        type,
        ...(q.type.kind === 'enum' ? { values: q.type.values } : {}),
        ...(f.field !== undefined ? { field: f.field } : {}),
        ...(f.unnamed?.resource === 'contract' && f.unnamed.field === 'tenancyReference'
          ? { unnamed: { resource: 'contract', field: 'tenancyReference' } as const }
          : {}),
        ...(f.acceptanceOnly === true ? { acceptanceOnly: true } : {}),
        rules: q.rules,
      },
    ];
  });
}

export const LIST_ENDPOINTS: readonly ListEndpoint[] = SPEC_ROUTES.filter(
  (r) => r.method === 'GET' && r.response === 'list',
).map((r) => ({
  path: r.path,
  detail: r.detail,
  listRules: r.listRules ?? [],
  invalidQueryRules: r.invalidQueryRules ?? [],
  filters: listFilters(r),
  ...(r.hasNextPage === true ? { hasNextPage: true } : {}),
}));
