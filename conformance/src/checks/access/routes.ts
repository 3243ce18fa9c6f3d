// One table of every route of the spec, with what the access matrix needs to aim a rule at it: read or write,
// the body that reaches the rule, where a real id of the owning landlord is learned, and how the resource is read
// back to see that a refused (or sandboxed) write changed nothing. The groups "named but not detailed" have paths
// the spec does not show: the table uses the paths the suite already uses (other/named.ts, shared/own-data.ts).
// Paths are relative to the target's baseUrl; `{id}` and `{docId}` are UUIDs (ENDPOINTS-10).

import type { Detail, Method, ResourceKind } from '../shared/spec';

/** The body a write carries: enough to pass validation, so the rule under test is what answers. */
export type BodyKind =
  | 'none'
  | 'property'
  | 'propertyPatch'
  | 'image'
  | 'document'
  | 'contract'
  | 'contractPatch'
  | 'rent'
  | 'rentPatch'
  | 'invoiceEmail'
  | 'tenant'
  | 'issuePatch'
  | 'chat';

/**
 * How the resource a write is about is read back (with a key of its landlord):
 * - `item`: `GET path` answers it (`{id}` filled);
 * - `inList`: the item whose id is `{docId}` (or `{id}`) in the list `GET path`;
 * - `created`: a create; the list `GET path` must hold no item carrying the request's marker;
 * - `none`: nothing to read back through the API (the invoice email: the mail capture says whether it was sent).
 */
export type ReadBack =
  | { readonly kind: 'item'; readonly path: string }
  | {
      readonly kind: 'inList';
      readonly path: string;
      readonly idParam: 'id' | 'docId';
      readonly query?: Readonly<Record<string, string | number>>;
    }
  | { readonly kind: 'created'; readonly path: string; readonly query?: Readonly<Record<string, string | number>> }
  | { readonly kind: 'none' };

/** A resource group; the named ones may not be served by a deployment (their paths are not shown). */
export type RouteGroup =
  | 'properties'
  | 'documents'
  | 'contracts'
  | 'rent'
  | 'invoices'
  | 'calendar'
  | 'team'
  | 'compliance'
  | 'subscription'
  | 'mortgages'
  | 'tenants'
  | 'contacts'
  | 'chat'
  | 'maintenance issues'
  | 'inspections';

export interface AccessRoute {
  readonly method: Method;
  readonly path: string;
  readonly access: 'read' | 'write';
  readonly detail: Detail;
  readonly group: RouteGroup;
  readonly kind?: ResourceKind;
  /** The owner's list whose items' `id` fill `{id}`, and the list (with `{id}` filled) whose items fill `{docId}`. */
  readonly ids?: { readonly id: string; readonly docId?: string };
  readonly body: BodyKind;
  readonly readBack: ReadBack;
  /** The invoice routes: a per-landlord limit of their own (shared/invoice-budget). */
  readonly invoice?: 'pdf' | 'email';
}

const PROPERTY_IDS = { id: '/properties' } as const;
const CONTRACT_IDS = { id: '/contracts' } as const;
const RENT_IDS = { id: '/rent' } as const;
const RENT_LIST = { kind: 'inList', path: '/rent', idParam: 'id', query: { limit: 500 } } as const;

