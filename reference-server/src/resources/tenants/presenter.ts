// Tenant rows → the API shape (the field table's presenter), and the tenant.* webhook data (the catalogue's fields).
import type { EventData } from '../../webhooks/catalogue/fields';
import type { Tenant } from '../../persistence/models';
import { tenantFields, type TenantView } from './fields';

export type { TenantView } from './fields';

export const presentTenant = (t: Tenant): TenantView => tenantFields.present(t, {});

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
