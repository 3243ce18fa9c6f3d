// Landlords and keys of the suite's own, provisioned through the target's provisioning contract (`ctx.dashboard`,
// docs/provisioning/: createLandlord POST /landlords, issueKey POST /landlords/{id}/keys, revokeKey POST
// /keys/{id}/revoke, deleteLandlord DELETE /landlords/{id}). Every landlord the suite creates is deleted again: a check's own in its cleanup, the
// run's shared one after the run's last check.

import type { HttpClient } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import type { RunResources } from '../../runner/run-scope';
import { unmetNeed } from '../../targets/roles';
import { registerLandlordKey } from './invoice-budget';
import { isRecord } from './util';

/** A landlord and keys of the suite's own, provisioned through the dashboard (created once per run). */
export interface ProvisionedKey {
  readonly id: string;
  readonly key: string;
  readonly landlordId: string;
}

function skipWithoutProvisioning(ctx: CheckContext): void {
  const reason = unmetNeed(ctx.target, 'dashboard');
  if (reason !== undefined) ctx.skip(reason);
}

/**
 * Answers of a provisioning side without an optional operation (DELETE /landlords/{id}, recordCertificate): no such
 * route, method not allowed, not implemented.
 */
export const OPERATION_UNSUPPORTED: readonly number[] = [404, 405, 501];

/**
 * Deletes a landlord of the suite's own (DELETE /landlords/{id}, with everything it owns). A dashboard that
 * cannot delete landlords fails no check: the landlord stays, its name carrying the run's marker (its keys are
 * revoked by their own cleanups), and the run says so once. Any other answer but 200/204 throws: a cleanup failure.
 */
export async function deleteOwnLandlord(
  dashboard: HttpClient,
  run: RunResources,
  landlordId: string,
  marker: string,
): Promise<void> {
  const res = await dashboard.request({ method: 'DELETE', path: `/landlords/${landlordId}` });
  if (res.status === 200 || res.status === 204) return;
  if (!OPERATION_UNSUPPORTED.includes(res.status))
    throw new Error(`dashboard DELETE /landlords/${landlordId} answered ${res.status} ${res.text.slice(0, 200)}`);
  // A dashboard that deletes also answers 404 for a landlord already gone: only one still there proves the route missing.
  if (res.status === 404 && (await dashboard.request({ path: `/landlords/${landlordId}` })).status === 404) return;
  run.notice(
    `the dashboard does not delete landlords (DELETE /landlords/{id} answered ${res.status}): the landlords this run created stay on the target, ` +
      `their keys revoked, their names carrying the marker ${marker}`,
    'landlord-deletion-unsupported',
  );
}

/** POST /landlords: the new landlord's id (the caller arranges its deletion). */
async function createLandlord(
  ctx: CheckContext,
  json: { readonly name: string; readonly email: string; readonly plan: string },
): Promise<string> {
  const res = await ctx.dashboard.request({ method: 'POST', path: '/landlords', json });
  const body = isRecord(res.json) ? res.json.data : undefined;
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`dashboard POST /landlords answered ${res.status} ${res.text.slice(0, 200)}`);
  if (!isRecord(body) || typeof body.id !== 'string')
    throw new Error(`dashboard POST /landlords gave no id: ${res.text.slice(0, 200)}`);
  return body.id;
}

/**
 * The suite's own Enterprise (or `plan`) landlord of this run, created on first use and shared by the run's checks;
 * deleted once the run's last check is over (a run-level cleanup), since any check may still be using it before.
 */
export function suiteLandlord(ctx: CheckContext, plan = 'Enterprise'): Promise<string> {
  skipWithoutProvisioning(ctx);
  const { run, marker } = ctx;
  return run.shared(`suiteLandlord:${plan}`, async () => {
    const id = await createLandlord(ctx, {
      name: `${marker} ${plan} landlord`,
      email: `${marker}@conformance.example`,
      plan,
    });
    run.cleanup(({ dashboard }) => deleteOwnLandlord(dashboard, run, id, marker));
    return id;
  });
}

