// The routes the mutation engine aims its violations at, in the shape the engine needs: method, path template,
// parameters with their types and value sets, list or item (paging, filters), access, what a write changes and
// what a success answer holds. Built from the suite's own route tables (checks/shared/spec.ts) plus, for the
// routes the spec details, what the spec's endpoint tables say; an interface of the engine's own so the suite's
// route table can change shape behind `MUTATION_ROUTES` without the generators noticing.

import {
  GET_BY_ID_ROUTES,
  GET_COLLECTION_ROUTES,
  LIST_ENDPOINTS,
  WRITE_ROUTES,
  type Method,
  type SpecRoute,
} from '../src/checks/shared/spec';

export type ParamType = 'uuid' | 'integer' | 'enum' | 'string' | 'date' | 'csv-enum';

export interface RouteParam {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly type: ParamType;
  readonly values?: readonly string[];
  /** Inclusive bounds: of the value (integers) or of the length (strings). */
  readonly min?: number;
  readonly max?: number;
  /** The item field a filter parameter selects on (undefined: the spec does not name it). */
  readonly field?: string;
  /** Rules stating what the parameter means (a filter's "filters by status"): a filter mutant cites these. */
  readonly rules: readonly string[];
  /** Rules stating which values are refused (bounds, types, "400 on an invalid query"): edge mutants cite these. */
  readonly validationRules: readonly string[];
}

/** What a success answer's `data` is. */
export type Resource =
  | 'property'
  | 'contract'
  | 'rent'
  | 'document'
  | 'handbook'
  | 'compliance'
  | 'team'
  | 'event'
  | 'deleted'
  | 'email-result'
  | 'pdf'
  | 'unknown';

export interface MutationRoute {
  readonly method: Method;
  readonly path: string;
  /** `named`: in "Endpoints named but not detailed" (shape not shown). */
  readonly detail: 'full' | 'named';
  readonly params: readonly RouteParam[];
  /** Lists: paged (page, limit, meta), and whether `meta.hasNextPage` is stated. */
  readonly list?: {
    readonly paged: boolean;
    readonly hasNextPage: boolean;
    readonly invalidQueryRules: readonly string[];
  };
  /** read: Portfolio or Enterprise, any scope; write: Enterprise and read_write (ENDPOINTS-11, ENDPOINTS-12). */
  readonly access: 'read' | 'write';
  /** What a write does to the data (create, change, soft delete), for the write-effect mutants. */
  readonly writes?: 'create' | 'change' | 'delete' | 'send';
  /** Success status and the rules stating it ("answers 201 { data: Property }"). */
  readonly success?: { readonly status: number; readonly rules: readonly string[] };
  readonly resource: Resource;
  /** Rules of "answers 404 for an unknown id" on this route. */
  readonly notFoundRules: readonly string[];
  /** Carries X-RateLimit-* (ENDPOINTS-3: GET endpoints and the rent and invoice endpoints). */
  readonly rateLimitHeaders: boolean;
  readonly multipart: boolean;
}

const UUID_PATH = (name: string): RouteParam => ({
  name,
  in: 'path',
  type: 'uuid',
  rules: [],
  validationRules: ['ENDPOINTS-10'],
});

const PAGING: readonly RouteParam[] = [
  { name: 'page', in: 'query', type: 'integer', min: 1, rules: ['ENDPOINTS-5'], validationRules: [] },
  {
    name: 'limit',
    in: 'query',
    type: 'integer',
    min: 1,
    max: 500,
    rules: ['ENDPOINTS-5'],
    validationRules: ['ENDPOINTS-6', 'LIMIT-3'],
  },
];

/** What the spec's endpoint tables say of each detailed route beyond the suite's tables. */
interface Detailed {
  readonly success: { readonly status: number; readonly rules: readonly string[] };
  readonly resource: Resource;
  readonly notFoundRules?: readonly string[];
  readonly writes?: MutationRoute['writes'];
  readonly query?: readonly RouteParam[];
}

