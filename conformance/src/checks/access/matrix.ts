// The access matrix: every rule of Authentication and the 404 rule applied on EVERY route of the table (routes.ts),
// with real ids of the owning landlord, and every refused or sandboxed write read back to show it changed nothing.
// Variants (which malformed key, which scheme, Bearer or x-api-key) are drawn with fast-check from the run's seed,
// one per route and rule, so each run hits every route under every rule and a failure replays with --seed.

import fc from 'fast-check';
import type { HttpResponse, RequestOptions } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse } from '../../runner/describe';
import { invoiceRequest } from '../shared/invoice-budget';
import { mailCapture } from '../shared/mail-capture';
import type { UnnamedResource } from '../../targets/unnamed-fields';
import { declared } from '../shared/unnamed';
import { createOwnChain, createOwnRent, optionalPart, suitePeriod, type OwnChain } from '../shared/own-data';
import { codeOf, createOwnProperty, isRecord, unknownId, type Json } from '../shared/util';
import {
  LandlordData,
  ownDocument,
  readBack,
  requestFor,
  send,
  sendOnRoute,
  unservedGroups,
  type RouteIds,
} from './requests';
import {
  ACCESS_ROUTES,
  BY_ID_ROUTES,
  READ_ROUTES,
  routeName,
  WRITE_ACCESS_ROUTES,
  type AccessRoute,
  type BodyKind,
} from './routes';

const GROUP = 'Authentication';
const LIVE = 'enterpriseLive';

/** Credentials of one probe: a role or literal key, how it is sent, or a raw header; `label` names it in messages. */
interface Credentials {
  readonly label: string;
  readonly options: Pick<RequestOptions, 'key' | 'auth' | 'headers'>;
}

/** One variant per route, drawn from the run's seed (bounded: exactly one per route). */
function sample<T>(ctx: CheckContext, arb: fc.Arbitrary<T>, n: number): T[] {
  return fc.sample(arb, { seed: ctx.seed, numRuns: n });
}

/** The routes a deployment serves: named groups answering 404 on their collection are left out, with a note. */
async function servedRoutes(ctx: CheckContext, routes: readonly AccessRoute[]): Promise<AccessRoute[]> {
  const unserved = await unservedGroups(ctx, LIVE);
  if (unserved.size > 0)
    ctx.note(
      `not served by this deployment (404 on the collection; paths of named groups are not shown): ${[...unserved].join(', ')}`,
    );
  return routes.filter((r) => !unserved.has(r.group));
}

/** One refusal rule: the credentials of the probe on route number `i` (sampled) and the answer the spec gives. */
interface RefusalVariant {
  readonly credentials: (route: AccessRoute, i: number) => Credentials;
  readonly status: number;
  readonly codes: readonly string[];
  readonly rules: readonly string[];
}

interface RefusalPlan {
  readonly routes: readonly AccessRoute[];
  /** The landlord whose real ids fill the paths, and whose key reads the resource back. */
  readonly owner: LandlordData;
  readonly variants: readonly RefusalVariant[];
  readonly tag: string;
  /** Invoice routes are sent through the landlord's invoice budget (the refusal may still count). */
  readonly budgeted?: boolean;
}

/**
 * Sends each route once per credential variant of the plan; expects the refusal each time, and for writes reads the
 * resource back (once before and once after the route's refusals: a change by any of them shows) unchanged.
 */
