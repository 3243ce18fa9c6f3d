import Joi from 'joi';
import { paginationQuery } from '../../platform/http/pagination';
import { dataEnvelope, email, isoDate, listEnvelope, searchTerm, uuid } from '../../platform/http/schemas';

/** Tenant status: INVITED until the tenant accepts the portal invitation, then ACTIVE (read-only in the API). */
export const TENANT_STATUSES = ['INVITED', 'ACTIVE'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

const timestamp = Joi.string().isoDate();

export const tenantSchema = Joi.object({
  id: uuid.required(),
  firstName: Joi.string().required(),
  lastName: Joi.string().required(),
  email: Joi.string().allow(null).required(),
  phone: Joi.string().allow(null).required(),
  propertyId: uuid.allow(null).required(),
  status: Joi.string().valid(...TENANT_STATUSES).required(),
  hasAccount: Joi.boolean().required(),
  rightToRentExpiry: isoDate.allow(null).required(),
  createdAt: timestamp.required(),
  updatedAt: timestamp.required(),
  sandbox: Joi.boolean(),
}).label('Tenant');

export const listQuery = Joi.object({
  ...paginationQuery,
  propertyId: uuid,
  status: Joi.string().valid(...TENANT_STATUSES),
  search: searchTerm,
});

const fields = {
  firstName: Joi.string().trim().min(1).max(120),
  lastName: Joi.string().trim().min(1).max(120),
  email: email.trim(),
  phone: Joi.string().trim().min(1).max(50).allow(null),
  propertyId: uuid,
  rightToRentExpiry: isoDate.allow(null),
};

const readOnly = (why: string) => Joi.forbidden().messages({ 'any.unknown': `{{#label}} is read-only; ${why}` });
const statusReadOnly = readOnly('it follows the tenant portal account (INVITED until the invitation is accepted)');

// email is required: the portal invitation goes to it. propertyId is required: a tenant record is created for
// a property (its occupancy still comes from contracts).
export const createBody = Joi.object({
  ...fields,
  firstName: fields.firstName.required(),
  lastName: fields.lastName.required(),
  email: fields.email.required(),
  propertyId: fields.propertyId.required(),
  status: statusReadOnly,
  hasAccount: readOnly('it is known from the tenant portal'),
}).required();

export const patchBody = Joi.object({
  ...fields,
  status: statusReadOnly,
  hasAccount: readOnly('it is known from the tenant portal'),
}).min(1).required();

export const tenantEnvelope = dataEnvelope(tenantSchema, 'TenantResponse');
export const tenantList = listEnvelope(tenantSchema, 'TenantList');
