// The contract's fields, once: column, kind, nullability and request rule (see ../field-table.ts). Body field
// names are ours (the spec does not show them): they are the response's, so what a client reads it can write
// back. The status is derived from the dates (given to the presenter); serving notice is the bodies' extra.
import Joi from 'joi';
import type { Contract } from '../../persistence/models';
import { uuid } from '../../platform/http/schemas';
import { CONTRACT_STATUSES } from './status';
import { fieldTable, type CreateInputOf, type InputOf, type ViewOf } from '../field-table';

export const RENT_FREQUENCIES = ['weekly', 'fortnightly', 'four_weekly', 'monthly', 'quarterly', 'annually'] as const;
export type RentFrequency = (typeof RENT_FREQUENCIES)[number];

/** Money: a JSON number with at most two decimals, never coerced from a string. */
const money = Joi.number().strict().precision(2).max(9_999_999_999.99);

export const contractFields = fieldTable<Contract>()({
  id: { column: 'id', kind: 'uuid' },
  status: { kind: 'string', values: CONTRACT_STATUSES },
  propertyId: { column: 'property_id', kind: 'uuid', input: uuid, required: true },
  mainTenantId: { column: 'main_tenant_id', kind: 'uuid', input: uuid, required: true },
  additionalTenantIds: {
    column: 'additional_tenant_ids',
    kind: 'uuids',
    input: Joi.array().items(uuid).unique().max(20),
  },
  tenancyReference: {
    column: 'tenancy_reference',
    kind: 'string',
    input: Joi.string().trim().min(1).max(120),
    required: true,
  },
  startDate: { column: 'start_date', kind: 'date', input: true, required: true },
  endDate: { column: 'end_date', kind: 'date', nullable: true, input: true },
  rentAmount: { column: 'rent_amount', kind: 'number', input: money.positive(), required: true },
  // Answered as stored (any string); requests choose among the frequencies.
  rentFrequency: { column: 'rent_frequency', kind: 'string', input: Joi.string().valid(...RENT_FREQUENCIES) },
  depositAmount: { column: 'deposit_amount', kind: 'number', nullable: true, input: money.min(0) },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});

export type ContractView = ViewOf<typeof contractFields.fields>;
export type ContractInput = InputOf<typeof contractFields.fields> & { status?: 'Notice Served' };
/** A create body: the table's required fields present. */
export type ContractCreateInput = CreateInputOf<typeof contractFields.fields> & { status?: 'Notice Served' };
