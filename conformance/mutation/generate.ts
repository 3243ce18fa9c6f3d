// The mutants: for every rule with a machine-checkable assertion and every route it applies to, the single
// violation of it. The assertions are families (a status, a code, a header value, a field, an order, a filter, a
// total, a limit edge, an access rule, the envelope), each a rule's statement in the form the engine can break;
// the routes come from MUTATION_ROUTES, so a route added there gets every family's mutants without a line here.

import type { Target } from '../src/targets';
import type { Fault } from '../self-test/support/broken';
import {
  edgeAccepted,
  edgeRefused,
  errorCode,
  errorMessage,
  errorEnvelopeExtra,
  errorStatus,
  fieldChanged,
  filterIgnored,
  filterIgnoredWithOthers,
  foreignIs403,
  keySwapped,
  metaChanged,
  noKeyLetThrough,
  orderReversed,
  rateLimitRemainingFrozen,
  rateLimitRemainingMissing,
  rateLimitResetInMs,
  sandboxWritePersists,
  sandboxWriteRefused,
  serviceModeFlipped,
  successStatus,
  successContentType,
  successUnwrapped,
  type FieldChange,
  type KeyedFault,
  type MutationKind,
} from './operators';
import { MUTATION_ROUTES, routeName, type MutationRoute, type Resource, type RouteParam } from './routes';

export interface Mutant {
  /** `<rule>/<kind>/<METHOD path>/<variant>`: stable, so the survivors file can name it. */
  readonly id: string;
  readonly rule: string;
  readonly route: string;
  readonly kind: MutationKind;
  readonly description: string;
  readonly fault: (t: Target) => Fault;
}

function mutant(rule: string, kind: MutationKind, route: MutationRoute, variant: string, fault: Fault): Mutant {
  return keyed(rule, kind, route, variant, { description: fault.description, build: () => fault });
}

function keyed(rule: string, kind: MutationKind, route: MutationRoute, variant: string, fault: KeyedFault): Mutant {
  return {
    id: `${rule}/${kind}/${routeName(route)}/${variant}`,
    rule,
    route: routeName(route),
    kind,
    description: fault.description,
    fault: (t) => fault.build(t),
  };
}

// ---- the assertion families ------------------------------------------------------------------------------

/** Status: every detailed route answers its success status (PROP-5 "answers 201", PROP-9 "answers 200", ...). */
function statusMutants(route: MutationRoute): Mutant[] {
  const success = route.success;
  if (!success) return [];
  return success.rules.map((rule) =>
    mutant(rule, 'status', route, `${success.status}`, successStatus(route, success.status)),
  );
}

/** Where each code of the spec's error table can arise, and the wrong code and status a deployment might use. */
interface CodeAssertion {
  readonly code: string;
  readonly status: number;
  /** The code a careless deployment answers instead; the status it answers instead. */
  readonly wrongCode: string;
  readonly wrongStatus: number;
  readonly applies: (route: MutationRoute) => boolean;
  /** Further rules stating the same answer on these routes (AUTH-4 for INSUFFICIENT_SCOPE, ...). */
  readonly rules?: (route: MutationRoute) => readonly string[];
}

const hasId = (r: MutationRoute): boolean => r.path.includes('{id}');
const detailed = (r: MutationRoute): boolean => r.detail === 'full';

