// Tenant rules: the property must be the landlord's; the portal invitation goes out after a live commit when the
// tenant has no account (on create, and on an email change while still invited); deletion is soft and refused
// while a not-Ended contract names the tenant; a tenant.* event is recorded in every write.
import { randomUUID } from 'node:crypto';
import { Landlord, type Property, type Scope, type Tenant } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import type { Mailer } from '../../platform/mail/mailer';
import { recordEvent } from '../../webhooks/outbox/record';
import { invitationMail } from './invitation-mail';
import { presentTenant, tenantDeletedData, tenantEventData, type TenantView } from './presenter';
import { tenantFields, type TenantCreateInput, type TenantInput } from './fields';
import {
  findLiveProperty,
  findTenant,
  hasLiveContract,
  hasPortalAccount,
  insertTenant,
  listTenants,
  lockTenant,
  patchTenant,
  softDeleteTenant,
  type TenantFilter,
} from './repository';

export type { TenantInput } from './fields';

export interface WriteEnv {
  readonly today: string;
  readonly mailer: Mailer;
}

export async function list(
  scope: Scope,
  filter: TenantFilter,
  page: PageRequest,
): Promise<{ data: TenantView[]; total: number }> {
  const { rows, total } = await listTenants(scope, filter, page);
  return { data: rows.map(presentTenant), total };
}

export async function get(scope: Scope, id: string): Promise<TenantView> {
  return presentTenant(await findTenant(scope, id));
}

/** A referenced id in a body is validated like a field: unknown or another landlord's is a 400. */
async function propertyOrFail(ctx: WriteContext, id: string): Promise<Property> {
  const property = await findLiveProperty(ctx, id);
  if (!property) throw apiError('VALIDATION_ERROR', `Invalid request: payload.propertyId: Property ${id} not found`);
  return property;
}

/** Queues the portal invitation for after a live commit; a tenant who already has an account gets none. */
async function inviteAfterCommit(ctx: WriteContext, env: WriteEnv, tenant: Tenant, property: Property): Promise<void> {
  const email = tenant.email;
  if (tenant.has_account || !email) return;
  const landlord = await Landlord.query(ctx.db).findById(ctx.landlordId).select('name');
  const message = invitationMail(
    { id: tenant.id, firstName: tenant.first_name, email },
    property,
    landlord?.name ?? 'Your landlord',
  );
  ctx.afterCommit(async () => {
    await env.mailer.send(message);
  });
}

export async function create(ctx: WriteContext, env: WriteEnv, input: TenantCreateInput): Promise<TenantView> {
  const property = await propertyOrFail(ctx, input.propertyId);
  const hasAccount = await hasPortalAccount(ctx, input.email);
  const now = ctx.clock.now();
  const row = await insertTenant(ctx, {
    id: randomUUID(),
    ...tenantFields.columnsOf(input),
    status: hasAccount ? 'ACTIVE' : 'INVITED',
    has_account: hasAccount,
    created_at: now,
    updated_at: now,
  });
  await recordEvent(ctx, 'tenant.created', tenantEventData(row));
  await inviteAfterCommit(ctx, env, row, property);
  return presentTenant(row);
}

export async function update(ctx: WriteContext, env: WriteEnv, id: string, input: TenantInput): Promise<TenantView> {
  const existing = await lockTenant(ctx, id);
  const property = input.propertyId !== undefined ? await propertyOrFail(ctx, input.propertyId) : undefined;
  const row = await patchTenant(ctx, id, { ...tenantFields.columnsOf(input), updated_at: ctx.clock.now() });
  await recordEvent(ctx, 'tenant.updated', tenantEventData(row));
  // A new address for a tenant who never accepted: the invitation goes to the new address.
  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== (existing.email ?? '').toLowerCase();
  if (emailChanged && !row.has_account) {
    const home = property ?? (row.property_id ? await findLiveProperty(ctx, row.property_id) : undefined);
    if (home) await inviteAfterCommit(ctx, env, row, home);
  }
  return presentTenant(row);
}

export async function remove(ctx: WriteContext, env: WriteEnv, id: string): Promise<{ deleted: true; id: string }> {
  const existing = await lockTenant(ctx, id);
  if (await hasLiveContract(ctx, id, env.today)) {
    throw apiError('CONFLICT', 'Tenant is on an Active, Pending or Notice Served contract and cannot be deleted');
  }
  const deletedAt = ctx.clock.now();
  await softDeleteTenant(ctx, id, deletedAt);
  await recordEvent(ctx, 'tenant.deleted', tenantDeletedData(existing, deletedAt));
  return { deleted: true, id };
}
