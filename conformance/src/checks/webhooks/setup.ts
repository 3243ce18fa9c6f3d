// What the webhook checks set up through the target's developer dashboard (the dashboard API of this project):
// a landlord of their own per check (so the events they see come from their own writes only), its keys, and
// subscriptions pointing at the receiver, each with its own signing secret (shown once, handed to the receiver).
// Plus the resources the checks write with that landlord's key: properties, documents, tenants, contracts, rent.

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import { describeResponse, describeValue } from '../../runner/describe';
import { uploadForm } from '../documents/helpers';
import { pdfBytes } from '../shared/files';
import { addDays, utcDate } from '../shared/dates';
import { createOwnChain, createOwnRent, suiteEmail, type OwnChain, type RentOptions } from '../shared/own-data';
import { deleteOwnLandlord } from '../shared/provision';
import { createOwnProperty, isRecord, successData, type Json } from '../shared/util';
import { MockReceiverClient, subscriptionUrl } from './mock-receiver-client';

export const GROUP = 'Events';

export type Plan = 'Enterprise' | 'Portfolio' | 'Professional';

export interface OwnLandlord {
  readonly id: string;
  readonly plan: Plan;
  /** A live read_write key of the landlord (a literal key: ctx.http takes it where a role would go). */
  readonly key: string;
  readonly sandboxKey?: string;
}

function dataOf(res: HttpResponse): Json | undefined {
  const data = isRecord(res.json) ? res.json.data : undefined;
  return isRecord(data) ? data : undefined;
}

async function issueKey(ctx: CheckContext, landlordId: string, mode: 'live' | 'sandbox'): Promise<string> {
  const res = await ctx.dashboard.request({
    method: 'POST',
    path: `/landlords/${landlordId}/keys`,
    json: { name: `${ctx.marker} webhooks ${mode}`, mode, scope: 'read_write' },
  });
  const data = dataOf(res);
  if ((res.status !== 201 && res.status !== 200) || typeof data?.key !== 'string' || typeof data.id !== 'string') {
    ctx.skip(
      `the dashboard could not issue a ${mode} key for the suite's landlord (POST /landlords/{id}/keys): ${describeResponse(res)}`,
    );
  }
  const id = data.id;
  ctx.cleanup(() => ctx.dashboard.request({ method: 'POST', path: `/keys/${id}/revoke` }));
  return data.key;
}

/**
 * A landlord of the check's own on `plan` (default Enterprise), with a live read_write key (and a sandbox one on
 * request). Created through the dashboard (POST /landlords); a dashboard that cannot create landlords skips. Deleted
 * in the check's cleanup, after its keys are revoked and its subscriptions deleted.
 */
export async function ownLandlord(
  ctx: CheckContext,
  tag: string,
  options: { readonly plan?: Plan; readonly sandbox?: boolean } = {},
): Promise<OwnLandlord> {
  const plan = options.plan ?? 'Enterprise';
  const res = await ctx.dashboard.request({
    method: 'POST',
    path: '/landlords',
    json: { name: `${ctx.marker} webhooks ${tag}`, email: suiteEmail(ctx, `webhooks-${tag}`), plan },
  });
  const data = dataOf(res);
  if ((res.status !== 201 && res.status !== 200) || typeof data?.id !== 'string') {
    ctx.skip(
      `the dashboard could not create a ${plan} landlord of the suite's own for the webhook checks (POST /landlords): ${describeResponse(res)}`,
    );
  }
  const id = data.id;
  // Registered first, so it runs last: after the key revocations and the check's other cleanups.
  ctx.cleanup(() => deleteOwnLandlord(ctx.dashboard, ctx.run, id, ctx.marker));
  const key = await issueKey(ctx, id, 'live');
  const sandboxKey = options.sandbox ? await issueKey(ctx, id, 'sandbox') : undefined;
  return { id, plan, key, ...(sandboxKey ? { sandboxKey } : {}) };
}

/** Changes a landlord's plan through the dashboard (PATCH /landlords/{id}). */
export async function setPlan(ctx: CheckContext, landlordId: string, plan: Plan): Promise<void> {
  const res = await ctx.dashboard.request({ method: 'PATCH', path: `/landlords/${landlordId}`, json: { plan } });
  if (res.status !== 200)
    ctx.skip(
      `the dashboard could not change the plan of the suite's landlord to ${plan} (PATCH /landlords/{id}): ${describeResponse(res)}`,
    );
}

export interface Subscription {
  readonly id: string;
  readonly secret: string;
  /** Names the subscription in the receiver URL (and so in every attempt's path). */
  readonly tag: string;
  readonly url: string;
  readonly landlordId: string;
  readonly events: readonly string[];
  readonly created: HttpResponse;
}

/**
 * Creates a subscription of `landlordId` to `events` in the dashboard, pointing at the receiver (a URL of its
 * own), checks that the answer shows its signing secret, hands the secret to the receiver, and deletes the
 * subscription in cleanup.
 */