const CODES: readonly CodeAssertion[] = [
  {
    code: 'UNAUTHORIZED',
    status: 401,
    wrongCode: 'INVALID_API_KEY',
    wrongStatus: 403,
    applies: () => true,
    rules: () => ['AUTH-6'],
  },
  {
    code: 'INSUFFICIENT_SCOPE',
    status: 403,
    wrongCode: 'FORBIDDEN',
    wrongStatus: 401,
    applies: (r) => r.access === 'write',
    rules: () => ['AUTH-4'],
  },
  {
    code: 'PLAN_UPGRADE_REQUIRED',
    status: 403,
    wrongCode: 'FORBIDDEN',
    wrongStatus: 402,
    applies: () => true,
    rules: () => ['AUTH-5'],
  },
  {
    code: 'WRITE_REQUIRES_ENTERPRISE',
    status: 403,
    wrongCode: 'PLAN_UPGRADE_REQUIRED',
    wrongStatus: 402,
    applies: (r) => r.access === 'write',
    rules: () => ['AUTH-5'],
  },
  {
    code: 'NOT_FOUND',
    status: 404,
    wrongCode: 'RESOURCE_NOT_FOUND',
    wrongStatus: 403,
    applies: (r) => hasId(r) && detailed(r),
    rules: (r) => [...r.notFoundRules, 'AUTH-8'],
  },
  {
    code: 'VALIDATION_ERROR',
    status: 400,
    wrongCode: 'BAD_REQUEST',
    wrongStatus: 422,
    applies: (r) => detailed(r) && (r.access === 'write' || r.params.some((p) => p.in === 'query')),
    rules: (r) => r.list?.invalidQueryRules ?? [],
  },
  {
    code: 'CONFLICT',
    status: 409,
    wrongCode: 'DUPLICATE',
    wrongStatus: 400,
    applies: (r) => ['POST /rent', 'DELETE /properties/{id}'].includes(routeName(r)),
    rules: (r) => (routeName(r) === 'POST /rent' ? ['RENT-POST-4'] : ['STATE-29', 'PROP-18']),
  },
  {
    code: 'CERTIFICATE_DERIVED_FIELD',
    status: 409,
    wrongCode: 'VALIDATION_ERROR',
    wrongStatus: 400,
    applies: (r) => routeName(r) === 'PATCH /properties/{id}',
    rules: () => ['PROP-38'],
  },
  {
    code: 'TENANT_EMAIL_MISSING',
    status: 400,
    wrongCode: 'VALIDATION_ERROR',
    wrongStatus: 422,
    applies: (r) => routeName(r) === 'POST /rent/{id}/invoice/email',
    rules: () => ['RENT-EMAIL-4'],
  },
  {
    code: 'FILE_TOO_LARGE',
    status: 413,
    wrongCode: 'VALIDATION_ERROR',
    wrongStatus: 400,
    applies: (r) => r.multipart && r.path.endsWith('/documents'),
    rules: (r) => (r.path.startsWith('/properties') ? ['PROP-33'] : ['CONTRACT-20']),
  },
];

function codeMutants(route: MutationRoute): Mutant[] {
  const out = CODES.filter((c) => c.applies(route)).flatMap((c) => {
    const rules = [`ERR-${c.code}`, ...(c.rules?.(route) ?? [])];
    return rules.flatMap((rule) => [
      mutant(rule, 'code', route, c.wrongCode, errorCode(route, c.code, c.wrongCode)),
      mutant(rule, 'status', route, `${c.code}-${c.wrongStatus}`, errorStatus(route, c.code, c.wrongStatus)),
    ]);
  });
  // The messages the Errors section gives content: a 404 names the missing kind (ERR-3).
  if (hasId(route) && detailed(route))
    out.push(
      mutant('ERR-3', 'code', route, 'not-found-message-generic', errorMessage(route, 'NOT_FOUND', 'Not found')),
    );
  // A VALIDATION_ERROR lists its issues with their field paths (ERR-4): on every route a query or a body is validated.
  const validated = route.method === 'GET' ? route.params.some((p) => p.in === 'query') : route.method !== 'DELETE';
  if (detailed(route) && validated)
    out.push(
      mutant(
        'ERR-4',
        'code',
        route,
        'validation-message-generic',
        errorMessage(route, 'VALIDATION_ERROR', 'Invalid request'),
      ),
    );
  return out;
}

/** Header values: X-Service-Mode on every route, X-RateLimit-* where the spec puts them. */
function headerMutants(route: MutationRoute): Mutant[] {
  const out = ['AUTH-3', 'ENDPOINTS-2'].map((rule) =>
    mutant(rule, 'header', route, 'mode-flipped', serviceModeFlipped(route)),
  );
  if (route.rateLimitHeaders) {
    for (const rule of ['ENDPOINTS-4', 'LIMIT-RATE-4'])
      out.push(mutant(rule, 'header', route, 'reset-ms', rateLimitResetInMs(route)));
    for (const rule of ['ENDPOINTS-3', 'LIMIT-RATE-4'])
      out.push(mutant(rule, 'header', route, 'remaining-missing', rateLimitRemainingMissing(route)));
    out.push(mutant('LIMIT-RATE-4', 'header', route, 'remaining-frozen', rateLimitRemainingFrozen(route)));
  }
  return out;
}

