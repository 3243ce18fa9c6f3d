import Joi from 'joi';
import { paginationQuery } from '../../platform/http/pagination';
import { dataEnvelope, isoDate, listEnvelope, searchTerm, uuid } from '../../platform/http/schemas';

export const PROPERTY_TYPES = ['House', 'Flat', 'Maisonette', 'Bungalow', 'Studio', 'HMO', 'Commercial', 'Other'] as const;
const severity = Joi.string().valid('expired', 'missing', 'critical', 'urgent', 'due_soon', 'ok');

export const complianceItemSchema = Joi.object({
  code: Joi.string().required(),
  required: Joi.boolean().required(),
  dueDate: isoDate.allow(null).required(),
  daysUntil: Joi.number().integer().allow(null).required(),
  state: Joi.string().valid('missing', 'valid', 'expired').required(),
  severity: severity.required(),
}).label('ComplianceItem');

export const propertySchema = Joi.object({
  id: uuid.required(),
  address: Joi.string().required(),
  shortName: Joi.string().required(),
  addressLine1: Joi.string().required(),
  addressLine2: Joi.string().allow(null).required(),
  city: Joi.string().required(),
  postcode: Joi.string().required(),
  propertyType: Joi.string().required(),
  bedrooms: Joi.number().integer().required(),
  bathrooms: Joi.number().integer().required(),
  status: Joi.string().valid('Occupied', 'Vacant', 'Maintenance').required(),
  rentAmount: Joi.number().required(),
  tenantName: Joi.string().allow('').required(),
  compliance: Joi.object({ items: Joi.array().items(complianceItemSchema).required() }).required(),
  image: Joi.string().uri(),
  gscRenewal: isoDate.allow(null).required(),
  eicrRenewal: isoDate.allow(null).required(),
  epcRenewal: isoDate.allow(null).required(),
  landlordLicenceRenewal: isoDate.allow(null).required(),
  sandbox: Joi.boolean(),
}).label('Property');

export const listQuery = Joi.object({
  ...paginationQuery,
  status: Joi.string().valid('Occupied', 'Vacant', 'Maintenance'),
  search: searchTerm,
});

const renewals = {
  gscRenewal: isoDate.allow(null),
  eicrRenewal: isoDate.allow(null),
  epcRenewal: isoDate.allow(null),
  landlordLicenceRenewal: isoDate.allow(null),
};

const editable = {
  shortName: Joi.string().trim().min(1).max(200),
  addressLine1: Joi.string().trim().min(1).max(300),
  addressLine2: Joi.string().trim().max(300).allow(null, ''),
  city: Joi.string().trim().min(1).max(120),
  postcode: Joi.string().trim().min(2).max(20),
  propertyType: Joi.string().valid(...PROPERTY_TYPES),
  bedrooms: Joi.number().integer().min(0).max(100),
  bathrooms: Joi.number().integer().min(0).max(100),
  licenceRequired: Joi.boolean(),
  ...renewals,
};

const readOnlyMessage = '{{#label}} is read-only; rentAmount changes through contracts';

export const createBody = Joi.object({
  ...editable,
  shortName: editable.shortName.required(),
  addressLine1: editable.addressLine1.required(),
  city: editable.city.required(),
  postcode: editable.postcode.required(),
  propertyType: editable.propertyType.required(),
  // Only Maintenance may be set on create; Occupied and Vacant are derived from contracts.
  status: Joi.string().valid('Maintenance'),
  rentAmount: Joi.forbidden().messages({ 'any.unknown': readOnlyMessage }),
}).required();

export const patchBody = Joi.object({
  ...editable,
  status: Joi.string().valid('Maintenance').allow(null),
  rentAmount: Joi.forbidden().messages({ 'any.unknown': readOnlyMessage }),
}).min(1).required();

export const propertyEnvelope = dataEnvelope(propertySchema, 'PropertyResponse');
export const propertyList = listEnvelope(propertySchema, 'PropertyList');
