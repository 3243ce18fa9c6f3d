// A target whose every role is a key of a landlord provisioned just now, through the provisioning contract
// (createLandlord, issueKey, revokeKey): an Enterprise landlord with an EMPTY portfolio (live, read-only and
// sandbox keys), an empty Portfolio landlord, an empty Professional one, a second empty Enterprise landlord as
// `otherLandlord`, and a revoked key. No fixture data is reachable from it: a check that needs data has to create
// it through the API, or skip naming what is missing. Keys carry raised limits (the reference server's key
// option, as ./fast-keys.ts uses), since the run sends every check at once.

import { httpProvisioning, type Target } from '../../src/targets';

const RAISED = {
  readsPerMinute: 1_000_000,
  writesPerMinute: 1_000_000,
  readsPerDay: 100_000_000,
  writesPerDay: 100_000_000,
};

interface Provisioning {
  readonly url: string;
  readonly token: string;
}

async function call(p: Provisioning, path: string, json: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${p.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  const body = (await res.json()) as { data?: Record<string, unknown> };
  if (res.status !== 201 && res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data ?? {};
}

async function landlord(p: Provisioning, name: string, plan: string): Promise<string> {
  const data = await call(p, '/landlords', { name: `empty ${name}`, email: `empty-${name}@conformance.example`, plan });
  if (typeof data.id !== 'string') throw new Error(`createLandlord gave no id for ${name}`);
  return data.id;
}

async function key(
  p: Provisioning,
  landlordId: string,
  mode: 'live' | 'sandbox',
  scope: 'read_only' | 'read_write',
): Promise<{ id: string; key: string }> {
  const data = await call(p, `/landlords/${landlordId}/keys`, {
    name: `empty ${mode} ${scope}`,
    mode,
    scope,
    rateLimits: RAISED,
  });
  if (typeof data.id !== 'string' || typeof data.key !== 'string') throw new Error('issueKey gave no id and key');
  return { id: data.id, key: data.key };
}

/** `target` (the reference server's) re-aimed at freshly provisioned landlords that own nothing. */
export async function withEmptyLandlords(target: Target): Promise<Target> {
  const p = httpProvisioning(target.provisioning);
  if (!p) throw new Error('empty landlords need the HTTP provisioning section');
  const enterprise = await landlord(p, 'enterprise', 'Enterprise');
  const other = await landlord(p, 'other', 'Enterprise');
  const portfolio = await landlord(p, 'portfolio', 'Portfolio');
  const professional = await landlord(p, 'professional', 'Professional');
  const revoked = await key(p, enterprise, 'live', 'read_write');
  await call(p, `/keys/${revoked.id}/revoke`, {});
  return {
    ...target,
    keys: {
      enterpriseLive: (await key(p, enterprise, 'live', 'read_write')).key,
      enterpriseReadOnly: (await key(p, enterprise, 'live', 'read_only')).key,
      enterpriseSandbox: (await key(p, enterprise, 'sandbox', 'read_write')).key,
      portfolioLive: (await key(p, portfolio, 'live', 'read_write')).key,
      professional: (await key(p, professional, 'live', 'read_write')).key,
      revoked: revoked.key,
      otherLandlord: (await key(p, other, 'live', 'read_write')).key,
    },
    extraKeys: {
      portfolioReadOnly: (await key(p, portfolio, 'live', 'read_only')).key,
      otherLandlordSandbox: (await key(p, other, 'sandbox', 'read_write')).key,
    },
    pacing: { ...target.pacing, enabled: false },
  };
}
