// The spec's routes as data, so the platform checks (auth matrix, fuzzing, isolation, envelope, pagination) are
// table-driven: a route added to the spec is added here once and every platform check covers it.
// Paths are relative to the target's baseUrl; `{id}` and `{docId}` are UUID path parameters (ENDPOINTS-10).

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Where in the spec a route is given. `named`: "Endpoints named but not detailed" (shape and parameters not shown). */
export type Detail = 'full' | 'named';

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

export type ResourceKind = 'property' | 'contract' | 'rent payment' | 'tenant' | 'document';

/** How a 404 message can name a kind: the spec gives no wording, so any of these words counts. */
export const KIND_WORDS: Readonly<Record<ResourceKind, RegExp>> = {
  property: /propert/i,
  contract: /contract|tenancy/i,
  'rent payment': /rent|payment/i,
  tenant: /tenant/i,
  document: /document/i,
};

// ---- GET endpoints --------------------------------------------------------------------------------------

/** GET endpoints without path parameters (lists and singletons). */
export const GET_COLLECTION_ROUTES: readonly SpecRoute[] = [
  { method: 'GET', path: '/properties', detail: 'full' },
  { method: 'GET', path: '/contracts', detail: 'full' },
  { method: 'GET', path: '/rent', detail: 'full' },
  { method: 'GET', path: '/events', detail: 'full' },
  { method: 'GET', path: '/team', detail: 'full' },
  { method: 'GET', path: '/compliance/summary', detail: 'full' },
  { method: 'GET', path: '/subscription', detail: 'named' },
  { method: 'GET', path: '/mortgages', detail: 'named' },
  { method: 'GET', path: '/tenants', detail: 'named' },
  { method: 'GET', path: '/contacts', detail: 'named' },
  { method: 'GET', path: '/chat/messages', detail: 'named' },
  { method: 'GET', path: '/maintenance/issues', detail: 'named' },
  { method: 'GET', path: '/maintenance/inspections', detail: 'named' },
];

/** GET endpoints with an `{id}`. `idsFrom`: the list whose items' `id` fills it. */
export interface ByIdRoute extends SpecRoute {
  readonly idsFrom: string;
}

export const GET_BY_ID_ROUTES: readonly ByIdRoute[] = [
  { method: 'GET', path: '/properties/{id}', detail: 'full', kind: 'property', idsFrom: '/properties' },
  { method: 'GET', path: '/properties/{id}/handbook', detail: 'full', kind: 'property', idsFrom: '/properties' },
  { method: 'GET', path: '/properties/{id}/documents', detail: 'full', kind: 'property', idsFrom: '/properties' },
  { method: 'GET', path: '/contracts/{id}', detail: 'full', kind: 'contract', idsFrom: '/contracts' },
  { method: 'GET', path: '/contracts/{id}/documents', detail: 'full', kind: 'contract', idsFrom: '/contracts' },
  { method: 'GET', path: '/tenants/{id}', detail: 'named', kind: 'tenant', idsFrom: '/tenants' },
  {
    method: 'GET',
    path: '/rent/{id}/invoice/pdf',
    detail: 'full',
    kind: 'rent payment',
    idsFrom: '/rent',
    landlordLimited: true,
  },
];

// ---- write endpoints ------------------------------------------------------------------------------------

export const WRITE_ROUTES: readonly SpecRoute[] = [
  { method: 'POST', path: '/properties', detail: 'full' },
  { method: 'PATCH', path: '/properties/{id}', detail: 'full', kind: 'property' },
  { method: 'DELETE', path: '/properties/{id}', detail: 'full', kind: 'property' },
  { method: 'POST', path: '/properties/{id}/image', detail: 'full', kind: 'property', multipart: true },
  { method: 'POST', path: '/properties/{id}/documents', detail: 'full', kind: 'property', multipart: true },
  { method: 'DELETE', path: '/properties/{id}/documents/{docId}', detail: 'full', kind: 'document' },
  { method: 'POST', path: '/contracts', detail: 'full' },
  { method: 'PATCH', path: '/contracts/{id}', detail: 'full', kind: 'contract' },
  { method: 'DELETE', path: '/contracts/{id}', detail: 'full', kind: 'contract' },
  { method: 'POST', path: '/contracts/{id}/documents', detail: 'full', kind: 'contract', multipart: true },
  { method: 'DELETE', path: '/contracts/{id}/documents/{docId}', detail: 'full', kind: 'document' },
  { method: 'POST', path: '/rent', detail: 'full' },
  { method: 'PATCH', path: '/rent/{id}', detail: 'full', kind: 'rent payment' },
  { method: 'POST', path: '/rent/{id}/invoice/email', detail: 'full', kind: 'rent payment', landlordLimited: true },
  { method: 'PATCH', path: '/maintenance/issues/{id}', detail: 'named' },
  { method: 'POST', path: '/chat/messages', detail: 'named', multipart: true },
];

