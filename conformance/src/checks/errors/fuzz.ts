// Errors 1 and 5, property-based: random routes × methods × keys × headers × queries × bodies. No request may
// get a 5xx; every error is exactly `{ error, code }`; for requests inside the contract (JSON or no body, the
// spec's methods) the code is one of the Errors table with the table's status. Writes go to unknown ids, and a
// POST with a key that can write is sent with the sandbox key instead, so nothing is created.

import fc from 'fast-check';
import type { HttpResponse } from '../../http/client';
import { notUuidArb, uuidArb } from '../../generators';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { ERROR_CODE_SET, statusOfCode } from '../../rules';
import { allRoleKeys } from '../../targets/roles';
import { DEPRECATED_ROUTE, GET_BY_ID_ROUTES, GET_COLLECTION_ROUTES, UNKNOWN_PATHS, WRITE_ROUTES } from '../shared/spec';
import { isErrorEnvelope, isRecord, requestRetryingResets, UUID } from '../shared/util';
import { SPEC_QUERY_NAMES } from '../../spec-routes';

const GROUP = 'Errors';

interface FuzzRoute {
  readonly method: string;
  readonly path: string;
  /** Upload routes take multipart bodies: a JSON body there is outside the contract. */
  readonly multipart?: boolean;
}

/** Every route of the spec except the per-landlord-limited invoice routes, plus the removed one and unknown ones. */
const FUZZ_ROUTES: readonly FuzzRoute[] = [
  ...GET_COLLECTION_ROUTES,
  ...GET_BY_ID_ROUTES.filter((r) => !r.landlordLimited),
  ...WRITE_ROUTES.filter((r) => !r.landlordLimited),
  DEPRECATED_ROUTE,
  ...UNKNOWN_PATHS.map((path) => ({ method: 'GET', path })),
];

const SPEC_METHODS = ['GET', 'POST', 'PATCH', 'DELETE'];
const OTHER_METHODS = ['PUT', 'OPTIONS'];
/** Keys that really write: POSTs with them are re-routed to the sandbox key (or the read-only one). */
const WRITING_ROLES = new Set(['enterpriseLive', 'otherLandlord']);

/** The spec's query parameter names, and one it does not have. */
const QUERY_NAMES = [...SPEC_QUERY_NAMES, 'foo'];
const QUERY_VALUES = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '1.5',
  '500',
  '501',
  '1e3',
  '99999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  'Active',
  'Notice Served',
  'Occupied',
  '%',
  "'; drop table x;--",
  '../../etc/passwd',
];

function queryArb(): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(
    fc.constantFrom(...QUERY_VALUES),
    fc.string({ maxLength: 30 }),
    uuidArb(),
    fc.integer({ min: -1000, max: 100000 }).map(String),
  );
  return fc.dictionary(fc.constantFrom(...QUERY_NAMES), value, { maxKeys: 3 });
}

const SPEC_FIELDS = [
  'shortName',
  'addressLine1',
  'city',
  'postcode',
  'propertyType',
  'bedrooms',
  'bathrooms',
  'status',
  'rentAmount',
  'gscRenewal',
  'propertyId',
  'tenantId',
  'contractId',
  'mainTenantId',
  'period',
  'amount',
  'amountReceived',
  'datePaid',
  'email',
  'name',
  'type',
  'expiryDate',
  'text',
];

type Body =
  | { readonly kind: 'none' }
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'raw'; readonly text: string };

function bodyArb(): fc.Arbitrary<Body> {
  const scalar = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('2024-02-30', 'Maintenance', 'Paid', '', 'not-an-email'),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    {
      weight: 4,
      arbitrary: fc
        .dictionary(fc.constantFrom(...SPEC_FIELDS), scalar, { maxKeys: 5 })
        .map((value): Body => ({ kind: 'json', value })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value): Body => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', 'not json', '[1,2', '{"shortName": }', '\u0000', '')
        .map((text): Body => ({ kind: 'raw', text })),
    },
  );
}

const CONTENT_TYPES = [
  undefined,
  undefined,
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
];
const EXTRA_HEADERS: ReadonlyArray<readonly [string, string] | undefined> = [
  undefined,
  ['accept', 'application/json'],
  ['accept', 'text/html'],
  ['x-request-id', 'conformance-fuzz'],
  ['if-none-match', '*'],
  ['accept-language', 'fr'],
];

