// Keys of the suite's own, provisioned through the target's developer dashboard (`ctx.dashboard`): the dashboard
// API of this project (POST /landlords, POST /landlords/{id}/keys, POST /keys/{id}/revoke).

import type { CheckContext } from '../../runner/check';
import { registerLandlordKey } from './invoice-budget';
import { isRecord } from './util';

/** A landlord and keys of the suite's own, provisioned through the dashboard (created once per run). */
export interface ProvisionedKey {
  readonly id: string;
  readonly key: string;
  readonly landlordId: string;
}

const landlords = new Map<string, Promise<string>>();

/** The suite's own Enterprise landlord for this run (one per dashboard and run), created on first use. */
export function suiteLandlord(ctx: CheckContext, plan = 'Enterprise'): Promise<string> {
  const dashboard = ctx.target.dashboard;
  if (!dashboard) ctx.skip('needs dashboard access: the target has no "dashboard" section');
  const cacheKey = `${dashboard.url}\u0000${ctx.runId}\u0000${plan}`;
  let landlord = landlords.get(cacheKey);
  if (!landlord) {
    landlord = (async () => {
      const res = await ctx.dashboard.request({
        method: 'POST',
        path: '/landlords',
        json: { name: `${ctx.marker} ${plan} landlord`, email: `${ctx.marker}@conformance.example`, plan },
      });
      const body = isRecord(res.json) ? res.json.data : undefined;
      if (res.status !== 201 && res.status !== 200) throw new Error(`dashboard POST /landlords answered ${res.status} ${res.text.slice(0, 200)}`);
      if (!isRecord(body) || typeof body.id !== 'string') throw new Error(`dashboard POST /landlords gave no id: ${res.text.slice(0, 200)}`);
      return body.id;
    })();
    landlords.set(cacheKey, landlord);
    landlord.catch(() => landlords.delete(cacheKey));
  }
  return landlord;
}

/** A fresh key of the suite's landlord with the plan's default limits; revoked again in cleanup. */
export async function provisionKey(
  ctx: CheckContext,
  options: { readonly mode?: 'live' | 'sandbox'; readonly scope?: 'read_only' | 'read_write'; readonly plan?: string; readonly revokeInCleanup?: boolean; readonly landlordId?: string } = {},
): Promise<ProvisionedKey> {
  const landlordId = options.landlordId ?? (await suiteLandlord(ctx, options.plan));
  const res = await ctx.dashboard.request({
    method: 'POST',
    path: `/landlords/${landlordId}/keys`,
    json: { name: `${ctx.marker} ${ctx.runId}`, mode: options.mode ?? 'live', scope: options.scope ?? 'read_write' },
  });
  const data = isRecord(res.json) ? res.json.data : undefined;
  if ((res.status !== 201 && res.status !== 200) || !isRecord(data) || typeof data.key !== 'string' || typeof data.id !== 'string') {
    throw new Error(`dashboard could not issue a key: ${res.status} ${res.text.slice(0, 200)}`);
  }
  const provisioned = { id: data.id, key: data.key, landlordId };
  if (options.revokeInCleanup !== false) ctx.cleanup(() => ctx.dashboard.request({ method: 'POST', path: `/keys/${provisioned.id}/revoke` }));
  return provisioned;
}


/** A landlord of one check's own: its per-landlord budgets (invoice PDF and email minutes) are the check's alone. */
export interface OwnLandlord {
  readonly landlordId: string;
  /** A live read_write key of the landlord. */
  readonly live: string;
  /** A sandbox read_write key of the landlord, when asked for. */
  readonly sandbox?: string;
}

/**
 * A fresh Enterprise landlord (the dashboard cannot delete landlords: its name and address carry the run's
 * marker) with a live read_write key, and a sandbox one when asked; the keys are revoked in cleanup. Skips the
 * check when the target has no dashboard.
 */
export async function provisionLandlord(ctx: CheckContext, tag: string, options: { readonly sandbox?: boolean } = {}): Promise<OwnLandlord> {
  if (!ctx.target.dashboard) ctx.skip('needs dashboard access: the target has no "dashboard" section');
  const local = `${ctx.marker}.${tag}`.toLowerCase().replace(/[^a-z0-9.-]/g, '-');
  const res = await ctx.dashboard.request({
    method: 'POST',
    path: '/landlords',
    json: { name: `${ctx.marker} ${tag} landlord`, email: `${local}@conformance.example`, plan: 'Enterprise' },
  });
  const body = isRecord(res.json) ? res.json.data : undefined;
  if (res.status !== 201 && res.status !== 200) throw new Error(`dashboard POST /landlords answered ${res.status} ${res.text.slice(0, 200)}`);
  if (!isRecord(body) || typeof body.id !== 'string') throw new Error(`dashboard POST /landlords gave no id: ${res.text.slice(0, 200)}`);
  const landlordId = body.id;
  const live = await provisionKey(ctx, { landlordId, mode: 'live', scope: 'read_write' });
  const sandbox = options.sandbox ? await provisionKey(ctx, { landlordId, mode: 'sandbox', scope: 'read_write' }) : undefined;
  // Their invoice requests are booked in this landlord's windows, not the shared ones of the target's keys.
  registerLandlordKey(live.key, landlordId);
  if (sandbox) registerLandlordKey(sandbox.key, landlordId);
  return { landlordId, live: live.key, ...(sandbox ? { sandbox: sandbox.key } : {}) };
}

/**
 * The live key a heavy writer writes with: with dashboard access, a live read_write key of a fresh landlord of
 * the check's own (a literal key: not paced against the target's enterpriseLive budget, and its data cannot meet
 * another check's); without, `fallback` (enterpriseLive).
 */
export async function ownWriteKey(ctx: CheckContext, tag: string, fallback = 'enterpriseLive'): Promise<string> {
  if (!ctx.target.dashboard) return fallback;
  return (await provisionLandlord(ctx, tag)).live;
}