export async function subscribe(
  ctx: CheckContext,
  receiver: MockReceiverClient,
  landlordId: string,
  events: readonly string[],
  tag: string,
): Promise<Subscription> {
  const hooks = ctx.target.webhooks;
  if (!hooks) ctx.skip('needs a webhook receiver: the target has no "webhooks" section');
  const subTag = `${ctx.runId}-${tag}`;
  const url = subscriptionUrl(hooks.receiverUrl, subTag);
  const res = await ctx.dashboard.request({
    method: 'POST',
    path: `/landlords/${landlordId}/webhooks`,
    json: { url, events, description: `${ctx.marker} ${tag}` },
  });
  const data = dataOf(res);
  ctx.expect(
    (res.status === 201 || res.status === 200) && typeof data?.id === 'string',
    `the dashboard to create a subscription to ${events.length} event type(s) (POST /landlords/{id}/webhooks → 201 { data: { id, secret } })`,
    () => describeResponse(res),
    res.exchange,
    { rules: ['EVT-DELIVERY-9'] },
  );
  const id = data.id;
  ctx.cleanup(() => ctx.dashboard.request({ method: 'DELETE', path: `/webhooks/${id}` }));
  ctx.expect(
    typeof data.secret === 'string' && data.secret.length > 0,
    'the new subscription to show its signing secret ("secret") when it is created',
    () => `members ${describeValue(Object.keys(data))}`,
    res.exchange,
    { rules: ['AUTH-9'] },
  );
  const secret = data.secret;
  await receiver.acceptSecret(secret);
  return { id, secret, tag: subTag, url, landlordId, events: [...events], created: res };
}

// ---- resources of the check's landlord ------------------------------------------------------------------------

/** A property of the landlord (deleted in cleanup); `tag` goes into its names with the run marker. */
export function createProperty(ctx: CheckContext, landlord: OwnLandlord, tag: string): Promise<Json> {
  return createOwnProperty(ctx, landlord.key, tag);
}

/** Uploads a small PDF to a property of the landlord; returns the created document (201). */
/** The size of every document the webhook checks upload: `size_bytes` of their events must say it. */
export const UPLOADED_BYTES = 1_537;

export async function uploadPropertyDocument(
  ctx: CheckContext,
  landlord: OwnLandlord,
  propertyId: string,
  tag: string,
): Promise<Json> {
  const res = await ctx.http.request({
    method: 'POST',
    path: `/properties/${propertyId}/documents`,
    key: landlord.key,
    multipart: uploadForm({
      name: `${ctx.marker} ${tag}.pdf`,
      expiryDate: addDays(utcDate(), 200),
      content: pdfBytes(UPLOADED_BYTES),
    }),
    timeoutMs: 120_000,
  });
  const data = successData(ctx, res, [201]);
  ctx.expect(
    isRecord(data) && typeof data.id === 'string',
    'the uploaded document with an "id"',
    () => describeValue(data),
    res.exchange,
  );
  const docId = data.id;
  ctx.cleanup(() =>
    ctx.http.request({ method: 'DELETE', path: `/properties/${propertyId}/documents/${docId}`, key: landlord.key }),
  );
  return data;
}

/** Uploads a small PDF to a contract of the landlord; returns the created document (deleted again in cleanup). */
export async function uploadContractDocument(
  ctx: CheckContext,
  landlord: OwnLandlord,
  contractId: string,
  tag: string,
): Promise<Json> {
  const res = await ctx.http.request({
    method: 'POST',
    path: `/contracts/${contractId}/documents`,
    key: landlord.key,
    multipart: uploadForm({ name: `${ctx.marker} ${tag}.pdf`, type: 'Contract', content: pdfBytes(UPLOADED_BYTES) }),
    timeoutMs: 120_000,
  });
  const data = successData(ctx, res, [201]);
  ctx.expect(
    isRecord(data) && typeof data.id === 'string',
    'the uploaded contract document with an "id"',
    () => describeValue(data),
    res.exchange,
  );
  const docId = data.id;
  ctx.cleanup(() =>
    ctx.http.request({ method: 'DELETE', path: `/contracts/${contractId}/documents/${docId}`, key: landlord.key }),
  );
  return data;
}

/**
 * A property, a tenant with a mail address of the run, and an active contract between them, all of the
 * landlord: the resource checks' own chain (write-body field names as ../shared/unnamed.ts gives them; a refused
 * body skips, or blocks when the target names them). Open-ended unless `end` is given.
 */
export function createChain(
  ctx: CheckContext,
  landlord: OwnLandlord,
  tag: string,
  options: { readonly end?: string } = {},
): Promise<OwnChain> {
  return createOwnChain(ctx, tag, { key: landlord.key, ...(options.end !== undefined ? { end: options.end } : {}) });
}

/**
 * POST /rent for the chain's contract with the landlord's key (the chain's), as createOwnRent: 201 expected; a 400
 * skips only when the plain body is refused too (the names are not the deployment's), else it is a failure.
 */
export async function createRent(
  ctx: CheckContext,
  landlord: OwnLandlord,
  chain: OwnChain,
  o: RentOptions,
): Promise<Json> {
  return createOwnRent(ctx, { ...chain, key: landlord.key }, o);
}
