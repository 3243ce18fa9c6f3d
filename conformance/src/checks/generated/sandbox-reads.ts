// Generated from the route table: "`svc_sandbox_` keys return real data on GET endpoints" (AUTH-2), held field by
// field on every GET route of the table (lists, details, singletons, named groups) rather than on list ids. On a
// landlord of the check's own, with data it creates (a property, a tenant, a contract, a rent payment, a document),
// so nothing else writes between the live read and the sandbox read and every difference is the deployment's.
// Left out of the comparison, each with its sentence in docs/conformance-tolerances.md (sandbox-read-volatile):
// `downloadUrl` ("time-limited, valid 1 hour": each answer may sign a new one) and `generatedAt` (when the summary
// was generated). The invoice PDF is not compared: "sandbox keys run the real pipeline on deterministic sandbox data".

import { isDeepStrictEqual } from 'node:util';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { READ_ROUTES, routeName } from '../../spec-routes';
import { uploadDocument } from '../documents/helpers';
import { createOwnChain, createOwnRent, suitePeriod } from '../shared/own-data';
import { provisionLandlord } from '../shared/provision';
import { fillPath, isRecord } from '../shared/util';

const VOLATILE: ReadonlySet<string> = new Set(['downloadUrl', 'generatedAt']);

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (VOLATILE.has(k) ? [] : [[k, stable(v)]])));
}

/** The first difference between two values, as a path, or undefined. */
function firstDifference(a: unknown, b: unknown, path = 'body'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
  }
  if (isRecord(a) && isRecord(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  return `${path}: live ${describeValue(a).slice(0, 80)}, sandbox ${describeValue(b).slice(0, 80)}`;
}

export const sandboxReadsEqualLiveFieldByField = defineCheck({
  id: 'generated.sandboxReadsEqualLiveFieldByField',
  title:
    "On every GET route of the spec, a sandbox key's answer equals the live key's of the same landlord field by field (data and meta)",
  group: 'Authentication',
  rules: ['AUTH-2', 'OVERVIEW-5'],
  needs: ['sandbox', 'dashboard'],
  async run(ctx: CheckContext) {
    const own = await provisionLandlord(ctx, 'sbx-reads', { sandbox: true });
    const live = own.live;
    const sandbox = own.sandbox as string;
    const chain = await createOwnChain(ctx, 'sbx', { key: live });
    await createOwnRent(ctx, chain, { period: suitePeriod(ctx, 'sbx'), status: 'Pending' });
    await uploadDocument(ctx, { kind: 'property', id: chain.propertyId, key: live }, { name: `${ctx.marker} sbx` }, [
      'PROP-30',
    ]);
    const ids: Readonly<Record<string, string>> = {
      '/properties': chain.propertyId,
      '/contracts': chain.contractId,
      '/tenants': chain.tenant.id,
    };
    const compared: string[] = [];
    for (const route of READ_ROUTES) {
      if (route.response === 'pdf') continue;
      if (route.ids && ids[route.ids.id] === undefined) continue;
      const path = fillPath(route.path, { id: route.ids ? ids[route.ids.id] : undefined });
      const query = route.paged ? { limit: 500 } : undefined;
      const a = await ctx.http.request({ path, key: live, query });
      const b = await ctx.http.request({ path, key: sandbox, query });
      // A named group the deployment does not serve answers 404 to both: nothing to compare.
      if (a.status === 404 && b.status === 404 && route.detail === 'named') continue;
      ctx.expect(
        b.status === a.status,
        `${routeName(route)}: the sandbox key's status to be the live key's (${a.status})`,
        () => `${b.status}`,
        b.exchange,
      );
      const difference = firstDifference(stable(a.json), stable(b.json));
      ctx.expect(
        difference === undefined,
        `${routeName(route)}: the sandbox key's answer equal to the live key's, field by field`,
        () => difference ?? '',
        b.exchange,
      );
      compared.push(routeName(route));
    }
    ctx.note(`${compared.length} GET routes answered the sandbox key exactly what they answered the live key`);
  },
});