export interface FuzzCase {
  readonly route: FuzzRoute;
  readonly method: string;
  readonly id: string;
  readonly docId: string;
  readonly role: string;
  readonly auth: 'bearer' | 'x-api-key';
  readonly query: Record<string, string>;
  readonly body: Body;
  readonly contentType: string | undefined;
  readonly extraHeader: readonly [string, string] | undefined;
}

function pathIdArb(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: uuidArb() },
    {
      weight: 1,
      arbitrary: notUuidArb()
        .filter((s) => !/^\.+$/.test(s))
        .map((s) => encodeURIComponent(s)),
    },
  );
}

export function fuzzCaseArb(roles: readonly string[]): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      route: fc.constantFrom(...FUZZ_ROUTES),
      otherMethod: fc.option(fc.constantFrom(...SPEC_METHODS, ...OTHER_METHODS), { freq: 5 }),
      id: pathIdArb(),
      docId: pathIdArb(),
      role: fc.constantFrom(...roles, 'none', 'garbage'),
      auth: fc.constantFrom('bearer' as const, 'x-api-key' as const),
      query: queryArb(),
      body: bodyArb(),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      extraHeader: fc.constantFrom(...EXTRA_HEADERS),
    })
    .map(({ otherMethod, ...c }) => ({ ...c, method: otherMethod ?? c.route.method }));
}

/** A request within the contract: spec methods, JSON (or no) body on JSON routes, no content negotiation games. */
/**
 * The methods the spec lists on a path it details, or undefined where the set is open: a path of the "named but
 * not detailed" groups (their writes exist with paths not shown) and the removed route's (404, 405, 410 all fit).
 */
function specMethodsOn(path: string): string[] | undefined {
  const routes = [...GET_COLLECTION_ROUTES, ...GET_BY_ID_ROUTES, ...WRITE_ROUTES].filter((r) => r.path === path);
  if (routes.length === 0 || routes.some((r) => r.detail === 'named')) return undefined;
  return routes.map((r) => r.method);
}

/**
 * A method the spec does not list on a spec path: the deployment may answer 404 or 405 (RFC 9110 15.5.5, 15.5.6),
 * with a code of its own for 405 (the Errors table has none); docs/conformance-tolerances.md, unlisted-methods-405.
 */
export function isUnlistedMethod(c: FuzzCase): boolean {
  const listed = specMethodsOn(c.route.path);
  return listed !== undefined && !listed.includes(c.method);
}

/**
 * The case's path carries an id or docId that is not a UUID. "Path parameters `id` and `docId` are UUIDs": such a
 * request is invalid whatever its method, so 400 VALIDATION_ERROR fits an unlisted method too (a deployment may
 * check parameters before methods, or serve the method as an extension: the reference server's GET /rent/{id});
 * docs/conformance-tolerances.md, unlisted-method-invalid-id.
 */
export function hasNonUuidId(c: FuzzCase): boolean {
  // Ids go into the path through encodeURIComponent (pathIdArb), so they always decode.
  const isUuid = (segment: string): boolean => UUID.test(decodeURIComponent(segment));
  return (c.route.path.includes('{id}') && !isUuid(c.id)) || (c.route.path.includes('{docId}') && !isUuid(c.docId));
}

/**
 * A conditional request (`If-None-Match: *`): RFC 9110 section 13.1.2 lets a server that evaluates it answer 304
 * (GET and HEAD, section 15.4.5) or 412 (other methods, section 15.5.13) when the resource exists, and one that
 * does not support it ignore the header. The spec says nothing of conditionals: such requests are outside its
 * contract (docs/conformance-tolerances.md, conditional-requests).
 */
export function isConditional(c: FuzzCase): boolean {
  return c.extraHeader?.[0] === 'if-none-match';
}

/** 304 answers a conditional GET or HEAD whose condition is false (RFC 9110 sections 13.1.2 and 15.4.5). */
function notModifiedAllowed(c: FuzzCase): boolean {
  return isConditional(c) && (c.method === 'GET' || c.method === 'HEAD');
}

/**
 * A method the spec never uses (PUT, OPTIONS): "An origin server that receives a request method that is
 * unrecognized or not implemented SHOULD respond with the 501 (Not Implemented) status code" (RFC 9110 section
 * 9.1, 15.6.2). Still an error response, so still `{ error, code }` (docs/conformance-tolerances.md,
 * unimplemented-methods-501).
 */
