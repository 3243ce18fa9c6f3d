// Developer dashboard operations: landlords and plans, API keys (shown in clear once), webhook subscriptions
// (signing secret shown once). The fixture loader provisions through these same functions.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  ApiKey,
  Landlord,
  WebhookSubscription,
  type KeyMode,
  type KeyScope,
  type Plan,
  type RateLimitOverrides,
} from '../persistence/models';
import { generateKey, hashKey, keyModeOf } from '../platform/auth/keys';
import { apiError, notFound } from '../platform/errors/api-error';
import type { CredentialAnnouncer } from '../platform/auth/credential-changes';
import type { Clock } from '../platform/clock';

export interface LandlordInput {
  id?: string;
  name: string;
  email: string;
  plan: Plan | null;
  subscriptionStatus?: Landlord['subscription_status'];
  timezone?: string;
  phone?: string | null;
  address?: string | null;
  propertyLimit?: number | null;
  nextBillingDate?: string | null;
}

export const presentLandlord = (l: Landlord) => ({
  id: l.id,
  name: l.name,
  email: l.email,
  plan: l.plan,
  subscriptionStatus: l.subscription_status,
  timezone: l.timezone,
  propertyLimit: l.property_limit,
  nextBillingDate: l.next_billing_date,
});

export async function createLandlord(knex: Knex, clock: Clock, input: LandlordInput): Promise<Landlord> {
  const now = clock.now();
  return Landlord.query(knex).insert({
    id: input.id ?? randomUUID(),
    name: input.name,
    email: input.email,
    plan: input.plan,
    subscription_status: input.subscriptionStatus ?? (input.plan ? 'active' : 'none'),
    timezone: input.timezone ?? 'Europe/London',
    phone: input.phone ?? null,
    address: input.address ?? null,
    property_limit: input.propertyLimit ?? null,
    next_billing_date: input.nextBillingDate ?? null,
    created_at: now,
    updated_at: now,
  });
}

export async function listLandlords(knex: Knex): Promise<Landlord[]> {
  return Landlord.query(knex).orderBy('created_at');
}

export async function getLandlord(knex: Knex, id: string): Promise<Landlord> {
  const landlord = await Landlord.query(knex).findById(id);
  if (!landlord) throw notFound('Landlord');
  return landlord;
}

/** `changes`: told once the patch is committed (the plan, subscription and time zone are part of a key's lookup). */
export async function updateLandlord(
  knex: Knex,
  clock: Clock,
  id: string,
  input: Partial<LandlordInput>,
  changes: CredentialAnnouncer,
): Promise<Landlord> {
  await getLandlord(knex, id);
  const patch: Partial<Landlord> = { updated_at: clock.now() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.email !== undefined) patch.email = input.email;
  if (input.plan !== undefined) patch.plan = input.plan;
  if (input.subscriptionStatus !== undefined) patch.subscription_status = input.subscriptionStatus;
  if (input.timezone !== undefined) patch.timezone = input.timezone;
  if (input.propertyLimit !== undefined) patch.property_limit = input.propertyLimit;
  if (input.nextBillingDate !== undefined) patch.next_billing_date = input.nextBillingDate;
  await Landlord.query(knex).findById(id).patch(patch);
  await changes.committed(id);
  return getLandlord(knex, id);
}

export interface KeyInput {
  name: string;
  mode: KeyMode;
  scope: KeyScope;
  rateLimits?: RateLimitOverrides | null;
}

export const presentKey = (k: ApiKey) => ({
  id: k.id,
  landlordId: k.landlord_id,
  name: k.name,
  mode: k.mode,
  scope: k.scope,
  last4: k.last4,
  rateLimits: k.rate_limits,
  revokedAt: k.revoked_at,
  createdAt: k.created_at,
});

/**
 * Issues a key and returns it in clear: the only time it is ever shown. `clearKey` lets the fixture loader
 * install the fixed keys of the reference target file; the HTTP dashboard always generates one.
 */
export async function issueKey(
  knex: Knex,
  clock: Clock,
  landlordId: string,
  input: KeyInput,
  clearKey?: string,
): Promise<{ key: string; record: ApiKey }> {
  await getLandlord(knex, landlordId);
  const key = clearKey ?? generateKey(input.mode);
  if (keyModeOf(key) !== input.mode) throw apiError('VALIDATION_ERROR', 'key prefix does not match its mode');
  const now = clock.now();
  const record = await ApiKey.query(knex).insert(<Partial<ApiKey>>{
    id: randomUUID(),
    landlord_id: landlordId,
    name: input.name,
    key_hash: hashKey(key),
    last4: key.slice(-4),
    mode: input.mode,
    scope: input.scope,
    rate_limits: input.rateLimits ?? null,
    created_at: now,
    updated_at: now,
  });
  return { key, record };
}

export async function listKeys(knex: Knex, landlordId: string): Promise<ApiKey[]> {
  await getLandlord(knex, landlordId);
  return ApiKey.query(knex).where('landlord_id', landlordId).orderBy('created_at');
}

/** `changes`: told once the revocation is committed; again when it already was (a retry finishes the telling). */
export async function revokeKey(
  knex: Knex,
  clock: Clock,
  keyId: string,
  changes: CredentialAnnouncer,
): Promise<ApiKey> {
  const key = await ApiKey.query(knex).findById(keyId);
  if (!key) throw notFound('API key');
  if (!key.revoked_at) await ApiKey.query(knex).findById(keyId).patch({ revoked_at: clock.now() });
  await changes.committed(key.landlord_id);
  return (await ApiKey.query(knex).findById(keyId))!;
}

export interface SubscriptionInput {
  url: string;
  events: string[];
  description?: string | null;
}

export const presentSubscription = (s: WebhookSubscription) => ({
  id: s.id,
  landlordId: s.landlord_id,
  url: s.url,
  events: s.events,
  description: s.description,
  active: s.active,
  createdAt: s.created_at,
});

export async function createSubscription(
  knex: Knex,
  clock: Clock,
  landlordId: string,
  input: SubscriptionInput,
  secret?: string,
): Promise<{ secret: string; record: WebhookSubscription }> {
  await getLandlord(knex, landlordId);
  const signingSecret = secret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const now = clock.now();
  const record = await WebhookSubscription.query(knex).insert(<Partial<WebhookSubscription>>{
    id: randomUUID(),
    landlord_id: landlordId,
    url: input.url,
    events: [...new Set(input.events)],
    secret: signingSecret,
    description: input.description ?? null,
    active: true,
    created_at: now,
    updated_at: now,
  });
  return { secret: signingSecret, record };
}

export async function listSubscriptions(knex: Knex, landlordId: string): Promise<WebhookSubscription[]> {
  await getLandlord(knex, landlordId);
  return WebhookSubscription.query(knex).where('landlord_id', landlordId).whereNull('deleted_at').orderBy('created_at');
}

export async function deleteSubscription(knex: Knex, clock: Clock, id: string): Promise<void> {
  const updated = await WebhookSubscription.query(knex)
    .findById(id)
    .whereNull('deleted_at')
    .patch({ deleted_at: clock.now(), active: false });
  if (!updated) throw notFound('Webhook subscription');
}