async function refuseOnEveryRoute(
  ctx: CheckContext,
  plan: RefusalPlan,
): Promise<{ routes: number; unknownIds: string[] }> {
  const unknownIds: string[] = [];
  for (const [i, route] of plan.routes.entries()) {
    const learned = await plan.owner.idsFor(route);
    const ids: RouteIds = learned ?? { id: unknownId(), docId: unknownId() };
    if (!learned) unknownIds.push(routeName(route));
    const tag = `${plan.tag}-${i}.`;
    const request = await requestFor(ctx, route, ids, plan.owner, tag);
    const write = route.access === 'write' && learned !== undefined;
    const before = write ? await readBack(ctx, route, ids, plan.owner.key, request, tag) : undefined;
    const labels: string[] = [];
    for (const { status, codes, rules, credentials } of plan.variants) {
      const cred = credentials(route, i);
      labels.push(cred.label);
      const options: RequestOptions = {
        ...request,
        ...cred.options,
        headers: { ...request.headers, ...cred.options.headers },
      };
      const res =
        plan.budgeted && route.invoice ? await invoiceRequest(ctx, route.invoice, options) : await send(ctx, options);
      const code = codeOf(res);
      ctx.expect(
        res.status === status && typeof code === 'string' && codes.includes(code),
        `${routeName(route)} with ${cred.label}: ${status} ${codes.join(' or ')}`,
        () => describeResponse(res),
        res.exchange,
        { rules },
      );
      ctx.expectErrorEnvelope(res, status, code, { rules });
    }
    if (write) {
      const after = await readBack(ctx, route, ids, plan.owner.key, request, tag);
      const rules = [...new Set(plan.variants.flatMap((v) => v.rules))];
      ctx.expect(
        after === before,
        `the refused ${routeName(route)} (${labels.join('; ')}) to change nothing: read back with the owner's key`,
        () => `before: ${before}; after: ${after}`,
        undefined,
        { rules },
      );
    }
  }
  return { routes: plan.routes.length, unknownIds };
}

function unknownNote(unknownIds: readonly string[]): string {
  return unknownIds.length ? `; the landlord has no item for ${unknownIds.join(', ')}: unknown ids used there` : '';
}

// ---- 401: missing, malformed, non-Bearer, unknown and revoked keys ---------------------------------------------

const MALFORMED = [
  'Bearer',
  'Bearer ',
  'Bearer svc_live_',
  'Bearer svc_live_ has spaces',
  'Bearer svc_nope_0123456789abcdef',
  'Bearer <API_KEY>',
] as const;

export const credentialRulesOnEveryRoute = defineCheck({
  id: 'access.credentialRulesOnEveryRoute',
  title:
    'On every route: no key, a malformed key, a non-Bearer scheme and an unknown key answer 401 UNAUTHORIZED, a revoked key 401 REVOKED_KEY, and a refused write changes nothing',
  group: GROUP,
  rules: ['AUTH-1', 'AUTH-6', 'ERR-UNAUTHORIZED', 'ERR-REVOKED_KEY', 'OVERVIEW-3'],
  long: true,
  async run(ctx: CheckContext) {
    const routes = await servedRoutes(ctx, ACCESS_ROUTES);
    const owner = new LandlordData(ctx, LIVE);
    const live = ctx.key(LIVE);
    const n = routes.length;
    const viaApiKey = sample(ctx, fc.boolean(), n);
    const malformed = sample(ctx, fc.constantFrom(...MALFORMED), n);
    const scheme = sample(ctx, fc.constantFrom('Basic', 'Token', 'bearer-less', 'ApiKey'), n);
    const unknown = sample(
      ctx,
      fc.record({ prefix: fc.constantFrom('svc_live_', 'svc_sandbox_'), tail: fc.stringMatching(/^[a-f0-9]{32}$/) }),
      n,
    );
    const unauthorized = { status: 401, codes: ['UNAUTHORIZED'], rules: ['AUTH-6', 'ERR-UNAUTHORIZED'] };
    const variants: RefusalVariant[] = [
      { ...unauthorized, credentials: () => ({ label: 'no key', options: { auth: 'none' } }) },
      {
        ...unauthorized,
        credentials: (_r, i) => ({
          label: `Authorization: ${JSON.stringify(malformed[i])}`,
          options: { auth: 'none', headers: { authorization: malformed[i] } },
        }),
      },
      {
        ...unauthorized,
        credentials: (_r, i) => {
          const s = scheme[i] as string;
          const value = s === 'bearer-less' ? live : `${s} ${live}`;
          return {
            label: `Authorization: ${s === 'bearer-less' ? '<the live key, no scheme>' : `${s} <the live key>`}`,
            options: { auth: 'none', headers: { authorization: value } },
          };
        },
      },
      {
        ...unauthorized,
        credentials: (_r, i) => {
          const u = unknown[i] as { prefix: string; tail: string };
          return {
            label: `an unknown key ${u.prefix}… (${viaApiKey[i] ? 'x-api-key' : 'Bearer'})`,
            options: { key: `${u.prefix}${u.tail}`, auth: viaApiKey[i] ? 'x-api-key' : 'bearer' },
          };
        },
      },
    ];
    const revoked = ctx.hasKey('revoked');
    if (revoked) {
      variants.push({
        status: 401,
        codes: ['REVOKED_KEY'],
        rules: ['AUTH-6', 'ERR-REVOKED_KEY'],
        credentials: (_r, i) => ({
          label: `the revoked key (${viaApiKey[i] ? 'x-api-key' : 'Bearer'})`,
          options: { key: 'revoked', auth: viaApiKey[i] ? 'x-api-key' : 'bearer' },
        }),
      });
    }
    const { unknownIds } = await refuseOnEveryRoute(ctx, { routes, owner, variants, tag: '401' });
    ctx.note(
      `${routes.length} routes × ${variants.length} credential rules: 401 as the spec says, refused writes read back unchanged${revoked ? '' : ' (no revoked key in the target: REVOKED_KEY not checked)'}${unknownNote(unknownIds)}`,
    );
  },
});