export const ACCESS_ROUTES: readonly AccessRoute[] = [
  // Properties and their documents
  {
    method: 'GET',
    path: '/properties',
    access: 'read',
    detail: 'full',
    group: 'properties',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/properties',
    access: 'write',
    detail: 'full',
    group: 'properties',
    body: 'property',
    readBack: { kind: 'created', path: '/properties', query: { limit: 500 } },
  },
  {
    method: 'GET',
    path: '/properties/{id}',
    access: 'read',
    detail: 'full',
    group: 'properties',
    kind: 'property',
    ids: PROPERTY_IDS,
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'PATCH',
    path: '/properties/{id}',
    access: 'write',
    detail: 'full',
    group: 'properties',
    kind: 'property',
    ids: PROPERTY_IDS,
    body: 'propertyPatch',
    readBack: { kind: 'item', path: '/properties/{id}' },
  },
  {
    method: 'DELETE',
    path: '/properties/{id}',
    access: 'write',
    detail: 'full',
    group: 'properties',
    kind: 'property',
    ids: PROPERTY_IDS,
    body: 'none',
    readBack: { kind: 'item', path: '/properties/{id}' },
  },
  {
    method: 'POST',
    path: '/properties/{id}/image',
    access: 'write',
    detail: 'full',
    group: 'properties',
    kind: 'property',
    ids: PROPERTY_IDS,
    body: 'image',
    readBack: { kind: 'item', path: '/properties/{id}' },
  },
  {
    method: 'GET',
    path: '/properties/{id}/handbook',
    access: 'read',
    detail: 'full',
    group: 'properties',
    kind: 'property',
    ids: PROPERTY_IDS,
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/properties/{id}/documents',
    access: 'read',
    detail: 'full',
    group: 'documents',
    kind: 'property',
    ids: PROPERTY_IDS,
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/properties/{id}/documents',
    access: 'write',
    detail: 'full',
    group: 'documents',
    kind: 'property',
    ids: PROPERTY_IDS,
    body: 'document',
    readBack: { kind: 'created', path: '/properties/{id}/documents' },
  },
  {
    method: 'DELETE',
    path: '/properties/{id}/documents/{docId}',
    access: 'write',
    detail: 'full',
    group: 'documents',
    kind: 'document',
    ids: { id: '/properties', docId: '/properties/{id}/documents' },
    body: 'none',
    readBack: { kind: 'inList', path: '/properties/{id}/documents', idParam: 'docId' },
  },
  // Contracts and their documents
  {
    method: 'GET',
    path: '/contracts',
    access: 'read',
    detail: 'full',
    group: 'contracts',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/contracts',
    access: 'write',
    detail: 'full',
    group: 'contracts',
    body: 'contract',
    readBack: { kind: 'created', path: '/contracts', query: { limit: 500 } },
  },
  {
    method: 'GET',
    path: '/contracts/{id}',
    access: 'read',
    detail: 'full',
    group: 'contracts',
    kind: 'contract',
    ids: CONTRACT_IDS,
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'PATCH',
    path: '/contracts/{id}',
    access: 'write',
    detail: 'full',
    group: 'contracts',
    kind: 'contract',
    ids: CONTRACT_IDS,
    body: 'contractPatch',
    readBack: { kind: 'item', path: '/contracts/{id}' },
  },
  {
    method: 'DELETE',
    path: '/contracts/{id}',
    access: 'write',
    detail: 'full',
    group: 'contracts',
    kind: 'contract',
    ids: CONTRACT_IDS,
    body: 'none',
    readBack: { kind: 'item', path: '/contracts/{id}' },
  },
  {
    method: 'GET',
    path: '/contracts/{id}/documents',
    access: 'read',
    detail: 'full',
    group: 'documents',
    kind: 'contract',
    ids: CONTRACT_IDS,
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/contracts/{id}/documents',
    access: 'write',
    detail: 'full',
    group: 'documents',
    kind: 'contract',
    ids: CONTRACT_IDS,
    body: 'document',
    readBack: { kind: 'created', path: '/contracts/{id}/documents' },
  },
  {
    method: 'DELETE',
    path: '/contracts/{id}/documents/{docId}',
    access: 'write',
    detail: 'full',
    group: 'documents',
    kind: 'document',
    ids: { id: '/contracts', docId: '/contracts/{id}/documents' },
    body: 'none',
    readBack: { kind: 'inList', path: '/contracts/{id}/documents', idParam: 'docId' },
  },
  // Rent and invoices
  {
    method: 'GET',
    path: '/rent',
    access: 'read',
    detail: 'full',
    group: 'rent',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/rent',
    access: 'write',
    detail: 'full',
    group: 'rent',
    body: 'rent',
    readBack: { kind: 'created', path: '/rent', query: { limit: 500 } },
  },
  {
    method: 'PATCH',
    path: '/rent/{id}',
    access: 'write',
    detail: 'full',
    group: 'rent',
    kind: 'rent payment',
    ids: RENT_IDS,
    body: 'rentPatch',
    readBack: RENT_LIST,
  },
  {
    method: 'GET',
    path: '/rent/{id}/invoice/pdf',
    access: 'read',
    detail: 'full',
    group: 'invoices',
    kind: 'rent payment',
    ids: RENT_IDS,
    body: 'none',
    readBack: { kind: 'none' },
    invoice: 'pdf',
  },
  {
    method: 'POST',
    path: '/rent/{id}/invoice/email',
    access: 'write',
    detail: 'full',
    group: 'invoices',
    kind: 'rent payment',
    ids: RENT_IDS,
    body: 'invoiceEmail',
    readBack: RENT_LIST,
    invoice: 'email',
  },
  // Calendar, team, compliance
  {
    method: 'GET',
    path: '/events',
    access: 'read',
    detail: 'full',
    group: 'calendar',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/team',
    access: 'read',
    detail: 'full',
    group: 'team',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/compliance/summary',
    access: 'read',
    detail: 'full',
    group: 'compliance',
    body: 'none',
    readBack: { kind: 'none' },
  },
  // Named but not detailed (paths not shown; those the suite uses)
  {
    method: 'GET',
    path: '/subscription',
    access: 'read',
    detail: 'named',
    group: 'subscription',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/mortgages',
    access: 'read',
    detail: 'named',
    group: 'mortgages',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/tenants',
    access: 'read',
    detail: 'named',
    group: 'tenants',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/tenants',
    access: 'write',
    detail: 'named',
    group: 'tenants',
    body: 'tenant',
    readBack: { kind: 'created', path: '/tenants', query: { limit: 500 } },
  },
  {
    method: 'GET',
    path: '/tenants/{id}',
    access: 'read',
    detail: 'named',
    group: 'tenants',
    kind: 'tenant',
    ids: { id: '/tenants' },
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'DELETE',
    path: '/tenants/{id}',
    access: 'write',
    detail: 'named',
    group: 'tenants',
    kind: 'tenant',
    ids: { id: '/tenants' },
    body: 'none',
    readBack: { kind: 'item', path: '/tenants/{id}' },
  },
  {
    method: 'GET',
    path: '/contacts',
    access: 'read',
    detail: 'named',
    group: 'contacts',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/chat/messages',
    access: 'read',
    detail: 'named',
    group: 'chat',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/chat/messages',
    access: 'write',
    detail: 'named',
    group: 'chat',
    body: 'chat',
    readBack: { kind: 'created', path: '/chat/messages', query: { limit: 500 } },
  },
  {
    method: 'GET',
    path: '/maintenance/issues',
    access: 'read',
    detail: 'named',
    group: 'maintenance issues',
    body: 'none',
    readBack: { kind: 'none' },
  },
  {
    method: 'PATCH',
    path: '/maintenance/issues/{id}',
    access: 'write',
    detail: 'named',
    group: 'maintenance issues',
    ids: { id: '/maintenance/issues' },
    body: 'issuePatch',
    readBack: { kind: 'inList', path: '/maintenance/issues', idParam: 'id', query: { limit: 500 } },
  },
  {
    method: 'GET',
    path: '/maintenance/inspections',
    access: 'read',
    detail: 'named',
    group: 'inspections',
    body: 'none',
    readBack: { kind: 'none' },
  },
];