/** Fields of each resource the spec types, the rule stating each and the change that breaks it. */
const FIELDS: Readonly<Partial<Record<Resource, ReadonlyArray<readonly [string, string, FieldChange]>>>> = {
  property: [
    ['RES-PROP-2', 'id', 'bad-format'],
    ['ENVELOPE-1', 'id', 'bad-format'],
    ['RES-PROP-3', 'address', 'drop'],
    ['RES-PROP-4', 'shortName', 'drop'],
    ['RES-PROP-5', 'addressLine1', 'drop'],
    ['RES-PROP-6', 'city', 'drop'],
    ['RES-PROP-7', 'postcode', 'drop'],
    ['RES-PROP-8', 'propertyType', 'drop'],
    ['RES-PROP-9', 'bedrooms', 'number-to-string'],
    ['RES-PROP-10', 'bathrooms', 'number-to-string'],
    ['RES-PROP-11', 'status', 'bad-enum'],
    ['RES-PROP-12', 'rentAmount', 'number-to-string'],
    ['RES-PROP-14', 'tenantName', 'drop'],
    ['RES-PROP-16', 'compliance', 'drop'],
  ],
  contract: [
    ['RES-CONTRACT-1', 'id', 'bad-format'],
    ['ENVELOPE-1', 'id', 'bad-format'],
    ['RES-CONTRACT-2', 'status', 'bad-enum'],
    ['RES-CONTRACT-3', 'propertyId', 'bad-format'],
    ['RES-CONTRACT-4', 'mainTenantId', 'bad-format'],
    ['RES-CONTRACT-5', 'additionalTenantIds', 'stringify'],
  ],
  rent: [
    ['RES-RENT-1', 'contractId', 'bad-format'],
    ['RES-RENT-4', 'amount', 'number-to-string'],
    ['RES-RENT-6', 'status', 'bad-enum'],
    ['RES-RENT-7', 'amountReceived', 'number-to-string'],
    ['RES-RENT-8', 'datePaid', 'bad-format'],
    ['ENVELOPE-2', 'datePaid', 'bad-format'],
  ],
  document: [
    ['RES-DOC-1', 'name', 'drop'],
    ['RES-DOC-3', 'expiryDate', 'bad-format'],
    ['RES-DOC-4', 'downloadUrl', 'drop'],
  ],
  handbook: [
    ['RES-HANDBOOK-1', 'propertyId', 'bad-format'],
    ['RES-HANDBOOK-3', 'completeness', 'drop'],
    ['RES-HANDBOOK-4', 'meters', 'stringify'],
    ['RES-HANDBOOK-5', 'suppliers', 'stringify'],
    ['RES-HANDBOOK-6', 'meters.[].utilityType', 'bad-enum'],
    ['RES-HANDBOOK-8', 'meters.[].unit', 'bad-enum'],
  ],
  compliance: [
    ['RES-COMPLIANCE-2', 'generatedAt', 'bad-format'],
    ['ENVELOPE-3', 'generatedAt', 'bad-format'],
    ['RES-COMPLIANCE-3', 'portfolio.propertyCount', 'number-to-string'],
    ['RES-COMPLIANCE-4', 'portfolio.worstSeverity', 'bad-enum'],
    ['RES-COMPLIANCE-5', 'portfolio.counts', 'drop'],
    ['RES-COMPLIANCE-6', 'epc.rated', 'number-to-string'],
    ['RES-COMPLIANCE-7', 'attention', 'stringify'],
    ['RES-COMPLIANCE-9', 'properties', 'stringify'],
  ],
  team: [['RES-TEAM-1', 'email', 'drop']],
  event: [
    ['RES-CAL-2', 'type', 'bad-enum'],
    ['RES-CAL-3', 'date', 'drop'],
  ],
  deleted: [['ENVELOPE-1', 'id', 'bad-format']],
  'email-result': [['RENT-EMAIL-10', 'sent', 'stringify']],
};