// ---- 403: plan and scope ------------------------------------------------------------------------------------

const NO_ACCESS_ROLES = ['professional', 'essential', 'free', 'noSubscription'] as const;

export const planWithoutApiAccessRefusedOnEveryRoute = defineCheck({
  id: 'access.planWithoutApiAccessRefusedOnEveryRoute',
  title:
    'On every route, every key of a plan without API access (Professional, and Essential, Free or no subscription when given) answers 403 PLAN_UPGRADE_REQUIRED, and a refused write changes nothing',
  group: GROUP,
  rules: ['AUTH-5', 'ERR-PLAN_UPGRADE_REQUIRED', 'ENDPOINTS-11'],
  needs: ['professional'],
  long: true,
  async run(ctx: CheckContext) {
    const routes = await servedRoutes(ctx, ACCESS_ROUTES);
    // Such a key reads nothing, so its landlord's ids cannot be learned: the main landlord's real ids are used and
    // read back with its live key (the refusal comes before any id is looked at).
    const owner = new LandlordData(ctx, LIVE);
    const roles = NO_ACCESS_ROLES.filter((r) => ctx.hasKey(r));
    const viaApiKey = sample(ctx, fc.boolean(), routes.length);
    // Every (role, route) pair: a plan table that misses one route for one plan is found wherever it is.
    const variants: RefusalVariant[] = roles.map((r) => ({
      credentials: (_route: AccessRoute, i: number): Credentials => ({
        label: `the ${r} key (${viaApiKey[i] ? 'x-api-key' : 'Bearer'})`,
        options: { key: r, auth: viaApiKey[i] ? 'x-api-key' : 'bearer' },
      }),
      status: 403,
      codes: ['PLAN_UPGRADE_REQUIRED'],
      rules: ['AUTH-5', 'ERR-PLAN_UPGRADE_REQUIRED'],
    }));
    const { unknownIds } = await refuseOnEveryRoute(ctx, { routes, owner, variants, tag: '403-plan' });
    ctx.note(
      `${routes.length} routes × ${roles.join('/')} keys: 403 PLAN_UPGRADE_REQUIRED, refused writes read back unchanged${unknownNote(unknownIds)}`,
    );
  },
});

export const portfolioKeyRefusedOnEveryWrite = defineCheck({
  id: 'access.portfolioKeyRefusedOnEveryWrite',
  title:
    "On every write route a Portfolio-plan key answers 403 WRITE_REQUIRES_ENTERPRISE, with its own landlord's real ids, and the resource reads back unchanged",
  group: GROUP,
  rules: ['AUTH-5', 'ERR-WRITE_REQUIRES_ENTERPRISE', 'ENDPOINTS-12'],
  needs: ['portfolio'],
  long: true,
  async run(ctx: CheckContext) {
    const routes = await servedRoutes(ctx, WRITE_ACCESS_ROUTES);
    // The Portfolio landlord's ids, learned from its own lists (its key reads), read back with the same key.
    const owner = new LandlordData(ctx, 'portfolioLive');
    const viaApiKey = sample(ctx, fc.boolean(), routes.length);
    const credentials = (_r: AccessRoute, i: number): Credentials => ({
      label: `the Portfolio key (${viaApiKey[i] ? 'x-api-key' : 'Bearer'})`,
      options: { key: 'portfolioLive', auth: viaApiKey[i] ? 'x-api-key' : 'bearer' },
    });
    const { unknownIds } = await refuseOnEveryRoute(ctx, {
      routes,
      owner,
      variants: [
        {
          credentials,
          status: 403,
          codes: ['WRITE_REQUIRES_ENTERPRISE'],
          rules: ['AUTH-5', 'ERR-WRITE_REQUIRES_ENTERPRISE', 'ENDPOINTS-12'],
        },
      ],
      tag: '403-portfolio',
    });
    ctx.note(
      `${routes.length} write routes with the Portfolio key: 403 WRITE_REQUIRES_ENTERPRISE, read back unchanged${unknownNote(unknownIds)}`,
    );
  },
});

