// Faults of the access matrix (matrix.ts): each breaks one rule on a route the older access, sandbox and isolation
// checks did not probe (document, image, invoice, rent, contract-document and named routes), or applies a write it
// answers as refused, so only the read-back can tell.
import type { FaultTable } from '../../support/self-test';
import type { Fault, ProxyRequest } from '../../support/broken';
import {
  apiPath,
  errorResponse,
  keyOf,
  mapHeaders,
  mapJson,
  readJson,
  withJson,
  withKey,
  isRec,
} from '../../support/faults';
import type { Target } from '../../../src/targets';
import { keyForRole } from '../../../src/targets/roles';
import { redTeamFault } from '../../red-team/deployments';

const path = (req: ProxyRequest): string => apiPath(req) ?? '';
const role = (t: Target, name: keyof Target['keys']): string => {
  const k = t.keys[name];
  if (k === undefined) throw new Error(`self-test target has no ${name} key`);
  return k;
};
const NO_ACCESS = ['professional', 'essential', 'free', 'noSubscription'] as const;
const PROPERTY_PATCH = /^\/properties\/[^/]+$/;
const PROPERTY_DOCS = /^\/properties\/[^/]+\/documents$/;
const CONTRACT_DOC = /^\/contracts\/[^/]+\/documents\/[^/]+$/;
const CONTRACT_DOCS = /^\/contracts\/[^/]+\/documents$/;
const RENT_ITEM = /^\/rent\/[^/]+$/;
const INVOICE = /^\/rent\/[^/]+\/invoice\/(pdf|email)$/;

/** A sandbox `method` on the paths `pattern` matches applied for real (sent with the live key), answered as a mock. */
function sandboxWriteApplied(t: Target, description: string, method: string, pattern: RegExp): Fault {
  const applies = (req: ProxyRequest): boolean =>
    keyOf(req) === role(t, 'enterpriseSandbox') && req.method === method && pattern.test(path(req));
  return {
    description,
    request: (req) => (applies(req) ? withKey(req, t.keys.enterpriseLive) : undefined),
    response(res, req) {
      const body = readJson(res);
      if (!applies(req) || !isRec(body) || !isRec(body.data)) return undefined;
      const mock = withJson(res, { ...body, data: { ...body.data, sandbox: true } });
      return { ...mock, headers: { ...mock.headers, 'x-service-mode': 'sandbox' } };
    },
  };
}

/** PATCH /rent/{id} in sandbox mode (either way) refused `status code`, where the live key writes the same body. */
function sandboxRentPatchRefused(t: Target, status: number, code: string): Fault {
  return {
    description: `PATCH /rent/{id} in sandbox mode (either way) answers ${status} ${code} to a body the live key writes`,
    request: (req) =>
      req.method === 'PATCH' &&
      RENT_ITEM.test(path(req)) &&
      (keyOf(req) === role(t, 'enterpriseSandbox') || req.headers['x-service-mode'] === 'sandbox')
        ? errorResponse(status, code, 'Refused', { 'x-service-mode': 'sandbox' })
        : undefined,
  };
}

/** Sends the request upstream with `key`, applies it, and answers `status code` as if it had been refused. */
function appliedButRefused(
  description: string,
  when: (req: ProxyRequest) => boolean,
  key: string,
  status: number,
  code: string,
): Fault {
  return {
    description,
    async request(req, ctx) {
      if (!when(req)) return undefined;
      await ctx.upstream(
        withKey(
          { ...req, headers: Object.fromEntries(Object.entries(req.headers).filter(([n]) => n !== 'x-api-key')) },
          key,
        ),
      );
      return errorResponse(status, code, 'Refused');
    },
  };
}