function fieldMutants(route: MutationRoute): Mutant[] {
  return (FIELDS[route.resource] ?? []).map(([rule, path, change]) =>
    mutant(rule, 'field', route, `${path}-${change}`, fieldChanged(route, path, change)),
  );
}

/** Lists: order (events), each filter, meta members, limit edges, invalid values of every typed parameter. */
function listMutants(route: MutationRoute): Mutant[] {
  if (route.method !== 'GET' || route.detail !== 'full') return [];
  const out: Mutant[] = [];
  if (routeName(route) === 'GET /events') out.push(mutant('CAL-2', 'order', route, 'reversed', orderReversed(route)));
  if (route.list?.paged) {
    out.push(mutant('ENDPOINTS-7', 'total', route, 'total+1', metaChanged(route, 'total')));
    out.push(mutant('ENDPOINTS-7', 'total', route, 'page+1', metaChanged(route, 'page')));
    out.push(mutant('ENVELOPE-5', 'envelope', route, 'meta-missing', metaChanged(route, 'meta')));
    if (route.list.hasNextPage)
      out.push(mutant('ENDPOINTS-8', 'total', route, 'hasNextPage-flipped', metaChanged(route, 'hasNextPage')));
  }
  const filters = route.params
    .filter((p) => p.in === 'query' && p.name !== 'page' && p.name !== 'limit' && p.rules.length > 0)
    .map((p) => p.name);
  for (const param of route.params.filter((p) => p.in === 'query')) {
    const name = param.name;
    const others = filters.filter((f) => f !== name);
    for (const rule of param.rules)
      if (filters.includes(name)) {
        out.push(mutant(rule, 'filter', route, `${name}-ignored`, filterIgnored(route, name)));
        if (others.length > 0)
          out.push(
            mutant(rule, 'filter', route, `${name}-ignored-with-others`, filterIgnoredWithOthers(route, name, others)),
          );
        // Beside one other filter only: seen only where the data has an item that filter admits and this one not.
        for (const other of others.length > 1 ? others : [])
          out.push(
            mutant(
              rule,
              'filter',
              route,
              `${name}-ignored-with-${other}`,
              filterIgnoredWithOthers(route, name, [other]),
            ),
          );
      }
    for (const rule of param.validationRules) out.push(...edgeMutants(route, param, rule));
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The limit edges and invalid values of one query parameter, each a mutant of one validation rule. */
function edgeMutants(route: MutationRoute, param: RouteParam, rule: string): Mutant[] {
  const name = param.name;
  const edge = (variant: string, fault: Fault): Mutant =>
    mutant(rule, 'limit-edge', route, `${name}-${variant}`, fault);
  const out: Mutant[] = [];
  if (param.type === 'integer' && param.max !== undefined) {
    const max = param.max;
    out.push(
      edge(
        'max-refused',
        edgeRefused(route, name, (v) => Number(v) === max, `= ${max}`),
      ),
      edge(
        'above-max-accepted',
        edgeAccepted(
          route,
          name,
          (v) => /^\d+$/.test(v) && Number(v) > max,
          () => String(max),
          `above ${max}`,
        ),
      ),
    );
  }
  if (param.type === 'string' && param.max !== undefined) {
    const max = param.max;
    out.push(
      edge(
        'max-length-refused',
        edgeRefused(route, name, (v) => [...v].length === max, `of ${max} characters`),
      ),
      edge(
        'too-long-accepted',
        edgeAccepted(
          route,
          name,
          (v) => [...v].length > max,
          (v) => [...v].slice(0, max).join(''),
          `over ${max} characters`,
        ),
      ),
      edge(
        'empty-accepted',
        edgeAccepted(
          route,
          name,
          (v) => v.length === 0,
          () => undefined,
          'empty',
        ),
      ),
    );
  }
  if (param.type === 'enum' && param.values) {
    const values = param.values;
    out.push(
      edge(
        'unknown-accepted',
        edgeAccepted(
          route,
          name,
          (v) => !values.includes(v),
          () => undefined,
          'outside its values',
        ),
      ),
    );
  }
  if (param.type === 'uuid')
    out.push(
      edge(
        'non-uuid-accepted',
        edgeAccepted(
          route,
          name,
          (v) => !UUID.test(v),
          () => undefined,
          'that is not a UUID',
        ),
      ),
    );
  if (param.type === 'csv-enum' && param.max !== undefined) {
    const max = param.max;
    out.push(
      edge(
        'too-long-accepted',
        edgeAccepted(
          route,
          name,
          (v) => v.length > max,
          () => undefined,
          `over ${max} characters`,
        ),
      ),
    );
  }
  if (param.type === 'date' && name === 'to') {
    const days = (q: URLSearchParams): number =>
      (Date.parse(q.get('to') ?? '') - Date.parse(q.get('from') ?? '')) / DAY_MS;
    // The range is cut to 400 days: the answer a server that ignores the bound would give.
    out.push(
      edge(
        'range-over-400-days-accepted',
        edgeAccepted(
          route,
          'to',
          (_v, q) => days(q) > 400,
          () => undefined,
          'more than 400 days after from',
          (q) => q.set('to', isoDate(Date.parse(q.get('from') ?? '') + 400 * DAY_MS)),
        ),
      ),
    );
  }
  if (param.type === 'date' && name === 'from')
    out.push(
      edge(
        'alone-accepted',
        edgeAccepted(
          route,
          'from',
          (_v, q) => !q.has('to'),
          () => undefined,
          'without to',
        ),
      ),
    );
  return out;
}

/** Access: scope, plan, mode, credentials and landlord, on every route they apply to. */
function accessMutants(route: MutationRoute): Mutant[] {
  const out: Mutant[] = [];
  const live = (t: Target): string => t.keys.enterpriseLive;
  if (route.access === 'write') {
    for (const rule of ['AUTH-4', 'ENDPOINTS-12', 'ERR-INSUFFICIENT_SCOPE'])
      out.push(
        keyed(
          rule,
          'access',
          route,
          'read-only-writes',
          keySwapped(route, (t) => t.keys.enterpriseReadOnly, live, 'a read_only key writes'),
        ),
      );
    if (route.detail === 'full') {
      for (const rule of ['AUTH-2', 'ENVELOPE-7'])
        out.push(keyed(rule, 'access', route, 'sandbox-persists', sandboxWritePersists(route)));
      out.push(keyed('AUTH-2', 'access', route, 'sandbox-refused', sandboxWriteRefused(route)));
    }
  } else {
    for (const rule of ['ENDPOINTS-11', 'AUTH-5'])
      out.push(
        keyed(
          rule,
          'access',
          route,
          'portfolio-read-refused',
          keySwapped(
            route,
            (t) => t.keys.portfolioLive,
            (t) => t.keys.professional ?? 'svc_live_no_plan_key',
            'a Portfolio key is refused',
          ),
        ),
      );
  }
  for (const rule of ['AUTH-6', 'ERR-UNAUTHORIZED'])
    out.push(keyed(rule, 'access', route, 'no-key-answered', noKeyLetThrough(route, live)));
  if (hasId(route) && route.detail === 'full')
    for (const rule of ['AUTH-8', 'ERR-8']) out.push(keyed(rule, 'access', route, 'foreign-403', foreignIs403(route)));
  return out;
}

/** The envelope: errors exactly `{ error, code }`, successes `{ data, meta? }`. */
function envelopeMutants(route: MutationRoute): Mutant[] {
  const out = ['ERR-1', 'ENVELOPE-6'].map((rule) =>
    mutant(rule, 'envelope', route, 'error-extra-member', errorEnvelopeExtra(route)),
  );
  if (route.detail === 'full' && route.resource !== 'pdf') {
    out.push(mutant('ENVELOPE-4', 'envelope', route, 'data-unwrapped', successUnwrapped(route)));
    out.push(mutant('ENDPOINTS-1', 'header', route, 'content-type-text', successContentType(route)));
  }
  return out;
}

const FAMILIES = [statusMutants, codeMutants, headerMutants, fieldMutants, listMutants, accessMutants, envelopeMutants];

/** Every mutant of the given routes (default: every route of the table), in table order. */
export function generateMutants(routes: readonly MutationRoute[] = MUTATION_ROUTES): Mutant[] {
  const all = routes.flatMap((route) => FAMILIES.flatMap((family) => family(route)));
  const seen = new Set<string>();
  return all.filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
}