export const readOnlyKeyRefusedOnEveryWrite = defineCheck({
  id: 'access.readOnlyKeyRefusedOnEveryWrite',
  title:
    "On every write route a read_only Enterprise key answers 403 INSUFFICIENT_SCOPE, with its landlord's real ids, and the resource reads back unchanged",
  group: GROUP,
  rules: ['AUTH-4', 'ERR-INSUFFICIENT_SCOPE', 'ENDPOINTS-12'],
  needs: ['readOnly'],
  long: true,
  async run(ctx: CheckContext) {
    const routes = await servedRoutes(ctx, WRITE_ACCESS_ROUTES);
    const owner = new LandlordData(ctx, LIVE);
    const viaApiKey = sample(ctx, fc.boolean(), routes.length);
    const credentials = (_r: AccessRoute, i: number): Credentials => ({
      label: `the read_only key (${viaApiKey[i] ? 'x-api-key' : 'Bearer'})`,
      options: { key: 'enterpriseReadOnly', auth: viaApiKey[i] ? 'x-api-key' : 'bearer' },
    });
    const { unknownIds } = await refuseOnEveryRoute(ctx, {
      routes,
      owner,
      variants: [
        {
          credentials,
          status: 403,
          codes: ['INSUFFICIENT_SCOPE'],
          rules: ['AUTH-4', 'ERR-INSUFFICIENT_SCOPE', 'ENDPOINTS-12'],
        },
      ],
      tag: '403-scope',
      budgeted: true,
    });
    ctx.note(
      `${routes.length} write routes with the read_only key: 403 INSUFFICIENT_SCOPE, read back unchanged${unknownNote(unknownIds)}`,
    );
  },
});

// ---- 404: another landlord's real ids -------------------------------------------------------------------------

export const foreignRealIdsAnswer404OnEveryByIdRoute = defineCheck({
  id: 'access.foreignRealIdsAnswer404OnEveryByIdRoute',
  title:
    "On every GET, PATCH, DELETE and POST-by-id route (documents by docId, invoice PDF and email included) another landlord's real ids answer 404 NOT_FOUND, and the owner reads the resource back unchanged",
  group: GROUP,
  rules: ['AUTH-8', 'ERR-NOT_FOUND', 'OVERVIEW-3'],
  needs: ['otherLandlord'],
  long: true,
  async run(ctx: CheckContext) {
    const routes = await servedRoutes(ctx, BY_ID_ROUTES);
    // The other landlord's ids, learned from its own lists; the owner reads back with its own key.
    const owner = new LandlordData(ctx, 'otherLandlord');
    const viaApiKey = sample(ctx, fc.boolean(), routes.length);
    const credentials = (_r: AccessRoute, i: number): Credentials => ({
      label: `the main landlord's live key on the other landlord's ids (${viaApiKey[i] ? 'x-api-key' : 'Bearer'})`,
      options: { key: LIVE, auth: viaApiKey[i] ? 'x-api-key' : 'bearer' },
    });
    const { unknownIds } = await refuseOnEveryRoute(ctx, {
      routes,
      owner,
      variants: [{ credentials, status: 404, codes: ['NOT_FOUND'], rules: ['AUTH-8', 'ERR-NOT_FOUND'] }],
      tag: '404-foreign',
      budgeted: true,
    });
    ctx.note(
      `${routes.length} by-id routes with another landlord's real ids: 404 NOT_FOUND, the owner read its resources back unchanged${unknownNote(unknownIds)}`,
    );
  },
});

// ---- sandbox: mocks on every write, nothing persisted ---------------------------------------------------------------

