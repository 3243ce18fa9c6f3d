// The `data` of the contract.* webhook events, built and checked by the webhook catalogue (exactly its fields,
// typed as it says). `tenancy_id` is the contract's id (a contract is the tenancy; its human-readable reference
// is `tenancyReference`), `property_name` the property's short name, `status` the derived status at the write.
import type { EventData } from '../../webhooks/catalogue/fields';
import type { Contract, Property } from '../../persistence/models';
import { daysBetween } from '../../platform/time/dates';
import { buildEventData } from '../../webhooks/catalogue/build';
import { contractStatus } from './status';

type PropertyName = Pick<Property, 'short_name'>;

/** contract.created and contract.updated. */
export const contractEventData = (
  type: 'contract.created' | 'contract.updated',
  c: Contract,
  property: PropertyName,
  today: string,
): EventData<'contract.created'> => ({
  ...buildEventData(type, {
    contract_id: c.id,
    property_id: c.property_id,
    property_name: property.short_name,
    tenancy_id: c.id,
    main_tenant_id: c.main_tenant_id,
    status: contractStatus(c, today),
    start_date: c.start_date,
    end_date: c.end_date,
    rent_amount: Number(c.rent_amount),
  }),
});

export const contractDeletedData = (
  c: Contract,
  property: PropertyName,
  deletedAt: Date,
): EventData<'contract.deleted'> => ({
  ...buildEventData('contract.deleted', {
    contract_id: c.id,
    property_id: c.property_id,
    property_name: property.short_name,
    tenancy_id: c.id,
    main_tenant_id: c.main_tenant_id,
    status: 'Deleted',
    start_date: c.start_date,
    end_date: c.end_date,
    deleted_at: deletedAt.toISOString(),
  }),
});

/** contract.ended: status is `Ended` by definition (the end date has passed). */
export const contractEndedData = (
  c: Contract & { end_date: string },
  property: PropertyName,
): EventData<'contract.ended'> => ({
  ...buildEventData('contract.ended', {
    contract_id: c.id,
    property_id: c.property_id,
    property_name: property.short_name,
    status: 'Ended',
    start_date: c.start_date,
    end_date: c.end_date,
  }),
});

export const contractExpiringData = (
  c: Contract & { end_date: string },
  property: PropertyName,
  today: string,
): EventData<'contract.expiring'> => ({
  ...buildEventData('contract.expiring', {
    contract_id: c.id,
    property_id: c.property_id,
    property_name: property.short_name,
    end_date: c.end_date,
    days_until_expiry: daysBetween(today, c.end_date),
  }),
});