/** The collection whose 404 says a deployment does not serve a named group (its paths are not shown). */
export const NAMED_GROUP_COLLECTIONS: Readonly<Partial<Record<RouteGroup, string>>> = {
  subscription: '/subscription',
  mortgages: '/mortgages',
  tenants: '/tenants',
  contacts: '/contacts',
  chat: '/chat/messages',
  'maintenance issues': '/maintenance/issues',
  inspections: '/maintenance/inspections',
};

export const READ_ROUTES: readonly AccessRoute[] = ACCESS_ROUTES.filter((r) => r.access === 'read');
export const WRITE_ACCESS_ROUTES: readonly AccessRoute[] = ACCESS_ROUTES.filter((r) => r.access === 'write');
/** Routes addressing one resource by id: the 404 rule applies (Authentication 8). */
export const BY_ID_ROUTES: readonly AccessRoute[] = ACCESS_ROUTES.filter((r) => r.ids !== undefined);

export function routeName(route: Pick<AccessRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

const TEMPLATES = ACCESS_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(id|docId)\}/g, '[^/]+')}/?$`),
}));

/** The route of the table a request is for (`path` relative to the base URL, query aside), if any. */
export function matchRoute(method: string, path: string): AccessRoute | undefined {
  const bare = path.split('?')[0] ?? path;
  return TEMPLATES.find((t) => t.route.method === method.toUpperCase() && t.pattern.test(bare))?.route;
}

/** Responses the spec gives X-RateLimit-* for: GET endpoints, and the rent and invoice endpoints (ENDPOINTS-3). */
export function carriesRateLimitHeaders(route: AccessRoute): boolean {
  return route.method === 'GET' || route.group === 'rent' || route.group === 'invoices';
}
