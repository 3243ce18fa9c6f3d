// Authentication 2 and 3 / Endpoints: every response carries X-Service-Mode, and for a key the deployment issued
// it follows the key's prefix (svc_live_ → live, svc_sandbox_ → sandbox) on the spec's routes: successes and errors.
// A 401 answer (a key the deployment refuses), a 410 from a removed route and any answer to a request no route of
// the spec takes (an unknown path) may say either mode: none of them need look at the key
// (docs/conformance-tolerances.md, service-mode-of-refused-keys).

import fc from 'fast-check';
import { unknownKeyArb } from '../../generators';
import { defineCheck, type CheckContext } from '../../runner';
import { allRoleKeys } from '../../targets/roles';
import { DEPRECATED_ROUTE, UNKNOWN_PATHS } from '../shared/spec';
import { fillPath, requestRetryingResets } from '../shared/util';
import { writeName } from '../shared/unnamed';

interface Probe {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly json?: unknown;
  /** A request the key need not be examined for: no route of the spec takes it, or the spec removed its route. */
  readonly keyNotExamined?: boolean;
}

function probes(ctx: Pick<CheckContext, 'marker' | 'target'>): readonly Probe[] {
  return [
    { label: 'list', method: 'GET', path: '/properties', query: { limit: 1 } },
    { label: 'singleton', method: 'GET', path: '/compliance/summary' },
    { label: 'unknown id', method: 'GET', path: fillPath('/contracts/{id}') },
    { label: 'invalid query', method: 'GET', path: '/properties', query: { limit: 501 } },
    ...UNKNOWN_PATHS.map((p) => ({ label: 'unknown route', method: 'GET', path: fillPath(p), keyNotExamined: true })),
    { label: 'unknown route (write)', method: 'POST', path: '/no-such-resource', json: {}, keyNotExamined: true },
    {
      label: 'write on an unknown id',
      method: 'PATCH',
      path: fillPath('/properties/{id}'),
      json: { [writeName(ctx, 'property', 'shortName')]: `${ctx.marker} mode` },
    },
    {
      label: 'removed route',
      method: DEPRECATED_ROUTE.method,
      path: fillPath(DEPRECATED_ROUTE.path),
      json: {},
      keyNotExamined: true,
    },
  ];
}

const MODES = ['live', 'sandbox'];

function modeOfPrefix(key: string): 'live' | 'sandbox' | undefined {
  if (key.startsWith('svc_live_')) return 'live';
  if (key.startsWith('svc_sandbox_')) return 'sandbox';
  return undefined;
}

export const serviceModeHeaderOnEveryResponseFollowsKeyPrefix = defineCheck({
  id: 'auth.serviceModeHeaderOnEveryResponseFollowsKeyPrefix',
  title: 'Every response carries X-Service-Mode (live or sandbox), matching the prefix of the key used',
  group: 'Authentication',
  rules: ['AUTH-3', 'ENDPOINTS-2', 'AUTH-2'],
  async run(ctx: CheckContext) {
    // The rate-limit key is left to the exclusive limit checks, which measure its budget.
    const issued = allRoleKeys(ctx.target)
      .filter(([role]) => role !== 'rateLimit')
      .map(([role, key]) => ({ label: role, key: key, expected: modeOfPrefix(key) }));
    const credential = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...issued) },
      {
        weight: 1,
        arbitrary: fc.constant({
          label: 'no key',
          key: undefined as string | undefined,
          expected: undefined as 'live' | 'sandbox' | undefined,
        }),
      },
      {
        weight: 1,
        arbitrary: unknownKeyArb().map((key) => ({
          label: 'unknown key',
          key: key,
          expected: undefined as 'live' | 'sandbox' | undefined,
        })),
      },
    );
    const all = probes(ctx);
    await ctx.property(
      'X-Service-Mode is present and follows the key prefix',
      fc.record({
        credential,
        probe: fc.constantFrom(...all),
        auth: fc.constantFrom('bearer' as const, 'x-api-key' as const),
      }),
      async ({ credential: c, probe, auth }) => {
        const res = await requestRetryingResets(ctx, {
          method: probe.method,
          path: probe.path,
          ...(c.key !== undefined ? { key: c.key, auth } : { auth: 'none' as const }),
          ...(probe.query ? { query: probe.query } : {}),
          ...(probe.json !== undefined ? { json: probe.json } : {}),
        });
        ctx.expectHeader(
          res,
          'X-Service-Mode',
          (v) => v !== undefined && MODES.includes(v.trim()),
          `"live" or "sandbox" on every response (${probe.label}, ${c.label}, status ${res.status})`,
          { rules: ['AUTH-3', 'ENDPOINTS-2'] },
        );
        // A key answered 401 (revoked, unknown) operates on nothing, nor does a request no route examines the key
        // for: its prefix implies no mode there (docs/conformance-tolerances.md, service-mode-of-refused-keys).
        if (c.expected !== undefined && res.status !== 401 && !probe.keyNotExamined) {
          ctx.expectHeader(
            res,
            'X-Service-Mode',
            (v) => v?.trim() === c.expected,
            `"${c.expected}" for a ${c.expected} key (${c.label}, ${probe.label}, status ${res.status})`,
            { rules: ['AUTH-2', 'AUTH-3'] },
          );
        }
      },
      { numRuns: 40 },
    );
    // Every issued key at least once, on an error answer (the property above samples).
    for (const c of issued) {
      const res = await ctx.http.request({ path: fillPath('/properties/{id}'), key: c.key });
      const expected = res.status === 401 ? undefined : c.expected;
      ctx.expectHeader(
        res,
        'X-Service-Mode',
        (v) => (expected === undefined ? v !== undefined && MODES.includes(v.trim()) : v?.trim() === expected),
        `"${expected ?? 'live or sandbox'}" for ${c.label} (status ${res.status})`,
      );
    }
    ctx.note(
      `40 sampled responses plus one per key (${issued.length} keys): X-Service-Mode present and matching the key prefix`,
    );
  },
});