const DETAILED: Readonly<Record<string, Detailed>> = {
  'GET /properties': { success: { status: 200, rules: ['PROP-1'] }, resource: 'property' },
  'POST /properties': { success: { status: 201, rules: ['PROP-5'] }, resource: 'property', writes: 'create' },
  'GET /properties/{id}': {
    success: { status: 200, rules: ['PROP-9'] },
    resource: 'property',
    notFoundRules: ['PROP-10'],
  },
  'PATCH /properties/{id}': {
    success: { status: 200, rules: ['PROP-11'] },
    resource: 'property',
    notFoundRules: ['PROP-15'],
    writes: 'change',
  },
  'DELETE /properties/{id}': {
    success: { status: 200, rules: ['PROP-16'] },
    resource: 'deleted',
    notFoundRules: ['PROP-17'],
    writes: 'delete',
  },
  'POST /properties/{id}/image': {
    success: { status: 200, rules: ['PROP-19'] },
    resource: 'property',
    notFoundRules: ['PROP-23'],
    writes: 'change',
  },
  'GET /properties/{id}/handbook': {
    success: { status: 200, rules: ['PROP-25'] },
    resource: 'handbook',
    notFoundRules: ['PROP-26'],
  },
  'GET /properties/{id}/documents': {
    success: { status: 200, rules: ['PROP-27'] },
    resource: 'document',
    notFoundRules: ['PROP-29'],
    query: [
      {
        name: 'expiringWithinDays',
        in: 'query',
        type: 'integer',
        min: 0,
        max: 3650,
        rules: ['PROP-42'],
        validationRules: ['PROP-28', 'LIMIT-8'],
      },
    ],
  },
  'POST /properties/{id}/documents': {
    success: { status: 201, rules: ['PROP-30'] },
    resource: 'document',
    notFoundRules: ['PROP-32'],
    writes: 'create',
  },
  'DELETE /properties/{id}/documents/{docId}': {
    success: { status: 200, rules: ['PROP-35'] },
    resource: 'deleted',
    notFoundRules: ['PROP-37'],
    writes: 'delete',
  },
  'GET /contracts': { success: { status: 200, rules: ['CONTRACT-1'] }, resource: 'contract' },
  'POST /contracts': { success: { status: 201, rules: ['CONTRACT-7'] }, resource: 'contract', writes: 'create' },
  'GET /contracts/{id}': {
    success: { status: 200, rules: ['CONTRACT-10'] },
    resource: 'contract',
    notFoundRules: ['CONTRACT-11'],
  },
  'PATCH /contracts/{id}': {
    success: { status: 200, rules: ['CONTRACT-12'] },
    resource: 'contract',
    notFoundRules: ['CONTRACT-14'],
    writes: 'change',
  },
  'DELETE /contracts/{id}': {
    success: { status: 200, rules: ['CONTRACT-15'] },
    resource: 'deleted',
    notFoundRules: ['CONTRACT-16'],
    writes: 'delete',
  },
  'GET /contracts/{id}/documents': {
    success: { status: 200, rules: ['CONTRACT-17'] },
    resource: 'document',
    notFoundRules: ['CONTRACT-18'],
  },
  'POST /contracts/{id}/documents': {
    success: { status: 201, rules: ['CONTRACT-19'] },
    resource: 'document',
    notFoundRules: ['CONTRACT-20'],
    writes: 'create',
  },
  'DELETE /contracts/{id}/documents/{docId}': {
    success: { status: 200, rules: ['CONTRACT-21'] },
    resource: 'deleted',
    notFoundRules: ['CONTRACT-22'],
    writes: 'delete',
  },
  'GET /rent': { success: { status: 200, rules: ['RENT-GET-1'] }, resource: 'rent' },
  'POST /rent': { success: { status: 201, rules: ['RENT-POST-6'] }, resource: 'rent', writes: 'create' },
  'PATCH /rent/{id}': {
    success: { status: 200, rules: ['RENT-PATCH-1'] },
    resource: 'rent',
    notFoundRules: ['RENT-PATCH-4'],
    writes: 'change',
  },
  'GET /rent/{id}/invoice/pdf': {
    success: { status: 200, rules: ['RENT-PDF-1'] },
    resource: 'pdf',
    notFoundRules: ['RENT-PDF-2'],
  },
  'POST /rent/{id}/invoice/email': {
    success: { status: 200, rules: ['RENT-EMAIL-10'] },
    resource: 'email-result',
    notFoundRules: ['RENT-EMAIL-12'],
    writes: 'send',
  },
  'GET /events': {
    success: { status: 200, rules: ['CAL-1'] },
    resource: 'event',
    query: [
      { name: 'from', in: 'query', type: 'date', rules: [], validationRules: ['CAL-3', 'CAL-4', 'CAL-6', 'LIMIT-9'] },
      { name: 'to', in: 'query', type: 'date', rules: [], validationRules: ['CAL-3', 'CAL-4', 'CAL-6', 'LIMIT-9'] },
      {
        name: 'type',
        in: 'query',
        type: 'csv-enum',
        max: 500,
        values: ['Task', 'Property', 'Contract', 'Tenant', 'Rent', 'Compliance', 'Insurance', 'Schedule', 'Inspection'],
        rules: ['CAL-9'],
        validationRules: ['CAL-3', 'CAL-8', 'LIMIT-10'],
      },
    ],
  },
  'GET /team': { success: { status: 200, rules: ['TEAM-1'] }, resource: 'team' },
  'GET /compliance/summary': { success: { status: 200, rules: ['COMPLIANCE-1'] }, resource: 'compliance' },
};