/** Bodies of a resource whose field names the spec does not give, unless the target names them (../shared/unnamed.ts). */
const NAMED_BY_TARGET: Readonly<Partial<Record<BodyKind, UnnamedResource>>> = {
  property: 'property',
  propertyPatch: 'property',
  contract: 'contract',
  contractPatch: 'contract',
  rent: 'rentPayment',
  tenant: 'tenant',
};
/** Bodies of the groups whose payloads are not shown at all. */
const NOT_SHOWN_BODIES: ReadonlySet<BodyKind> = new Set(['rentPatch', 'issuePatch', 'chat']);

/** A 400 to such a body says the suite's names are not the deployment's, not that the sandbox wrote. */
function namesMayBeWrong(ctx: CheckContext, body: BodyKind): boolean {
  const resource = NAMED_BY_TARGET[body];
  return NOT_SHOWN_BODIES.has(body) || (resource !== undefined && !declared(ctx, resource));
}

/** One way of asking for sandbox mode, and how messages name it. */
interface SandboxWay {
  readonly label: string;
  readonly options: Pick<RequestOptions, 'key' | 'auth' | 'headers'>;
}

/**
 * The ways a write is sent in sandbox mode: the sandbox key (either header), and on the rent and invoice routes also
 * a live key with the request header `X-Service-Mode: sandbox` (RENT-POST-1: "In sandbox mode (sandbox key or
 * `X-Service-Mode: sandbox`) nothing is written"; the PATCH and invoice email rules say what sandbox mode does there).
 */
function sandboxWays(route: AccessRoute, viaApiKey: boolean): readonly SandboxWay[] {
  const key: SandboxWay = {
    label: 'the sandbox key',
    options: { key: 'enterpriseSandbox', auth: viaApiKey ? 'x-api-key' : 'bearer' },
  };
  if (route.group !== 'rent' && route.group !== 'invoices') return [key];
  return [
    key,
    {
      label: 'a live key and X-Service-Mode: sandbox',
      options: { key: LIVE, headers: { 'X-Service-Mode': 'sandbox' } },
    },
  ];
}

/** A sandbox-mode answer that is not a mock and not by itself a failure (see judgeRefusals). */
interface Refusal {
  readonly what: string;
  readonly res: HttpResponse;
  readonly why: string;
}

