// Contract request and response shapes. Body field names are ours (the spec does not show them): they are
// the Contract response fields, so what a client reads it can write back.
import Joi from 'joi';
import { paginationQuery } from '../../platform/http/pagination';
import { dataEnvelope, isoDate, listEnvelope, searchTerm, uuid } from '../../platform/http/schemas';
import { CONTRACT_STATUSES } from '../contracts-status';

export const RENT_FREQUENCIES = ['weekly', 'fortnightly', 'four_weekly', 'monthly', 'quarterly', 'annually'] as const;
export type RentFrequency = (typeof RENT_FREQUENCIES)[number];

/** Money: a JSON number with at most two decimals, never coerced from a string. */
const money = Joi.number().strict().precision(2).max(9_999_999_999.99);

export const contractSchema = Joi.object({
  id: uuid.required(),
  status: Joi.string().valid(...CONTRACT_STATUSES).required(),
  propertyId: uuid.required(),
  mainTenantId: uuid.required(),
  additionalTenantIds: Joi.array().items(uuid).required(),
  tenancyReference: Joi.string().required(),
  startDate: isoDate.required(),
  endDate: isoDate.allow(null).required(),
  rentAmount: Joi.number().required(),
  rentFrequency: Joi.string().required(),
  depositAmount: Joi.number().allow(null).required(),
  createdAt: Joi.string().isoDate().required(),
  updatedAt: Joi.string().isoDate().required(),
  sandbox: Joi.boolean(),
}).label('Contract');

export const listQuery = Joi.object({
  ...paginationQuery,
  status: Joi.string().valid(...CONTRACT_STATUSES),
  propertyId: uuid,
  tenantId: uuid,
  search: searchTerm,
});

const statusMessage = '{{#label}} can only be "Notice Served": every other status is derived from the start and end dates';

const fields = {
  mainTenantId: uuid,
  additionalTenantIds: Joi.array().items(uuid).unique().max(20),
  tenancyReference: Joi.string().trim().min(1).max(120),
  startDate: isoDate,
  endDate: isoDate.allow(null),
  rentAmount: money.positive(),
  rentFrequency: Joi.string().valid(...RENT_FREQUENCIES),
  depositAmount: money.min(0).allow(null),
  // Only serving notice is a client decision; Active, Pending and Ended follow from the dates.
  status: Joi.string().valid('Notice Served').messages({ 'any.only': statusMessage }),
};

export const createBody = Joi.object({
  ...fields,
  propertyId: uuid.required(),
  mainTenantId: fields.mainTenantId.required(),
  tenancyReference: fields.tenancyReference.required(),
  startDate: fields.startDate.required(),
  rentAmount: fields.rentAmount.required(),
}).required();

export const patchBody = Joi.object({
  ...fields,
  propertyId: Joi.forbidden().messages({ 'any.unknown': '{{#label}} cannot change: end this contract and create one for the other property' }),
}).min(1).required();

export const contractEnvelope = dataEnvelope(contractSchema, 'ContractResponse');
export const contractList = listEnvelope(contractSchema, 'ContractList');