function notImplementedAllowed(c: FuzzCase, status: number): boolean {
  return status === 501 && OTHER_METHODS.includes(c.method);
}

export function inContract(c: FuzzCase): boolean {
  // The fuzzer sends no multipart bodies: on upload routes every request lacks its form, which the spec does not
  // map to a code (the reference server answers 415 UNSUPPORTED_MEDIA_TYPE, an extension; reported, not judged here).
  const upload = WRITE_ROUTES.some((r) => r.multipart && r.method === c.method && r.path === c.route.path);
  const jsonType = (c.contentType === undefined || c.contentType.startsWith('application/json')) && !upload;
  const plainAccept =
    c.extraHeader === undefined || c.extraHeader[0] !== 'accept' || c.extraHeader[1] === 'application/json';
  return SPEC_METHODS.includes(c.method) && jsonType && plainAccept && !isConditional(c);
}

/** Sends a fuzz case; POSTs with a writing key go out with the sandbox (else read-only) key so nothing is created. */
export async function sendFuzzCase(ctx: CheckContext, c: FuzzCase): Promise<HttpResponse> {
  let role = c.role;
  if ((c.method === 'POST' || c.method === 'PUT') && WRITING_ROLES.has(role))
    role = ctx.hasKey('enterpriseSandbox') ? 'enterpriseSandbox' : 'enterpriseReadOnly';
  const path = c.route.path.replace('{id}', c.id).replace('{docId}', c.docId);
  const headers: Record<string, string> = {};
  if (c.contentType !== undefined && c.body.kind !== 'none') headers['content-type'] = c.contentType;
  if (c.extraHeader) headers[c.extraHeader[0]] = c.extraHeader[1];
  const credentials =
    role === 'none'
      ? { auth: 'none' as const }
      : role === 'garbage'
        ? { key: 'svc_live_conformanceGarbageKey', auth: c.auth }
        : { key: role, auth: c.auth };
  // fetch cannot send a body with GET.
  const bodyKind = c.method === 'GET' ? 'none' : c.body.kind;
  const body =
    bodyKind === 'json' && c.body.kind === 'json'
      ? { body: JSON.stringify(c.body.value) }
      : bodyKind === 'raw' && c.body.kind === 'raw'
        ? { body: c.body.text }
        : {};
  if (bodyKind === 'none') delete headers['content-type'];
  else if (c.contentType === undefined) headers['content-type'] = 'application/json';
  return requestRetryingResets(ctx, { method: c.method, path, query: c.query, headers, ...credentials, ...body });
}

/**
 * Cases every run sends, whatever the seed: methods the spec does not list on /rent/{id} with an id that is not a
 * UUID (GET is the reference server's extension there; DELETE is served by no one), and with an unknown UUID.
 */
export function unlistedMethodExamples(roles: readonly string[]): FuzzCase[] {
  const route = FUZZ_ROUTES.find((r) => r.method === 'PATCH' && r.path === '/rent/{id}');
  if (!route) return [];
  const role = roles.includes('enterpriseLive') ? 'enterpriseLive' : (roles[0] ?? 'none');
  const base = {
    route,
    docId: '00000000-0000-4000-8000-000000000000',
    role,
    auth: 'bearer' as const,
    query: {},
    body: { kind: 'none' as const },
    contentType: undefined,
    extraHeader: undefined,
  };
  const list = FUZZ_ROUTES.find((r) => r.method === 'GET' && r.path === '/properties');
  return [
    { ...base, method: 'GET', id: 'not-a-uuid' },
    { ...base, method: 'DELETE', id: 'not-a-uuid' },
    { ...base, method: 'DELETE', id: '00000000-0000-4000-8000-000000000000' },
    // HTTP's own answers, sent whatever the seed: a conditional GET of a list that exists, a GET accepting no
    // JSON (406 or JSON anyway, RFC 9110 section 12.5.1), PUT and OPTIONS.
    ...(list
      ? [
          { ...base, route: list, method: 'GET', id: base.docId, extraHeader: ['if-none-match', '*'] as const },
          { ...base, route: list, method: 'GET', id: base.docId, extraHeader: ['accept', 'text/html'] as const },
          { ...base, route: list, method: 'PUT', id: base.docId },
          { ...base, route: list, method: 'OPTIONS', id: base.docId },
        ]
      : []),
  ];
}