/** The removed route (DEPRECATED-1..3). */
export const DEPRECATED_ROUTE = {
  method: 'PATCH',
  path: '/maintenance/{id}',
  successor: '/maintenance/issues/',
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
  /** For `search` without a known field: item fields whose name matches are tried (tenancy reference). */
  readonly fieldPattern?: RegExp;
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

export const LIST_ENDPOINTS: readonly ListEndpoint[] = [
  {
    path: '/properties',
    detail: 'full',
    listRules: ['PROP-1'],
    invalidQueryRules: ['PROP-4'],
    filters: [
      {
        param: 'status',
        type: 'enum',
        values: ['Occupied', 'Vacant', 'Maintenance'],
        field: 'status',
        rules: ['PROP-2'],
      },
      { param: 'search', type: 'search', field: 'address', rules: ['PROP-3', 'LIMIT-4'] },
    ],
  },
  {
    path: '/contracts',
    detail: 'full',
    listRules: ['CONTRACT-1'],
    invalidQueryRules: ['CONTRACT-6'],
    hasNextPage: true,
    filters: [
      {
        param: 'status',
        type: 'enum',
        values: ['Active', 'Pending', 'Notice Served', 'Ended'],
        field: 'status',
        rules: ['CONTRACT-2'],
      },
      { param: 'propertyId', type: 'id', field: 'propertyId', rules: ['CONTRACT-3', 'OVERVIEW-10'] },
      { param: 'tenantId', type: 'id', field: 'mainTenantId', rules: ['CONTRACT-4'] },
      { param: 'search', type: 'search', fieldPattern: /reference/i, rules: ['CONTRACT-5', 'LIMIT-4'] },
    ],
  },
  {
    path: '/rent',
    detail: 'full',
    listRules: ['RENT-GET-1'],
    invalidQueryRules: ['RENT-GET-4'],
    filters: [
      { param: 'status', type: 'enum', values: ['Paid', 'Pending', 'Overdue'], field: 'status', rules: ['RENT-GET-2'] },
      { param: 'contractId', type: 'id', field: 'contractId', rules: ['RENT-GET-3'] },
    ],
  },
  {
    path: '/events',
    detail: 'full',
    listRules: ['CAL-1', 'CAL-10'],
    invalidQueryRules: ['CAL-3'],
    // The field carrying the property id is not named (RES-CAL-4): items must carry the id somewhere.
    filters: [{ param: 'propertyId', type: 'id', rules: ['CAL-7'] }],
  },
  { path: '/mortgages', detail: 'named', listRules: ['OTHER-2'], invalidQueryRules: [], filters: [] },
  { path: '/tenants', detail: 'named', listRules: ['OTHER-4'], invalidQueryRules: [], filters: [] },
  { path: '/contacts', detail: 'named', listRules: ['OTHER-8'], invalidQueryRules: [], filters: [] },
  {
    path: '/chat/messages',
    detail: 'named',
    listRules: ['OTHER-11'],
    invalidQueryRules: [],
    filters: [
      { param: 'conversationId', type: 'id', acceptanceOnly: true, rules: ['OTHER-11'] },
      { param: 'propertyId', type: 'id', acceptanceOnly: true, rules: ['OTHER-11'] },
    ],
  },
  { path: '/maintenance/issues', detail: 'named', listRules: ['OTHER-14'], invalidQueryRules: [], filters: [] },
  { path: '/maintenance/inspections', detail: 'named', listRules: ['OTHER-16'], invalidQueryRules: [], filters: [] },
];