/** A fresh key of the suite's landlord with the plan's default limits; revoked again in cleanup. */
export async function provisionKey(
  ctx: CheckContext,
  options: {
    readonly mode?: 'live' | 'sandbox';
    readonly scope?: 'read_only' | 'read_write';
    readonly plan?: string;
    readonly revokeInCleanup?: boolean;
    readonly landlordId?: string;
  } = {},
): Promise<ProvisionedKey> {
  const landlordId = options.landlordId ?? (await suiteLandlord(ctx, options.plan));
  const res = await ctx.dashboard.request({
    method: 'POST',
    path: `/landlords/${landlordId}/keys`,
    json: { name: `${ctx.marker} ${ctx.runId}`, mode: options.mode ?? 'live', scope: options.scope ?? 'read_write' },
  });
  const data = isRecord(res.json) ? res.json.data : undefined;
  if (
    (res.status !== 201 && res.status !== 200) ||
    !isRecord(data) ||
    typeof data.key !== 'string' ||
    typeof data.id !== 'string'
  ) {
    throw new Error(`dashboard could not issue a key: ${res.status} ${res.text.slice(0, 200)}`);
  }
  const provisioned = { id: data.id, key: data.key, landlordId };
  if (options.revokeInCleanup !== false)
    ctx.cleanup(() => ctx.dashboard.request({ method: 'POST', path: `/keys/${provisioned.id}/revoke` }));
  return provisioned;
}

/** A landlord of one check's own: its per-landlord budgets (invoice PDF and email minutes) are the check's alone. */
export interface OwnLandlord {
  readonly landlordId: string;
  /** The address the landlord was created with (its account owner's). */
  readonly email: string;
  /** A live read_write key of the landlord. */
  readonly live: string;
  /** A sandbox read_write key of the landlord, when asked for. */
  readonly sandbox?: string;
}

/**
 * A fresh Enterprise landlord of the check's own (its name and address carry the run's marker) with a live
 * read_write key, and a sandbox one when asked. In the check's cleanup the keys are revoked, then the landlord is
 * deleted with everything it owns (left in place, marked, by a dashboard that cannot delete landlords). Skips the
 * check when the target has no dashboard.
 */
export async function provisionLandlord(
  ctx: CheckContext,
  tag: string,
  options: { readonly sandbox?: boolean } = {},
): Promise<OwnLandlord> {
  skipWithoutProvisioning(ctx);
  const local = `${ctx.marker}.${tag}`.toLowerCase().replace(/[^a-z0-9.-]/g, '-');
  const email = `${local}@conformance.example`;
  const landlordId = await createLandlord(ctx, { name: `${ctx.marker} ${tag} landlord`, email, plan: 'Enterprise' });
  // Registered before the keys' revocations and the check's own data cleanups, so it runs after them (last first).
  ctx.cleanup(() => deleteOwnLandlord(ctx.dashboard, ctx.run, landlordId, ctx.marker));
  const live = await provisionKey(ctx, { landlordId, mode: 'live', scope: 'read_write' });
  const sandbox = options.sandbox
    ? await provisionKey(ctx, { landlordId, mode: 'sandbox', scope: 'read_write' })
    : undefined;
  // Their invoice requests are booked in this landlord's windows, not the shared ones of the target's keys.
  registerLandlordKey(live.key, landlordId);
  if (sandbox) registerLandlordKey(sandbox.key, landlordId);
  return { landlordId, email, live: live.key, ...(sandbox ? { sandbox: sandbox.key } : {}) };
}

/**
 * The live key a heavy writer writes with: with dashboard access, a live read_write key of a fresh landlord of
 * the check's own (a literal key: not paced against the target's enterpriseLive budget, and its data cannot meet
 * another check's); without, `fallback` (enterpriseLive).
 */
export async function ownWriteKey(ctx: CheckContext, tag: string, fallback = 'enterpriseLive'): Promise<string> {
  if (!ctx.target.provisioning) return fallback;
  return (await provisionLandlord(ctx, tag)).live;
}
