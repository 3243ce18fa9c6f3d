// Mortgage request and response schemas: derived from the field table, plus the list query.
import Joi from 'joi';
import { paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, listEnvelope, searchTerm, uuid } from '../../platform/http/schemas';
import { MORTGAGE_STATUSES, mortgageFields } from './fields';
import type { MortgageFilter } from './repository';

export { MORTGAGE_STATUSES, RATE_TYPES } from './fields';

export const mortgageSchema = mortgageFields.responseSchema('Mortgage', { sandbox: Joi.boolean() });

export const listQuery = Joi.object({
  ...paginationQuery,
  status: Joi.string().valid(...MORTGAGE_STATUSES),
  propertyId: uuid,
  search: searchTerm,
});
export type ListQuery = PageRequest & MortgageFilter;

export const createBody = mortgageFields.createBody();
export const patchBody = mortgageFields.patchBody();

export const mortgageEnvelope = dataEnvelope(mortgageSchema, 'MortgageResponse');
export const mortgageList = listEnvelope(mortgageSchema, 'MortgageList');