export const sandboxKeyPersistsNothingOnEveryWrite = defineCheck({
  id: 'access.sandboxKeyPersistsNothingOnEveryWrite',
  title:
    'On every write route the sandbox key (and on the rent and invoice routes a live key with X-Service-Mode: sandbox) answers a mock (sandbox: true, X-Service-Mode: sandbox) and nothing is persisted: read back with the live key unchanged, not created, not deleted; no invoice email sent',
  group: GROUP,
  rules: ['AUTH-2', 'AUTH-3', 'ENVELOPE-7', 'RENT-POST-1', 'RENT-PATCH-1', 'RENT-PATCH-6', 'RENT-EMAIL-8'],
  needs: ['sandbox'],
  long: true,
  async run(ctx: CheckContext) {
    const routes = await servedRoutes(ctx, WRITE_ACCESS_ROUTES);
    const owner = new LandlordData(ctx, LIVE);
    const viaApiKey = sample(ctx, fc.boolean(), routes.length);
    const unreached: string[] = [];
    let checked = 0;
    let own: Promise<string> | undefined;
    const ownProperty = (): Promise<string> =>
      (own ??= createOwnProperty(ctx, LIVE, 'access-sandbox').then((p) => String(p.id)));
    // A freshly provisioned, empty portfolio has no contract whose parties a new contract or payment could name: then
    // a chain of the check's own (property, tenant, contract) stands in.
    let chain: Promise<OwnChain> | undefined;
    const contractOrChain = async (): Promise<{ mainTenantId: string; contract: Json }> => {
      const existing = await owner.contract();
      if (existing !== undefined) return { mainTenantId: String(existing.mainTenantId), contract: existing };
      const own = await (chain ??= createOwnChain(ctx, 'access-sandbox'));
      return {
        mainTenantId: own.tenant.id,
        contract: { id: own.contractId, propertyId: own.propertyId, mainTenantId: own.tenant.id },
      };
    };
    const overridesFor = async (route: AccessRoute): Promise<Parameters<typeof requestFor>[5]> => {
      if (route.body === 'contract')
        return { propertyId: await ownProperty(), mainTenantId: (await contractOrChain()).mainTenantId };
      if (route.body === 'rent') return { contract: (await contractOrChain()).contract };
      if (route.body === 'tenant' && (await owner.items('/properties')).length === 0)
        return { propertyId: await ownProperty() };
      return {};
    };
    // A document route on a landlord with no document to address (an empty portfolio, or every document deleted):
    // a document of the check's own, on a property or contract of its own.
    const ownDocumentIds = async (route: AccessRoute, i: number): Promise<RouteIds | undefined> => {
      const list = route.ids?.docId;
      if (list === undefined) return undefined;
      const id = route.ids?.id === '/contracts' ? String((await contractOrChain()).contract.id) : await ownProperty();
      const docId = await ownDocument(ctx, list.replace('{id}', id), LIVE, `sandbox-doc-${i}.`);
      return docId === undefined ? undefined : { id, docId };
    };
    // The routes of one payment address a Pending payment of the check's own: the landlord's payments are what earlier
    // traffic left of them (nightly runs share staging), and a live write a broken sandbox lets through may be refused
    // on one of those for reasons of its own (reconciled, invoiced, limited), which would hide that it was live.
    let payment: Promise<RouteIds | undefined> | undefined;
    const ownPayment = (): Promise<RouteIds | undefined> =>
      (payment ??= optionalPart(ctx, "A payment of the check's own", async () => {
        const own = await (chain ??= createOwnChain(ctx, 'access-sandbox'));
        const rent = await createOwnRent(ctx, own, { period: suitePeriod(ctx, 'access-sandbox'), status: 'Pending' });
        return { id: String(rent.id), listQuery: { contractId: own.contractId } };
      }));
    const idsOf = async (route: AccessRoute, i: number): Promise<RouteIds | undefined> => {
      // A mock may answer what the live write would (409 for deleting a property with a live contract, or for a
      // contract overlapping one): DELETE /properties/{id} and the new contract aim at a property of the check's own.
      if (route.method === 'DELETE' && route.path === '/properties/{id}') return { id: await ownProperty() };
      // A new payment is looked for among its contract's (the landlord's first page may not hold it).
      if (route.body === 'rent') return { listQuery: { contractId: String((await contractOrChain()).contract.id) } };
      if (route.ids?.id === '/rent') return (await ownPayment()) ?? (await owner.idsFor(route));
      return (await owner.idsFor(route)) ?? (await ownDocumentIds(route, i));
    };
    // Two refusals in sandbox mode are not failures by themselves: a 400 VALIDATION_ERROR to a body whose names are
    // not shown (the suite's names may not be the deployment's), and a 409 CONFLICT (a data conflict the live write
    // would hit too). Either is wrong when the live key writes the same body. On a payment of the check's own that
    // live write can be sent to tell (after the sandbox ones, which it would otherwise make look unchanged); elsewhere
    // it would change the landlord's data, and the route is noted as not reached.
    const judgeRefusals = async (
      route: AccessRoute,
      ids: RouteIds,
      request: RequestOptions,
      refusals: readonly Refusal[],
    ): Promise<void> => {
      const ownItem = payment !== undefined && ids === (await payment);
      const liveRequest: RequestOptions = { ...request, key: LIVE };
      const live = ownItem ? await sendOnRoute(ctx, route, liveRequest) : undefined;
      for (const { what, res, why } of refusals) {
        if (live?.status === route.successStatus) {
          ctx.expect(
            false,
            `${what} to answer its mock (${route.successStatus}), as the live key wrote the same body`,
            () => `sandbox mode: ${describeResponse(res)}; live: ${describeResponse(live)}`,
            res.exchange,
            { rules: ['AUTH-2', ...(route.path === '/rent/{id}' ? ['RENT-PATCH-6'] : [])] },
          );
          continue;
        }
        const liveToo = live ? `; the live key was refused too (${live.status})` : '';
        unreached.push(`${what} (${why}${liveToo}: ${describeResponse(res).slice(0, 120)})`);
      }
    };
    for (const [i, route] of routes.entries()) {
      const ids = await idsOf(route, i);
      if (!ids) {
        unreached.push(`${routeName(route)} (the landlord has no item to address)`);
        continue;
      }
      const tag = `sandbox-${i}.`;
      const request = await requestFor(ctx, route, ids, owner, tag, await overridesFor(route));
      const refusals: Refusal[] = [];
      const sendAs = async (way: SandboxWay): Promise<boolean> => {
        const before = await readBack(ctx, route, ids, LIVE, request, tag);
        const options: RequestOptions = {
          ...request,
          ...way.options,
          headers: { ...request.headers, ...way.options.headers },
        };
        const res = await sendOnRoute(ctx, route, options);
        const what = `${routeName(route)} with ${way.label}`;
        if (res.status === 400 && namesMayBeWrong(ctx, route.body) && codeOf(res) === 'VALIDATION_ERROR') {
          refusals.push({ what, res, why: "its body field names are not shown; the deployment refused the suite's" });
          return false;
        }
        // A state rule the live write would break (a tenant on a live contract) may be answered as live would: 409,
        // still in sandbox mode and still persisting nothing.
        const conflict = res.status === 409 && codeOf(res) === 'CONFLICT';
        if (conflict) {
          ctx.expectHeader(res, 'X-Service-Mode', (v) => v?.trim() === 'sandbox', `"sandbox" on ${what}`, {
            rules: ['AUTH-3'],
          });
          const after = await readBack(ctx, route, ids, LIVE, request, tag);
          ctx.expect(
            after === before,
            `nothing persisted by ${what} (answered 409): read back with the live key`,
            () => `before: ${before}; after: ${after}`,
            undefined,
            { rules: ['AUTH-2'] },
          );
          refusals.push({ what, res, why: '409 CONFLICT as the live write may be; nothing persisted' });
          return false;
        }
        ctx.expect(
          res.status === 200 || res.status === 201,
          `${what} to answer its mock (200 or 201)`,
          () => describeResponse(res),
          res.exchange,
          { rules: ['AUTH-2'] },
        );
        ctx.expectHeader(res, 'X-Service-Mode', (v) => v?.trim() === 'sandbox', `"sandbox" on ${what}`, {
          rules: ['AUTH-3'],
        });
        const data = isRecord(res.json) ? res.json.data : undefined;
        ctx.expect(
          isRecord(data) && data.sandbox === true,
          `${what} to answer data carrying sandbox: true`,
          () => describeResponse(res),
          res.exchange,
          { rules: ['AUTH-2', 'ENVELOPE-7'] },
        );
        if (route.invoice === 'email')
          ctx.expect(
            isRecord(data) && data.sent === false,
            `${what}: sent false`,
            () => describeResponse(res),
            res.exchange,
            { rules: ['RENT-EMAIL-8'] },
          );
        const after = await readBack(ctx, route, ids, LIVE, request, tag);
        ctx.expect(
          after === before,
          `nothing persisted by ${what}: read back with the live key`,
          () => `before: ${before}; after: ${after}`,
          undefined,
          { rules: ['AUTH-2'] },
        );
        if (
          route.invoice === 'email' &&
          ctx.target.mail &&
          isRecord(request.json) &&
          typeof request.json.email === 'string'
        ) {
          const address = request.json.email;
          const mails = await mailCapture(ctx).to(address);
          ctx.expect(
            mails.length === 0,
            `no email to ${address} after ${what}`,
            () => `${mails.length} mails: ${mails.map((m) => m.subject).join(', ')}`,
            undefined,
            { rules: ['RENT-EMAIL-8'] },
          );
        }
        return true;
      };
      for (const way of sandboxWays(route, viaApiKey[i] ?? false)) if (await sendAs(way)) checked++;
      if (refusals.length > 0) await judgeRefusals(route, ids, request, refusals);
    }
    ctx.expect(checked > 0, 'at least one write route reached with the sandbox key', () => unreached.join('; '));
    ctx.note(
      `${checked} sandbox writes over ${routes.length} write routes (the rent and invoice ones also through the header): mocks, nothing persisted${unreached.length ? `; not reached: ${unreached.join('; ')}` : ''}`,
    );
  },
});

/** The read routes are in the table too: the credential and plan checks cover them; this list is for the notes. */
export const ACCESS_READ_ROUTE_COUNT = READ_ROUTES.length;

export const ACCESS_MATRIX_CHECKS = [
  credentialRulesOnEveryRoute,
  planWithoutApiAccessRefusedOnEveryRoute,
  portfolioKeyRefusedOnEveryWrite,
  readOnlyKeyRefusedOnEveryWrite,
  foreignRealIdsAnswer404OnEveryByIdRoute,
  sandboxKeyPersistsNothingOnEveryWrite,
] as const;
