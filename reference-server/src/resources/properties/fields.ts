// The property's fields, once: column, kind, nullability and request rule (see ../field-table.ts). Some are
// derived when the property is read (address, status, rentAmount, tenantName: given to the presenter), and the
// status is set through the `maintenance` flag, so its request rules are the bodies' extras (schemas.ts).
import Joi from 'joi';
import type { Property } from '../../persistence/models';
import { fieldTable, type InputOf, type ViewOf } from '../field-table';

export const PROPERTY_TYPES = [
  'House',
  'Flat',
  'Maisonette',
  'Bungalow',
  'Studio',
  'HMO',
  'Commercial',
  'Other',
] as const;
export const PROPERTY_STATUSES = ['Occupied', 'Vacant', 'Maintenance'] as const;

export const propertyFields = fieldTable<Property>()({
  id: { column: 'id', kind: 'uuid' },
  address: { kind: 'string' },
  shortName: { column: 'short_name', kind: 'string', input: Joi.string().trim().min(1).max(200), required: true },
  addressLine1: { column: 'address_line1', kind: 'string', input: Joi.string().trim().min(1).max(300), required: true },
  // Empty is accepted, so it is also answered.
  addressLine2: {
    column: 'address_line2',
    kind: 'string',
    nullable: true,
    input: Joi.string().trim().max(300).allow(''),
    response: Joi.string().allow(''),
  },
  city: { column: 'city', kind: 'string', input: Joi.string().trim().min(1).max(120), required: true },
  postcode: { column: 'postcode', kind: 'string', input: Joi.string().trim().min(2).max(20), required: true },
  // Answered as stored (any string); requests choose among the types.
  propertyType: {
    column: 'property_type',
    kind: 'string',
    input: Joi.string().valid(...PROPERTY_TYPES),
    required: true,
  },
  bedrooms: { column: 'bedrooms', kind: 'integer', input: Joi.number().integer().min(0).max(100) },
  bathrooms: { column: 'bathrooms', kind: 'integer', input: Joi.number().integer().min(0).max(100) },
  status: { kind: 'string', values: PROPERTY_STATUSES },
  rentAmount: { kind: 'number', readOnly: 'rentAmount changes through contracts' },
  tenantName: { kind: 'string', response: Joi.string().allow('') },
  licenceRequired: { column: 'licence_required', kind: 'boolean', input: true, writeOnly: true },
  gscRenewal: { column: 'gsc_renewal', kind: 'date', nullable: true, input: true },
  eicrRenewal: { column: 'eicr_renewal', kind: 'date', nullable: true, input: true },
  epcRenewal: { column: 'epc_renewal', kind: 'date', nullable: true, input: true },
  landlordLicenceRenewal: { column: 'landlord_licence_renewal', kind: 'date', nullable: true, input: true },
});

export type PropertyInput = InputOf<typeof propertyFields.fields> & { status?: 'Maintenance' | null };
export type PropertyFieldsView = ViewOf<typeof propertyFields.fields>;
