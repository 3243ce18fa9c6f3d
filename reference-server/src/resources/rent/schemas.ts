// Rent payment schemas: derived from the field table (with the bodies' differences as extras), plus the list query.
import Joi from 'joi';
import { paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, isoDate, listEnvelope, uuid } from '../../platform/http/schemas';
import { money, rentFields } from './fields';
import type { RentFilter } from './repository';
import { RENT_STATUSES } from './status';

export { normalizePeriod, PERIOD_MAX } from './fields';

const status = Joi.string().valid(...RENT_STATUSES);

export const rentPaymentSchema = rentFields.responseSchema('RentPayment', { sandbox: Joi.boolean() });

export const listQuery = Joi.object({
  ...paginationQuery,
  status,
  contractId: uuid,
});
export type ListQuery = PageRequest & RentFilter;

const windowOrdered = (
  value: { periodStart?: string | null; periodEnd?: string | null },
  helpers: Joi.CustomHelpers,
) =>
  value.periodStart && value.periodEnd && value.periodStart > value.periodEnd ? helpers.error('window.order') : value;
const windowMessages = { 'window.order': 'periodStart must be on or before periodEnd' };

// A create never clears: amountReceived and datePaid are given or left out.
export const createBody = rentFields
  .createBody({ status: status.default('Pending'), amountReceived: money, datePaid: isoDate })
  .custom(windowOrdered)
  .messages(windowMessages);

const immutable = (field: string) =>
  Joi.any()
    .forbidden()
    .messages({ 'any.unknown': `{{#label}} cannot be changed after creation${field}` });

export const patchBody = rentFields
  .patchBody({
    amount: immutable(''),
    contractId: immutable('; create a new payment for another contract'),
    propertyId: immutable(''),
    tenantId: immutable(''),
  })
  .custom(windowOrdered)
  .messages(windowMessages);

export const rentEnvelope = dataEnvelope(rentPaymentSchema, 'RentPaymentResponse');
export const rentList = listEnvelope(rentPaymentSchema, 'RentPaymentList');
