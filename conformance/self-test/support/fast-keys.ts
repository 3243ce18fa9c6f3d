// Keys with raised rate limits for the self-tests of the NON-limit checks (documented in conformance/README.md):
// the self-tests run every check several times a minute (once passing, once per fault), far beyond the Enterprise
// 500 reads a minute the fixture keys have. They are issued through the reference server's dashboard for the same
// fixture landlords, so every role keeps its meaning (landlord, plan, mode, scope). The rate-limit checks never
// get them: their target has no rateLimit key, so each run provisions a fresh key with the plan's default limits.

import { fixtureId } from '@ppapi/spec';
import { httpProvisioning, type Target } from '../../src/targets';

const RAISED = {
  readsPerMinute: 1_000_000,
  writesPerMinute: 1_000_000,
  readsPerDay: 100_000_000,
  writesPerDay: 100_000_000,
};

/** Role → the fixture landlord, mode and scope of its key (fixtures/portfolio.ts). */
const ROLES: ReadonlyArray<{
  role: string;
  landlord: string;
  mode: 'live' | 'sandbox';
  scope: 'read_only' | 'read_write';
  extra?: boolean;
}> = [
  { role: 'enterpriseLive', landlord: 'landlord:harbour', mode: 'live', scope: 'read_write' },
  { role: 'enterpriseReadOnly', landlord: 'landlord:harbour', mode: 'live', scope: 'read_only' },
  { role: 'enterpriseSandbox', landlord: 'landlord:harbour', mode: 'sandbox', scope: 'read_write' },
  { role: 'otherLandlord', landlord: 'landlord:northgate', mode: 'live', scope: 'read_write' },
  { role: 'portfolioLive', landlord: 'landlord:portfolio-plan', mode: 'live', scope: 'read_write' },
  { role: 'portfolioReadOnly', landlord: 'landlord:portfolio-plan', mode: 'live', scope: 'read_only', extra: true },
  { role: 'otherLandlordSandbox', landlord: 'landlord:northgate', mode: 'sandbox', scope: 'read_write', extra: true },
  // The plans without API access: every request of theirs is refused, but the reference server counts it against
  // the key's limits first, and the access checks send them on every route, run after run.
  { role: 'professional', landlord: 'landlord:professional', mode: 'live', scope: 'read_write' },
  { role: 'essential', landlord: 'landlord:essential', mode: 'live', scope: 'read_write', extra: true },
  { role: 'free', landlord: 'landlord:free', mode: 'live', scope: 'read_write', extra: true },
  { role: 'noSubscription', landlord: 'landlord:no-subscription', mode: 'live', scope: 'read_write', extra: true },
];

async function issue(target: Target, landlordId: string, mode: string, scope: string, name: string): Promise<string> {
  const dashboard = httpProvisioning(target.provisioning);
  if (!dashboard) throw new Error('fast keys need the dashboard section');
  const res = await fetch(`${dashboard.url}/landlords/${landlordId}/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${dashboard.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, mode, scope, rateLimits: RAISED }),
  });
  const body = (await res.json()) as { data?: { key?: string } };
  if (res.status !== 201 || typeof body.data?.key !== 'string')
    throw new Error(`dashboard did not issue a key: ${res.status} ${JSON.stringify(body)}`);
  return body.data.key;
}

/** The target with raised-limit keys for the standard roles, no client pacing, and no rateLimit key. */
export async function withFastKeys(target: Target): Promise<Target> {
  const keys: Record<string, string> = { ...target.keys };
  const extraKeys: Record<string, string> = { ...target.extraKeys };
  for (const r of ROLES) {
    const key = await issue(target, fixtureId(r.landlord), r.mode, r.scope, `self-test ${r.role}`);
    if (r.extra) extraKeys[r.role] = key;
    else keys[r.role] = key;
  }
  delete extraKeys.rateLimit;
  return {
    ...target,
    keys: keys as Target['keys'],
    extraKeys,
    pacing: { ...target.pacing, enabled: false },
  };
}
