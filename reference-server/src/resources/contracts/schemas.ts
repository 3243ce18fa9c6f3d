// Contract request and response schemas: derived from the field table, plus the list query.
import Joi from 'joi';
import { paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, listEnvelope, searchTerm, uuid } from '../../platform/http/schemas';
import { CONTRACT_STATUSES } from './status';
import { contractFields } from './fields';
import type { ContractFilter } from './repository';

export { RENT_FREQUENCIES, type RentFrequency } from './fields';

export const contractSchema = contractFields.responseSchema('Contract', { sandbox: Joi.boolean() });

export const listQuery = Joi.object({
  ...paginationQuery,
  status: Joi.string().valid(...CONTRACT_STATUSES),
  propertyId: uuid,
  tenantId: uuid,
  search: searchTerm,
});
export type ListQuery = PageRequest & ContractFilter;

const statusMessage =
  '{{#label}} can only be "Notice Served": every other status is derived from the start and end dates';
// Only serving notice is a client decision; Active, Pending and Ended follow from the dates.
const notice = Joi.string().valid('Notice Served').messages({ 'any.only': statusMessage });

export const createBody = contractFields.createBody({ status: notice });
export const patchBody = contractFields.patchBody({
  status: notice,
  propertyId: Joi.forbidden().messages({
    'any.unknown': '{{#label}} cannot change: end this contract and create one for the other property',
  }),
});

export const contractEnvelope = dataEnvelope(contractSchema, 'ContractResponse');
export const contractList = listEnvelope(contractSchema, 'ContractList');
