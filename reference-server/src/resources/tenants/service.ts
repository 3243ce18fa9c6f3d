// Tenant rules: the property must be the landlord's; the portal invitation goes out after a live commit when the
// tenant has no account (on create, and on an email change while still invited); deletion is soft and refused
// while a not-Ended contract names the tenant; a tenant.* event is recorded in every write.
import { randomUUID } from 'node:crypto';
import { Landlord, Tenant, type Property, type Scope } from '../../persistence/models';
import { apiError, notFound } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import type { Mailer } from '../../mail/mailer';
import { recordEvent } from '../../webhooks/outbox/record';
import { invitationMail } from './invitation-mail';
import { presentTenant, tenantDeletedData, tenantEventData, type TenantView } from './presenter';
import { findLiveProperty, findTenant, hasLiveContract, hasPortalAccount, listTenants, type TenantFilter } from './repository';

export interface TenantInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
  propertyId?: string;
  rightToRentExpiry?: string | null;
}

export interface WriteEnv {
  readonly today: string;
  readonly mailer: Mailer;
}

export async function list(scope: Scope, filter: TenantFilter, page: PageRequest): Promise<{ data: TenantView[]; total: number }> {
  const { rows, total } = await listTenants(scope, filter, page);
  return { data: rows.map(presentTenant), total };
}

export async function get(scope: Scope, id: string): Promise<TenantView> {
  const row = await findTenant(scope, id);
  if (!row) throw notFound('Tenant');
  return presentTenant(row);
}

/** A referenced id in a body is validated like a field: unknown or another landlord's is a 400. */
async function propertyOrFail(ctx: WriteContext, id: string): Promise<Property> {
  const property = await findLiveProperty(ctx, id);
  if (!property) throw apiError('VALIDATION_ERROR', `Invalid request: payload.propertyId: Property ${id} not found`);
  return property;
}

function columnsOf(input: TenantInput): Partial<Tenant> {
  const row: Partial<Tenant> = {};
  if (input.firstName !== undefined) row.first_name = input.firstName;
  if (input.lastName !== undefined) row.last_name = input.lastName;
  if (input.email !== undefined) row.email = input.email;
  if (input.phone !== undefined) row.phone = input.phone;
  if (input.propertyId !== undefined) row.property_id = input.propertyId;
  if (input.rightToRentExpiry !== undefined) row.right_to_rent_expiry = input.rightToRentExpiry;
  return row;
}

/** Queues the portal invitation for after a live commit; a tenant who already has an account gets none. */
async function inviteAfterCommit(ctx: WriteContext, env: WriteEnv, tenant: Tenant, property: Property): Promise<void> {
  const email = tenant.email;
  if (tenant.has_account || !email) return;
  const landlord = await Landlord.query(ctx.db).findById(ctx.landlordId).select('name');
  const message = invitationMail({ id: tenant.id, firstName: tenant.first_name, email }, property, landlord?.name ?? 'Your landlord');
  ctx.afterCommit(async () => {
    await env.mailer.send(message);
  });
}

export async function create(ctx: WriteContext, env: WriteEnv, input: TenantInput): Promise<TenantView> {
  const property = await propertyOrFail(ctx, input.propertyId!);
  const hasAccount = await hasPortalAccount(ctx, input.email!);
  const now = ctx.clock.now();
  const row = await Tenant.insertScoped(ctx, {
    id: randomUUID(), ...columnsOf(input), status: hasAccount ? 'ACTIVE' : 'INVITED', has_account: hasAccount, created_at: now, updated_at: now,
  }).returning('*');
  await recordEvent(ctx, 'tenant.created', tenantEventData(row));
  await inviteAfterCommit(ctx, env, row, property);
  return presentTenant(row);
}

export async function update(ctx: WriteContext, env: WriteEnv, id: string, input: TenantInput): Promise<TenantView> {
  const existing = await Tenant.lockOrNotFound(ctx, id, 'Tenant');
  const property = input.propertyId !== undefined ? await propertyOrFail(ctx, input.propertyId) : undefined;
  const row = (await Tenant.scoped(ctx).findById(id).patch({ ...columnsOf(input), updated_at: ctx.clock.now() }).returning('*')) as unknown as Tenant;
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
  const existing = await Tenant.lockOrNotFound(ctx, id, 'Tenant');
  if (await hasLiveContract(ctx, id, env.today)) {
    throw apiError('CONFLICT', 'Tenant is on an Active, Pending or Notice Served contract and cannot be deleted');
  }
  const deletedAt = ctx.clock.now();
  await Tenant.softDelete(ctx, id, deletedAt);
  await recordEvent(ctx, 'tenant.deleted', tenantDeletedData(existing, deletedAt));
  return { deleted: true, id };
}
