// Tenant rows → the API shape, and the tenant.* webhook data (exactly the catalogue's fields).
import type { EventData } from '../../webhooks/catalogue/fields';
import type { Tenant } from '../../persistence/models';

export interface TenantView {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  propertyId: string | null;
  status: Tenant['status'];
  hasAccount: boolean;
  rightToRentExpiry: string | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentTenant = (t: Tenant): TenantView => ({
  id: t.id,
  firstName: t.first_name,
  lastName: t.last_name,
  email: t.email,
  phone: t.phone,
  propertyId: t.property_id,
  status: t.status,
  hasAccount: t.has_account,
  rightToRentExpiry: t.right_to_rent_expiry,
  createdAt: iso(t.created_at),
  updatedAt: iso(t.updated_at),
});

// The catalogue types email and phone as non-null strings: a missing one is sent as ''.
export const tenantEventData = (t: Tenant): EventData<'tenant.created'> => ({
  tenant_id: t.id,
  property_id: t.property_id,
  first_name: t.first_name,
  last_name: t.last_name,
  email: t.email ?? '',
  phone: t.phone ?? '',
  status: t.status,
});

export const tenantDeletedData = (t: Tenant, deletedAt: Date): EventData<'tenant.deleted'> => ({
  tenant_id: t.id,
  property_id: t.property_id,
  first_name: t.first_name,
  last_name: t.last_name,
  email: t.email ?? '',
  status: 'DELETED',
  deleted_at: deletedAt.toISOString(),
});
