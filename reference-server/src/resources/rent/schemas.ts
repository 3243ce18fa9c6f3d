// Rent payment shapes: the API view, list query, create and patch bodies.
import Joi from 'joi';
import { paginationQuery } from '../../platform/http/pagination';
import { dataEnvelope, isoDate, listEnvelope, uuid } from '../../platform/http/schemas';
import { RENT_STATUSES } from './status';

export const PERIOD_MAX = 100;

/** Rule 3: trim and collapse internal runs of whitespace (any kind: tabs, newlines, NBSP) to one space. */
export const normalizePeriod = (value: string): string => value.replace(/\s+/g, ' ').trim();

const period = Joi.string()
  .custom((value: string, helpers) => {
    const normalized = normalizePeriod(value);
    if (normalized.length === 0) return helpers.error('period.empty');
    if (normalized.length > PERIOD_MAX) return helpers.error('period.long');
    return normalized;
  }, 'whitespace normalization')
  .messages({
    'period.empty': '{{#label}} must contain a non-whitespace character',
    'period.long': `{{#label}} must be at most ${PERIOD_MAX} characters after whitespace normalization`,
  });

/** Money: positive or zero, at most two decimals, within numeric(12,2). */
const money = Joi.number()
  .min(0)
  .max(9_999_999_999.99)
  .custom((value: number, helpers) => (Math.abs(Math.round(value * 100) - value * 100) < 1e-6 ? value : helpers.error('money.precision')), 'two decimals')
  .messages({ 'money.precision': '{{#label}} must have at most two decimal places' });

const status = Joi.string().valid(...RENT_STATUSES);

export const rentPaymentSchema = Joi.object({
  id: uuid.required(),
  propertyId: uuid.required(),
  tenantId: uuid.required(),
  contractId: uuid.required(),
  period: Joi.string().required(),
  amount: Joi.number().required(),
  status: status.required(),
  amountReceived: Joi.number().required(),
  datePaid: isoDate.allow(null).required(),
  dueDate: isoDate.required(),
  periodStart: isoDate.allow(null).required(),
  periodEnd: isoDate.allow(null).required(),
  createdAt: Joi.string().isoDate().required(),
  updatedAt: Joi.string().isoDate().required(),
  sandbox: Joi.boolean(),
}).label('RentPayment');

export const listQuery = Joi.object({
  ...paginationQuery,
  status,
  contractId: uuid,
});

const windowOrdered = (value: { periodStart?: string | null; periodEnd?: string | null }, helpers: Joi.CustomHelpers) =>
  value.periodStart && value.periodEnd && value.periodStart > value.periodEnd ? helpers.error('window.order') : value;
const windowMessages = { 'window.order': 'periodStart must be on or before periodEnd' };

export const createBody = Joi.object({
  propertyId: uuid.required(),
  tenantId: uuid.required(),
  contractId: uuid.required(),
  period: period.required(),
  amount: money.invalid(0).required().messages({ 'any.invalid': '{{#label}} must be greater than 0' }),
  status: status.default('Pending'),
  amountReceived: money,
  datePaid: isoDate,
  dueDate: isoDate.required(),
  periodStart: isoDate.allow(null),
  periodEnd: isoDate.allow(null),
}).custom(windowOrdered).messages(windowMessages).required();

const immutable = (field: string) => Joi.any().forbidden().messages({ 'any.unknown': `{{#label}} cannot be changed after creation${field}` });

export const patchBody = Joi.object({
  status,
  amountReceived: money.allow(null),
  datePaid: isoDate.allow(null),
  dueDate: isoDate,
  periodStart: isoDate.allow(null),
  periodEnd: isoDate.allow(null),
  period,
  amount: immutable(''),
  contractId: immutable('; create a new payment for another contract'),
  propertyId: immutable(''),
  tenantId: immutable(''),
}).min(1).custom(windowOrdered).messages(windowMessages).required();

export const rentEnvelope = dataEnvelope(rentPaymentSchema, 'RentPaymentResponse');
export const rentList = listEnvelope(rentPaymentSchema, 'RentPaymentList');