export const faults: FaultTable = {
  'access.credentialRulesOnEveryRoute': [
    redTeamFault('revoked-key-unauthorized-on-writes'),
    redTeamFault('x-api-key-refused-on-writes'),
    {
      fault: (t) => ({
        description: 'a non-Bearer Authorization scheme (or a bare key) is accepted on the rent routes',
        request: (req) => {
          const auth = req.headers.authorization ?? '';
          if (!path(req).startsWith('/rent') || auth === '' || /^Bearer\s/.test(auth)) return undefined;
          const key = /(svc_\w+)/.exec(auth)?.[1];
          return key === t.keys.enterpriseLive ? withKey(req, key) : undefined;
        },
      }),
    },
    {
      fault: () =>
        mapJson(
          '401 on the invoice routes answered with code INVALID_API_KEY',
          (q, r) => r.status === 401 && INVOICE.test(path(q)),
          (b) => ({ ...b, code: 'INVALID_API_KEY' }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'a revoked key on contract document routes answered UNAUTHORIZED',
          (q, r) => r.status === 401 && /^\/contracts\/[^/]+\/documents/.test(path(q)),
          (b) => (b.code === 'REVOKED_KEY' ? { ...b, code: 'UNAUTHORIZED' } : b),
        ),
    },
    {
      fault: (t) =>
        appliedButRefused(
          'a keyless PATCH /properties/{id} is applied (as the live key) and answered 401',
          (q) =>
            q.method === 'PATCH' &&
            PROPERTY_PATCH.test(path(q)) &&
            keyOf(q) === undefined &&
            q.headers.authorization === undefined,
          t.keys.enterpriseLive,
          401,
          'UNAUTHORIZED',
        ),
    },
  ],
  'access.planWithoutApiAccessRefusedOnEveryRoute': [
    {
      // One plan on one route: found only when every (role, route) pair is sent, not a role sampled per route.
      fault: (t) => ({
        description: 'a Free-plan key reads GET /team',
        request: (req) =>
          keyOf(req) !== undefined && keyOf(req) === keyForRole(t, 'free') && path(req) === '/team'
            ? withKey(req, t.keys.enterpriseLive)
            : undefined,
      }),
    },
    {
      fault: (t) => ({
        description: 'a Professional key reads GET /maintenance/inspections',
        request: (req) =>
          keyOf(req) === role(t, 'professional') && path(req) === '/maintenance/inspections'
            ? withKey(req, t.keys.enterpriseLive)
            : undefined,
      }),
    },
    {
      fault: (t) =>
        appliedButRefused(
          "a no-API-plan key's PATCH /properties/{id} is applied (as the live key) and answered 403 PLAN_UPGRADE_REQUIRED",
          (q) =>
            q.method === 'PATCH' &&
            PROPERTY_PATCH.test(path(q)) &&
            NO_ACCESS.some((r) => keyOf(q) !== undefined && keyForRole(t, r) === keyOf(q)),
          t.keys.enterpriseLive,
          403,
          'PLAN_UPGRADE_REQUIRED',
        ),
    },
  ],
  'access.portfolioKeyRefusedOnEveryWrite': [
    {
      fault: () =>
        mapJson(
          'a Portfolio key on DELETE routes answered PLAN_UPGRADE_REQUIRED',
          (q, r) => q.method === 'DELETE' && r.status === 403,
          (b) => (b.code === 'WRITE_REQUIRES_ENTERPRISE' ? { ...b, code: 'PLAN_UPGRADE_REQUIRED' } : b),
        ),
    },
    {
      fault: (t) => ({
        description: 'a Portfolio key may send the invoice email (answered 200 sent: true)',
        request: (req) =>
          keyOf(req) === role(t, 'portfolioLive') && req.method === 'POST' && /\/invoice\/email$/.test(path(req))
            ? withJson(
                { status: 200, headers: { 'x-service-mode': 'live' }, body: Buffer.from('{}') },
                { data: { sent: true, sandbox: false } },
              )
            : undefined,
      }),
    },
  ],
  'access.readOnlyKeyRefusedOnEveryWrite': [
    {
      fault: (t) => ({
        description: 'a read_only key writes PATCH /maintenance/issues/{id}',
        request: (req) =>
          keyOf(req) === role(t, 'enterpriseReadOnly') &&
          req.method === 'PATCH' &&
          path(req).startsWith('/maintenance/issues/')
            ? withKey(req, t.keys.enterpriseLive)
            : undefined,
      }),
    },
    {
      fault: (t) =>
        appliedButRefused(
          'a read_only upload to POST /properties/{id}/documents is stored and answered 403 INSUFFICIENT_SCOPE',
          (q) => q.method === 'POST' && PROPERTY_DOCS.test(path(q)) && keyOf(q) === role(t, 'enterpriseReadOnly'),
          t.keys.enterpriseLive,
          403,
          'INSUFFICIENT_SCOPE',
        ),
    },
  ],
  'access.foreignRealIdsAnswer404OnEveryByIdRoute': [
    {
      fault: (t) => ({
        description: "another landlord's invoice PDF is served (a 404 retried with that landlord's key)",
        async response(res, req, ctx) {
          if (
            res.status !== 404 ||
            req.method !== 'GET' ||
            !/\/invoice\/pdf$/.test(path(req)) ||
            keyOf(req) !== t.keys.enterpriseLive
          )
            return undefined;
          const again = await ctx.upstream(withKey(req, role(t, 'otherLandlord')));
          return again.status === 200 ? again : undefined;
        },
      }),
    },
    {
      fault: (t) =>
        appliedButRefused(
          "DELETE of another landlord's contract document is applied and answered 404",
          (q) => q.method === 'DELETE' && CONTRACT_DOC.test(path(q)) && keyOf(q) === t.keys.enterpriseLive,
          role(t, 'otherLandlord'),
          404,
          'NOT_FOUND',
        ),
    },
  ],
  'access.sandboxKeyPersistsNothingOnEveryWrite': [
    redTeamFault('service-mode-header-ignored-on-rent-patch'),
    redTeamFault('service-mode-header-ignored-on-invoice-email'),
    redTeamFault('sandbox-create-property-refused'),
    {
      fault: (t) =>
        sandboxWriteApplied(
          t,
          'a sandbox document upload is stored (sent with the live key), answered as a mock',
          'POST',
          PROPERTY_DOCS,
        ),
    },
    {
      fault: (t) =>
        mapJson(
          'a sandbox DELETE of a contract document answers without sandbox: true',
          (q) => keyOf(q) === role(t, 'enterpriseSandbox') && q.method === 'DELETE' && CONTRACT_DOC.test(path(q)),
          (b) => (isRec(b.data) ? { ...b, data: { ...b.data, sandbox: undefined } } : b),
        ),
    },
    {
      // The landlord's own contract documents listed as none: the check must address one it uploads itself.
      fault: (t) => {
        const applied = sandboxWriteApplied(
          t,
          'a sandbox DELETE of a contract document deletes it (sent with the live key), on a landlord whose contract documents are listed as none',
          'DELETE',
          CONTRACT_DOC,
        );
        return {
          ...applied,
          response(res, req, ctx) {
            const body = readJson(res);
            if (req.method !== 'GET' || !CONTRACT_DOCS.test(path(req)) || !isRec(body) || !Array.isArray(body.data))
              return applied.response?.(res, req, ctx);
            return withJson(res, { ...body, data: body.data.filter((d) => JSON.stringify(d).includes('sandbox-doc')) });
          },
        };
      },
    },
    {
      fault: (t) =>
        sandboxWriteApplied(
          t,
          'a sandbox PATCH /rent/{id} is applied (sent with the live key), answered as a mock',
          'PATCH',
          RENT_ITEM,
        ),
    },
    {
      // A deployment may refuse a live PATCH on a payment it holds for its own reasons (reconciled, imported): the
      // sandbox write applied for real is refused on the landlord's payments and seen only on one the check made.
      fault: (t) => {
        const applied = sandboxWriteApplied(
          t,
          'a sandbox PATCH /rent/{id} is applied (sent with the live key), on a landlord whose payments made before the run refuse every PATCH (400 VALIDATION_ERROR)',
          'PATCH',
          RENT_ITEM,
        );
        const madeInRun = new Set<string>();
        return {
          ...applied,
          request(req, ctx) {
            const id = RENT_ITEM.test(path(req)) ? path(req).slice('/rent/'.length) : undefined;
            if (req.method === 'PATCH' && id !== undefined && !madeInRun.has(id))
              return errorResponse(400, 'VALIDATION_ERROR', 'This payment is locked', { 'x-service-mode': 'sandbox' });
            return applied.request?.(req, ctx);
          },
          response(res, req, ctx) {
            const body = readJson(res);
            if (req.method === 'POST' && path(req) === '/rent' && res.status === 201 && isRec(body) && isRec(body.data))
              madeInRun.add(String(body.data.id));
            return applied.response?.(res, req, ctx);
          },
        };
      },
    },
    { fault: (t) => sandboxRentPatchRefused(t, 400, 'VALIDATION_ERROR') },
    { fault: (t) => sandboxRentPatchRefused(t, 409, 'CONFLICT') },
    {
      fault: (t) =>
        mapHeaders(
          'X-Service-Mode "live" on sandbox PATCH /rent/{id}',
          (q) => keyOf(q) === role(t, 'enterpriseSandbox') && q.method === 'PATCH' && path(q).startsWith('/rent/'),
          (h) => (h['x-service-mode'] = 'live'),
        ),
    },
  ],
};