const keyOf = (method: string, path: string): string => `${method} ${path}`;

function filterParams(path: string): RouteParam[] {
  const list = LIST_ENDPOINTS.find((l) => l.path === path);
  if (!list) return [];
  return list.filters.map((f) => ({
    name: f.param,
    in: 'query' as const,
    type: f.type === 'id' ? ('uuid' as const) : f.type === 'enum' ? ('enum' as const) : ('string' as const),
    ...(f.values ? { values: f.values } : {}),
    ...(f.type === 'search' ? { min: 1, max: 200 } : {}),
    ...(f.field !== undefined ? { field: f.field } : {}),
    rules: f.acceptanceOnly ? [] : f.rules.filter((r) => r !== 'LIMIT-4'),
    validationRules: [...list.invalidQueryRules, ...(f.type === 'search' ? ['LIMIT-4'] : [])],
  }));
}

function toRoute(spec: SpecRoute): MutationRoute {
  const detailed = DETAILED[keyOf(spec.method, spec.path)];
  const list = spec.method === 'GET' ? LIST_ENDPOINTS.find((l) => l.path === spec.path) : undefined;
  const pathParams = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => UUID_PATH(m[1] ?? ''));
  const paged = list !== undefined && list.path !== '/team';
  const access = spec.method === 'GET' ? 'read' : 'write';
  return {
    method: spec.method,
    path: spec.path,
    detail: spec.detail,
    params: [...pathParams, ...(paged ? PAGING : []), ...filterParams(spec.path), ...(detailed?.query ?? [])],
    ...(list
      ? {
          list: { paged, hasNextPage: list.hasNextPage === true, invalidQueryRules: list.invalidQueryRules },
        }
      : {}),
    access,
    ...(detailed?.writes ? { writes: detailed.writes } : {}),
    ...(detailed ? { success: detailed.success } : {}),
    resource: detailed?.resource ?? 'unknown',
    notFoundRules: detailed?.notFoundRules ?? [],
    // GET endpoints and the rent and invoice endpoints (ENDPOINTS-3).
    rateLimitHeaders: access === 'read' || spec.path.startsWith('/rent'),
    multipart: spec.multipart === true,
  };
}

/** Every route of the spec the engine may aim at (the detailed ones and the named ones the suite uses). */
export const MUTATION_ROUTES: readonly MutationRoute[] = [
  ...GET_COLLECTION_ROUTES,
  ...GET_BY_ID_ROUTES,
  ...WRITE_ROUTES,
].map(toRoute);

export function routeName(route: Pick<MutationRoute, 'method' | 'path'>): string {
  return keyOf(route.method, route.path);
}

/** The path template as a whole-path pattern (`{id}` matches one segment). */
export function routePattern(route: Pick<MutationRoute, 'path'>): RegExp {
  const body = route.path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/** The routes in the spec's detail tables, each once (the adapter's check that nothing was lost). */
export const DETAILED_ROUTE_NAMES: readonly string[] = Object.keys(DETAILED);
