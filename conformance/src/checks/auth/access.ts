// Authentication 4 and 5 / Endpoints "Plan and scope": which key may do what. Writes go to unknown ids (or carry
// a marker body whose result is deleted again), so a deployment that wrongly allows them changes nothing of its own.

import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { provisionKey } from '../shared/provision';
import { writeName } from '../shared/unnamed';
import { GET_COLLECTION_ROUTES, WRITE_ROUTES, type SpecRoute } from '../shared/spec';
import {
  codeOf,
  deleteIfCreated,
  fillPath,
  isRecord,
  multipartBody,
  propertyBody,
  requestRetryingResets,
} from '../shared/util';

const GROUP = 'Authentication';

/** Extra roles for plans without API access, used when the target file provides them (AUTH-5). */
const NO_ACCESS_EXTRA_ROLES = ['essential', 'free', 'noSubscription'] as const;

type WriteRequest = {
  method: string;
  path: string;
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
};

/** A write request on a route: unknown ids, a tiny multipart file for uploads, the marker body for POST /properties. */
function writeRequest(ctx: CheckContext, route: SpecRoute): WriteRequest {
  const path = fillPath(route.path);
  if (route.multipart) {
    const { body, contentType } = multipartBody({
      name: `${ctx.marker} upload`,
      type: 'Contract',
      text: ctx.marker,
      file: { filename: 'conformance.txt', contentType: 'text/plain', content: ctx.marker },
    });
    return { method: route.method, path, body, headers: { 'content-type': contentType } };
  }
  if (route.method === 'DELETE') return { method: route.method, path };
  if (route.path === '/properties') return { method: route.method, path, json: propertyBody(ctx, 'access') };
  return {
    method: route.method,
    path,
    json: route.method === 'PATCH' ? { [writeName(ctx, 'property', 'shortName')]: `${ctx.marker} access` } : {},
  };
}

/** Write routes probed by the access checks: the invoice email has a per-landlord limit of its own, left to its checks. */
const ACCESS_WRITE_ROUTES = WRITE_ROUTES.filter((r) => !r.landlordLimited);
/** GET routes probed: lists and singletons (the by-id routes are about ids, not access). */
const ACCESS_GET_ROUTES = GET_COLLECTION_ROUTES;

async function send(ctx: CheckContext, role: string, req: WriteRequest) {
  const res = await requestRetryingResets(ctx, { ...req, key: role });
  if (req.method === 'POST' && req.path === '/properties') deleteIfCreated(ctx, res, role);
  return res;
}

export const readOnlyKeyOnWriteRoutesAnswers403InsufficientScope = defineCheck({
  id: 'auth.readOnlyKeyOnWriteRoutesAnswers403InsufficientScope',
  title: 'A read_only key on every write route answers 403 INSUFFICIENT_SCOPE',
  group: GROUP,
  rules: ['AUTH-4', 'ERR-INSUFFICIENT_SCOPE', 'ENDPOINTS-12'],
  needs: ['readOnly'],
  async run(ctx: CheckContext) {
    for (const route of ACCESS_WRITE_ROUTES) {
      const res = await send(ctx, 'enterpriseReadOnly', writeRequest(ctx, route));
      ctx.expectErrorEnvelope(res, 403, 'INSUFFICIENT_SCOPE');
    }
    // Reads stay allowed for the same key.
    const read = await ctx.http.request({ path: '/properties', key: 'enterpriseReadOnly', query: { limit: 1 } });
    ctx.expectSuccessEnvelope(read, 200, { rules: ['AUTH-4', 'ENDPOINTS-11'] });
    ctx.note(`${ACCESS_WRITE_ROUTES.length} write routes with the read_only key: 403 INSUFFICIENT_SCOPE; GET allowed`);
  },
});

