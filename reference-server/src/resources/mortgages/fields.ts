// The mortgage's fields, once: column, kind, nullability and request rule (see ../field-table.ts).
import Joi from 'joi';
import type { Mortgage } from '../../persistence/models';
import { uuid } from '../../platform/http/schemas';
import { fieldTable, type InputOf, type ViewOf } from '../field-table';

export const MORTGAGE_STATUSES = ['Active', 'Pending', 'Redeemed'] as const;
export const RATE_TYPES = ['Fixed', 'Variable', 'Tracker', 'Discount'] as const;

// strict: a third decimal is refused rather than silently rounded.
const money = (max: number) => Joi.number().strict().min(0).max(max).precision(2);

export const mortgageFields = fieldTable<Mortgage>()({
  id: { column: 'id', kind: 'uuid' },
  lender: { column: 'lender', kind: 'string', input: Joi.string().trim().min(1).max(200), required: true },
  reference: { column: 'reference', kind: 'string', input: Joi.string().trim().min(1).max(120), required: true },
  balance: { column: 'balance', kind: 'number', input: money(1e11), required: true },
  // Percent per year, e.g. 4.25.
  interestRate: {
    column: 'interest_rate',
    kind: 'number',
    input: Joi.number().strict().min(0).max(100).precision(3),
    required: true,
  },
  monthlyPayment: { column: 'monthly_payment', kind: 'number', input: money(1e9), required: true },
  rateType: { column: 'rate_type', kind: 'string', values: RATE_TYPES, nullable: true, input: true },
  productEndDate: { column: 'product_end_date', kind: 'date', nullable: true, input: true },
  termEndDate: { column: 'term_end_date', kind: 'date', nullable: true, input: true },
  status: { column: 'status', kind: 'string', values: MORTGAGE_STATUSES, input: true },
  // The linked properties live in mortgage_properties: given to the presenter, replaced as a set on write.
  propertyIds: { kind: 'uuids', input: Joi.array().items(uuid).max(500).unique() },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});

export type MortgageView = ViewOf<typeof mortgageFields.fields>;
export type MortgageInput = InputOf<typeof mortgageFields.fields>;
