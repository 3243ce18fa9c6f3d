// The data of property.created / property.updated / property.deleted, exactly the spec catalogue's fields.
import type { EventData } from '../../webhooks/catalogue/fields';
import type { Property } from '../../persistence/models';
import { fullAddress, type PropertyView } from './presenter';

export const propertyEventData = (view: PropertyView): EventData<'property.created'> => ({
  property_id: view.id,
  address: view.address,
  short_name: view.shortName,
  status: view.status,
  rent_amount: view.rentAmount,
  city: view.city,
  postcode: view.postcode,
});

export const propertyDeletedData = (row: Property, deletedAt: Date): EventData<'property.deleted'> => ({
  property_id: row.id,
  address: fullAddress(row),
  short_name: row.short_name,
  status: 'Deleted',
  deleted_at: deletedAt.toISOString(),
});