export const noApiAccessPlansAnswer403PlanUpgradeRequired = defineCheck({
  id: 'auth.noApiAccessPlansAnswer403PlanUpgradeRequired',
  title:
    'Keys on Professional, Essential, Free or no subscription answer 403 PLAN_UPGRADE_REQUIRED on reads and writes',
  group: GROUP,
  rules: ['AUTH-5', 'ERR-PLAN_UPGRADE_REQUIRED', 'LIMIT-RATE-6', 'LIMIT-RATE-7', 'ENDPOINTS-11'],
  needs: ['professional'],
  long: true, // writes on four keys paced as Portfolio (30 a minute)
  async run(ctx: CheckContext) {
    const roles = ['professional', ...NO_ACCESS_EXTRA_ROLES.filter((r) => ctx.hasKey(r))];
    const reads = ACCESS_GET_ROUTES.filter((r) =>
      ['/properties', '/contracts', '/rent', '/team', '/compliance/summary', '/tenants'].includes(r.path),
    );
    const writes = ACCESS_WRITE_ROUTES.filter((r) =>
      ['POST /properties', 'PATCH /properties/{id}', 'DELETE /contracts/{id}', 'PATCH /rent/{id}'].includes(
        `${r.method} ${r.path}`,
      ),
    );
    for (const role of roles) {
      const rules =
        role === 'essential'
          ? ['AUTH-5', 'ERR-PLAN_UPGRADE_REQUIRED', 'LIMIT-RATE-6']
          : role === 'professional'
            ? ['AUTH-5', 'ERR-PLAN_UPGRADE_REQUIRED', 'LIMIT-RATE-7']
            : ['AUTH-5', 'ERR-PLAN_UPGRADE_REQUIRED'];
      for (const route of reads) {
        const res = await ctx.http.request({ path: route.path, key: role });
        ctx.expectErrorEnvelope(res, 403, 'PLAN_UPGRADE_REQUIRED', { rules });
      }
      for (const route of writes) {
        const res = await send(ctx, role, writeRequest(ctx, route));
        ctx.expectErrorEnvelope(res, 403, 'PLAN_UPGRADE_REQUIRED', { rules });
      }
    }
    const missing = NO_ACCESS_EXTRA_ROLES.filter((r) => !ctx.hasKey(r));
    ctx.note(
      `${roles.join(', ')}: 403 PLAN_UPGRADE_REQUIRED on ${reads.length} reads and ${writes.length} writes${missing.length ? ` (no ${missing.join('/')} key in the target: not checked)` : ''}`,
    );
  },
});

export const portfolioPlanWritesAnswer403WriteRequiresEnterprise = defineCheck({
  id: 'auth.portfolioPlanWritesAnswer403WriteRequiresEnterprise',
  title: 'A Portfolio-plan key on every write route answers 403 WRITE_REQUIRES_ENTERPRISE',
  group: GROUP,
  rules: ['AUTH-5', 'ERR-WRITE_REQUIRES_ENTERPRISE', 'ENDPOINTS-12'],
  needs: ['portfolio'],
  async run(ctx: CheckContext) {
    // The target's Portfolio key is paced at its plan's 30 writes a minute, shared with other checks. With dashboard
    // access every route is probed with a read_write key of the suite's own Portfolio landlord (a budget of its own,
    // well under 30 a minute), and the target's key on the first route; without, the target's key on every route.
    const own = ctx.target.provisioning ? (await provisionKey(ctx, { plan: 'Portfolio' })).key : undefined;
    for (const [i, route] of ACCESS_WRITE_ROUTES.entries()) {
      const keys = own === undefined ? ['portfolioLive'] : i === 0 ? ['portfolioLive', own] : [own];
      for (const key of keys) {
        const res = await send(ctx, key, writeRequest(ctx, route));
        ctx.expectErrorEnvelope(res, 403, 'WRITE_REQUIRES_ENTERPRISE');
      }
    }
    const which =
      own === undefined
        ? 'the Portfolio read_write key'
        : "a read_write key of the suite's Portfolio landlord (and the target's Portfolio key on the first)";
    ctx.note(`${ACCESS_WRITE_ROUTES.length} write routes with ${which}: 403 WRITE_REQUIRES_ENTERPRISE`);
  },
});

export const portfolioPlanReadsAreAllowed = defineCheck({
  id: 'auth.portfolioPlanReadsAreAllowed',
  title: 'A Portfolio-plan key reads every GET endpoint (200 with the success envelope)',
  group: GROUP,
  rules: ['AUTH-5', 'ENDPOINTS-11'],
  needs: ['portfolio'],
  async run(ctx: CheckContext) {
    for (const route of ACCESS_GET_ROUTES) {
      const res = await ctx.http.request({ path: route.path, key: 'portfolioLive' });
      if (res.status === 404)
        ctx.fail(
          `200 on GET ${route.path} (the spec names it)`,
          `404 ${res.text.slice(0, 200)} (route missing?)`,
          res.exchange,
        );
      ctx.expectSuccessEnvelope(res, 200);
    }
    ctx.note(`${ACCESS_GET_ROUTES.length} GET endpoints with the Portfolio key: 200`);
  },
});

// ---- the matrix ------------------------------------------------------------------------------------------

type Expectation =
  | { readonly kind: 'ok' }
  | { readonly kind: 'error'; readonly status: number; readonly codes: readonly string[] }
  | { readonly kind: 'passesGate' };

