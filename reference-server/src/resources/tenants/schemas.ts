// Tenant request and response schemas: derived from the field table, plus the list query.
import Joi from 'joi';
import { paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, listEnvelope, searchTerm, uuid } from '../../platform/http/schemas';
import { TENANT_STATUSES, tenantFields } from './fields';
import type { TenantFilter } from './repository';

export { TENANT_STATUSES, type TenantStatus } from './fields';

export const tenantSchema = tenantFields.responseSchema('Tenant', { sandbox: Joi.boolean() });

export const listQuery = Joi.object({
  ...paginationQuery,
  propertyId: uuid,
  status: Joi.string().valid(...TENANT_STATUSES),
  search: searchTerm,
});
export type ListQuery = PageRequest & TenantFilter;

export const createBody = tenantFields.createBody();
export const patchBody = tenantFields.patchBody();

export const tenantEnvelope = dataEnvelope(tenantSchema, 'TenantResponse');
export const tenantList = listEnvelope(tenantSchema, 'TenantList');
