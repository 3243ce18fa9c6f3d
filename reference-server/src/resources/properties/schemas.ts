// Property request and response schemas: derived from the field table, plus the list query and compliance items.
import Joi from 'joi';
import { paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, isoDate, listEnvelope, searchTerm } from '../../platform/http/schemas';
import { PROPERTY_STATUSES, propertyFields } from './fields';
import type { PropertyFilter } from './repository';

export { PROPERTY_TYPES } from './fields';
const severity = Joi.string().valid('expired', 'missing', 'critical', 'urgent', 'due_soon', 'ok');

export const complianceItemSchema = Joi.object({
  code: Joi.string().required(),
  required: Joi.boolean().required(),
  dueDate: isoDate.allow(null).required(),
  daysUntil: Joi.number().integer().allow(null).required(),
  state: Joi.string().valid('missing', 'valid', 'expired').required(),
  severity: severity.required(),
}).label('ComplianceItem');

export const propertySchema = propertyFields.responseSchema('Property', {
  compliance: Joi.object({ items: Joi.array().items(complianceItemSchema).required() }).required(),
  image: Joi.string().uri(),
  sandbox: Joi.boolean(),
});

export const listQuery = Joi.object({
  ...paginationQuery,
  status: Joi.string().valid(...PROPERTY_STATUSES),
  search: searchTerm,
});

export type ListQuery = PageRequest & PropertyFilter;

// Only Maintenance may be set (and, on PATCH, cleared with null); Occupied and Vacant are derived from contracts.
export const createBody = propertyFields.createBody({ status: Joi.string().valid('Maintenance') });
export const patchBody = propertyFields.patchBody({ status: Joi.string().valid('Maintenance').allow(null) });

export const propertyEnvelope = dataEnvelope(propertySchema, 'PropertyResponse');
export const propertyList = listEnvelope(propertySchema, 'PropertyList');