/** Every role of the target but the rate-limit key, which the exclusive limit checks measure. */
export function fuzzRoles(ctx: CheckContext): string[] {
  return allRoleKeys(ctx.target)
    .map(([role]) => role)
    .filter((role) => role !== 'rateLimit');
}

export const fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped = defineCheck({
  id: 'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
  title:
    'Fuzzed requests (routes, methods, keys, headers, queries, bodies) never get a 5xx; every error is exactly { error, code } with a catalogued code',
  group: GROUP,
  rules: ['ERR-1', 'ENVELOPE-6', 'ENVELOPE-4', 'ENDPOINTS-13'],
  long: true, // requests on many keys paced as Portfolio
  async run(ctx: CheckContext) {
    const statuses = new Map<number, number>();
    await ctx.property(
      'no 5xx; errors are { error, code }; in-contract codes come from the Errors table with its status',
      fuzzCaseArb(fuzzRoles(ctx)),
      async (c) => {
        const res = await sendFuzzCase(ctx, c);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        ctx.expect(
          res.status < 500 || notImplementedAllowed(c, res.status),
          'no 5xx for any request (a 5xx here is an unexpected internal error; 501 only for PUT and OPTIONS)',
          () => `${res.status} ${describeValue(res.json ?? res.text)}`,
          res.exchange,
          { rules: ['ENDPOINTS-13'] },
        );
        ctx.expect(
          res.status < 300 || res.status >= 400 || (res.status === 304 && notModifiedAllowed(c)),
          notModifiedAllowed(c) ? '2xx, 304 or 4xx' : '2xx or 4xx',
          () => `${res.status} ${res.headers.location ?? ''}`,
          res.exchange,
        );
        if (res.status >= 400) {
          ctx.expect(
            isErrorEnvelope(res.json),
            `${res.status} with body exactly { "error": <string>, "code": <string> }`,
            () => describeValue(res.json ?? res.text),
            res.exchange,
            { rules: ['ERR-1', 'ENVELOPE-6'] },
          );
          if (inContract(c) && isUnlistedMethod(c) && ![401, 403, 429, 503].includes(res.status)) {
            const nonUuidId = hasNonUuidId(c);
            const invalidId =
              nonUuidId && res.status === 400 && isRecord(res.json) && res.json.code === 'VALIDATION_ERROR';
            ctx.expect(
              res.status === 404 || res.status === 405 || invalidId,
              `404 or 405 for ${c.method}, a method the spec does not list on ${c.route.path}${nonUuidId ? ' (or 400 VALIDATION_ERROR: the id is not a UUID)' : ''}`,
              () => `${res.status} ${describeValue(res.json)}`,
              res.exchange,
              { rules: ['ERR-1', 'ENDPOINTS-13'] },
            );
          } else if (inContract(c)) {
            const code = (res.json as { code: string }).code;
            const tableStatus = statusOfCode(code);
            ctx.expect(
              ERROR_CODE_SET.has(code) && tableStatus === res.status,
              "a code from the spec's Errors table, with the status the table gives it",
              () =>
                ERROR_CODE_SET.has(code)
                  ? `${res.status} with ${code} (the table gives ${code} status ${tableStatus})`
                  : `${res.status} with code ${JSON.stringify(code)}, which is not in the Errors table`,
              res.exchange,
              { rules: ['ERR-1', 'ENDPOINTS-13'] },
            );
          }
        } else if (res.status >= 200 && res.status < 300 && res.text.length > 0 && c.method !== 'OPTIONS') {
          // An OPTIONS answer's content has no defined format (RFC 9110 section 9.3.7): not held to the envelope.
          ctx.expect(
            isRecord(res.json) && 'data' in res.json,
            `${res.status} with a JSON body { data, meta? }`,
            () => describeValue(res.json ?? res.text.slice(0, 200)),
            res.exchange,
            { rules: ['ENVELOPE-4'] },
          );
        }
      },
      { numRuns: 60, examples: unlistedMethodExamples(fuzzRoles(ctx)) },
    );
    ctx.note(
      `60 fuzzed requests, statuses ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}: no 5xx, every error enveloped`,
    );
  },
});

// ---- stack traces ---------------------------------------------------------------------------------------

