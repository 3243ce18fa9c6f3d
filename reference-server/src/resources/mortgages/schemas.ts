import Joi from 'joi';
import { paginationQuery } from '../../platform/http/pagination';
import { dataEnvelope, isoDate, listEnvelope, searchTerm, uuid } from '../../platform/http/schemas';

export const MORTGAGE_STATUSES = ['Active', 'Pending', 'Redeemed'] as const;
export const RATE_TYPES = ['Fixed', 'Variable', 'Tracker', 'Discount'] as const;

const timestamp = Joi.string().isoDate();

export const mortgageSchema = Joi.object({
  id: uuid.required(),
  lender: Joi.string().required(),
  reference: Joi.string().required(),
  balance: Joi.number().required(),
  interestRate: Joi.number().required(),
  monthlyPayment: Joi.number().required(),
  rateType: Joi.string().valid(...RATE_TYPES).allow(null).required(),
  productEndDate: isoDate.allow(null).required(),
  termEndDate: isoDate.allow(null).required(),
  status: Joi.string().valid(...MORTGAGE_STATUSES).required(),
  propertyIds: Joi.array().items(uuid).required(),
  createdAt: timestamp.required(),
  updatedAt: timestamp.required(),
  sandbox: Joi.boolean(),
}).label('Mortgage');

export const listQuery = Joi.object({
  ...paginationQuery,
  status: Joi.string().valid(...MORTGAGE_STATUSES),
  propertyId: uuid,
  search: searchTerm,
});

// strict: a third decimal is refused rather than silently rounded.
const money = (max: number) => Joi.number().strict().min(0).max(max).precision(2);

const fields = {
  lender: Joi.string().trim().min(1).max(200),
  reference: Joi.string().trim().min(1).max(120),
  balance: money(1e11),
  // Percent per year, e.g. 4.25.
  interestRate: Joi.number().strict().min(0).max(100).precision(3),
  monthlyPayment: money(1e9),
  rateType: Joi.string().valid(...RATE_TYPES).allow(null),
  productEndDate: isoDate.allow(null),
  termEndDate: isoDate.allow(null),
  status: Joi.string().valid(...MORTGAGE_STATUSES),
  propertyIds: Joi.array().items(uuid).max(500).unique(),
};

export const createBody = Joi.object({
  ...fields,
  lender: fields.lender.required(),
  reference: fields.reference.required(),
  balance: fields.balance.required(),
  interestRate: fields.interestRate.required(),
  monthlyPayment: fields.monthlyPayment.required(),
}).required();

export const patchBody = Joi.object(fields).min(1).required();

export const mortgageEnvelope = dataEnvelope(mortgageSchema, 'MortgageResponse');
export const mortgageList = listEnvelope(mortgageSchema, 'MortgageList');