/** What the spec says a role gets on a route (AUTH-4, AUTH-5, AUTH-6, ENDPOINTS-11, ENDPOINTS-12). */
function expectationFor(role: string, method: string): Expectation {
  const write = method !== 'GET';
  if (role === 'revoked') return { kind: 'error', status: 401, codes: ['REVOKED_KEY'] };
  if (role === 'professional' || (NO_ACCESS_EXTRA_ROLES as readonly string[]).includes(role))
    return { kind: 'error', status: 403, codes: ['PLAN_UPGRADE_REQUIRED'] };
  if (!write) return { kind: 'ok' };
  if (role === 'portfolioLive') return { kind: 'error', status: 403, codes: ['WRITE_REQUIRES_ENTERPRISE'] };
  // A read_only key on the Portfolio plan breaks two rules at once; the spec does not order them.
  if (role === 'portfolioReadOnly')
    return { kind: 'error', status: 403, codes: ['WRITE_REQUIRES_ENTERPRISE', 'INSUFFICIENT_SCOPE'] };
  if (role === 'enterpriseReadOnly') return { kind: 'error', status: 403, codes: ['INSUFFICIENT_SCOPE'] };
  return { kind: 'passesGate' };
}

const MATRIX_ROLES = [
  'enterpriseLive',
  'enterpriseReadOnly',
  'enterpriseSandbox',
  'portfolioLive',
  'professional',
  'revoked',
  'otherLandlord',
  'portfolioReadOnly',
  ...NO_ACCESS_EXTRA_ROLES,
];
/** Roles whose writes the spec lets through: they only get writes that cannot change anything (unknown ids). */
const WRITING_ROLES = new Set(['enterpriseLive', 'otherLandlord', 'enterpriseSandbox']);

export const roleRouteMethodMatrixMatchesSpec = defineCheck({
  id: 'auth.roleRouteMethodMatrixMatchesSpec',
  title: 'Key role × route × method answers what Authentication and "Plan and scope" say (property-based)',
  group: GROUP,
  rules: ['AUTH-4', 'AUTH-5', 'AUTH-6', 'ENDPOINTS-11', 'ENDPOINTS-12'],
  long: true, // requests on many keys paced as Portfolio
  async run(ctx: CheckContext) {
    const roles = MATRIX_ROLES.filter((r) => ctx.hasKey(r));
    const routes: SpecRoute[] = [...ACCESS_GET_ROUTES, ...ACCESS_WRITE_ROUTES];
    const arb = fc
      .record({
        role: fc.constantFrom(...roles),
        route: fc.constantFrom(...routes),
        auth: fc.constantFrom('bearer' as const, 'x-api-key' as const),
      })
      // Roles that may write only get PATCH/DELETE on unknown ids (POST would create data; uploads store files).
      .filter(
        ({ role, route }) =>
          !WRITING_ROLES.has(role) ||
          route.method === 'GET' ||
          ((route.method === 'PATCH' || route.method === 'DELETE') && !route.multipart),
      );
    let ok = 0;
    await ctx.property(
      'each role gets the status and code the spec gives for the route and method',
      arb,
      async ({ role, route, auth }) => {
        const req = route.method === 'GET' ? { method: 'GET', path: route.path } : writeRequest(ctx, route);
        const res = await requestRetryingResets(ctx, { ...req, key: role, auth });
        if (req.method === 'POST' && req.path === '/properties') deleteIfCreated(ctx, res, role);
        const expected = expectationFor(role, route.method);
        const what = `${role} ${route.method} ${route.path}`;
        if (expected.kind === 'ok') {
          ctx.expect(
            res.status === 200 && isRecord(res.json) && 'data' in res.json,
            `200 with { data } for ${what}`,
            () => `${res.status} ${res.text.slice(0, 200)}`,
            res.exchange,
            { rules: ['AUTH-5', 'ENDPOINTS-11'] },
          );
        } else if (expected.kind === 'error') {
          const code = codeOf(res);
          ctx.expect(
            res.status === expected.status && typeof code === 'string' && expected.codes.includes(code),
            `${expected.status} ${expected.codes.join(' or ')} for ${what}`,
            () => `${res.status} ${describeValue(res.json ?? res.text)}`,
            res.exchange,
          );
          ctx.expectErrorEnvelope(res, expected.status, code);
        } else {
          ctx.expect(
            res.status !== 401 && res.status !== 403,
            `${what} to pass authentication, plan and scope (any answer but 401/403)`,
            () => `${res.status} ${describeValue(res.json ?? res.text)}`,
            res.exchange,
            { rules: ['ENDPOINTS-12'] },
          );
        }
        ok++;
      },
      { numRuns: 40 },
    );
    ctx.note(
      `${ok} sampled role × route × method combinations over ${roles.length} roles and ${routes.length} routes matched the spec`,
    );
  },
});