/** What a leaked stack trace looks like (Node, JVM, Python, .NET). */
const STACK_PATTERNS: readonly RegExp[] = [
  /\n\s*at\s+\S+/,
  /\bat\s+[\w.<>$[\]]+\s+\([^)]*:\d+:\d+\)/,
  /\bat\s+(?:file:\/\/)?\/[^\s)]+:\d+:\d+/,
  /node_modules[\\/]/,
  /\.(?:ts|js|mjs|cjs|java|py|cs):\d+/,
  /Traceback \(most recent call last\)/,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError): .*\n/,
];

export function stackTraceIn(text: string): string | undefined {
  for (const pattern of STACK_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[0].trim().slice(0, 120);
  }
  return undefined;
}

/** Inputs that tend to break servers: deep nesting, long strings, huge numbers, odd keys, repeated parameters. */
function nastyCaseArb(roles: readonly string[]): fc.Arbitrary<FuzzCase> {
  const deep = fc.integer({ min: 20, max: 300 }).map((depth) => {
    let v: unknown = 'x';
    for (let i = 0; i < depth; i++) v = { shortName: v };
    return v;
  });
  const nastyBody = fc.oneof(
    deep.map((value): Body => ({ kind: 'json', value })),
    fc
      .integer({ min: 2000, max: 20000 })
      .map((n): Body => ({ kind: 'json', value: { shortName: 'x'.repeat(n), city: 'y'.repeat(n) } })),
    fc.constantFrom<Body>(
      { kind: 'raw', text: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
      { kind: 'raw', text: '{"bedrooms":1e309,"bathrooms":-0,"amount":123456789012345678901234567890}' },
      { kind: 'raw', text: '{"shortName":"\\u0000\\ud800","status":null}' },
      { kind: 'raw', text: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]' },
      { kind: 'raw', text: '{"status":{"$ne":null},"id":{"$gt":""}}' },
    ),
    fc
      .string({ unit: 'binary', maxLength: 200 })
      .map((value): Body => ({ kind: 'json', value: { shortName: value, period: value, email: value } })),
  );
  const nastyQuery = fc.oneof(
    fc.constantFrom<Record<string, string>>(
      { page: '1e309' },
      { limit: '-0' },
      { page: '0x10', limit: '0b11' },
      { search: 'x'.repeat(5000) },
      { search: '%00' },
      { status: '\u0000' },
      { propertyId: "' OR 1=1 --" },
      { from: '9999-99-99', to: '0000-00-00' },
      { type: 'Task,'.repeat(200) },
      { expiringWithinDays: '99999999999999999999999' },
    ),
    fc.dictionary(fc.constantFrom(...QUERY_NAMES), fc.string({ unit: 'binary', maxLength: 50 }), { maxKeys: 3 }),
  );
  return fc.record({ base: fuzzCaseArb(roles), body: nastyBody, query: nastyQuery }).map(({ base, body, query }) => ({
    ...base,
    body,
    query,
    contentType: 'application/json',
    extraHeader: undefined,
  }));
}

export const serverErrorsCarryNoStackTraces = defineCheck({
  id: 'errors.serverErrorsCarryNoStackTraces',
  title: 'A 5xx answer (when one occurs) carries the error envelope and no stack trace',
  group: GROUP,
  rules: ['ERR-5'],
  long: true, // requests on many keys paced as Portfolio
  async run(ctx: CheckContext) {
    let seen = 0;
    await ctx.property(
      'no 5xx body contains a stack trace',
      nastyCaseArb(fuzzRoles(ctx)),
      async (c) => {
        const res = await sendFuzzCase(ctx, c);
        if (res.status < 500) return;
        seen++;
        const trace =
          stackTraceIn(res.text) ??
          Object.values(res.headers)
            .map(stackTraceIn)
            .find((t) => t !== undefined);
        ctx.expect(
          trace === undefined,
          `${res.status} without a stack trace`,
          () => `a stack trace: "${trace}" in ${res.text.slice(0, 300)}`,
          res.exchange,
        );
        ctx.expect(
          isErrorEnvelope(res.json),
          `${res.status} with body exactly { "error": <string>, "code": <string> }`,
          () => describeValue(res.json ?? res.text),
          res.exchange,
        );
      },
      { numRuns: 30 },
    );
    ctx.note(
      seen === 0
        ? '30 hostile requests: no 5xx seen, so no 5xx body to inspect'
        : `30 hostile requests: ${seen} 5xx answers, none with a stack trace`,
    );
  },
});
