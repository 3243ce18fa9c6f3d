// The rent payment's fields, once: column, kind, nullability and request rule (see ../field-table.ts). The
// status is stored but reported derived (status.ts: given to the presenter); the service writes it. The bodies
// differ more than most (create defaults, patch clears, immutable references): their extras are in schemas.ts.
import Joi from 'joi';
import type { RentPayment } from '../../persistence/models';
import { uuid } from '../../platform/http/schemas';
import { fieldTable, type InputOf, type ViewOf } from '../field-table';
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
export const money = Joi.number()
  .min(0)
  .max(9_999_999_999.99)
  .custom(
    (value: number, helpers) =>
      Math.abs(Math.round(value * 100) - value * 100) < 1e-6 ? value : helpers.error('money.precision'),
    'two decimals',
  )
  .messages({ 'money.precision': '{{#label}} must have at most two decimal places' });

export const rentFields = fieldTable<RentPayment>()({
  id: { column: 'id', kind: 'uuid' },
  propertyId: { column: 'property_id', kind: 'uuid', input: uuid, required: true },
  tenantId: { column: 'tenant_id', kind: 'uuid', input: uuid, required: true },
  contractId: { column: 'contract_id', kind: 'uuid', input: uuid, required: true },
  // Normalized by the rule (rule 3), before the unique index sees it (rule 4).
  period: { kind: 'string', column: 'period', input: period, required: true },
  amount: {
    column: 'amount',
    kind: 'number',
    input: money.invalid(0).messages({ 'any.invalid': '{{#label}} must be greater than 0' }),
    required: true,
  },
  status: { kind: 'string', values: RENT_STATUSES, input: true },
  // 0 until something is received (the column is null then); a PATCH may clear it.
  amountReceived: { column: 'amount_received', kind: 'number', nullable: 'request', input: money },
  datePaid: { column: 'date_paid', kind: 'date', nullable: true, input: true },
  dueDate: { column: 'due_date', kind: 'date', input: true, required: true },
  periodStart: { column: 'period_start', kind: 'date', nullable: true, input: true },
  periodEnd: { column: 'period_end', kind: 'date', nullable: true, input: true },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});

export type RentPaymentView = ViewOf<typeof rentFields.fields>;
export type RentPatchInput = InputOf<typeof rentFields.fields>;
/** A create body as validated: its required fields present, status defaulted, no nulls where create refuses them. */
export type RentCreateInput = RentPatchInput &
  Required<
    Pick<RentPatchInput, 'propertyId' | 'tenantId' | 'contractId' | 'period' | 'amount' | 'status' | 'dueDate'>
  > & {
    amountReceived?: number;
    datePaid?: string;
  };
