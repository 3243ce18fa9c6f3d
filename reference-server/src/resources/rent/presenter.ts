// Rent payment rows → the API shape, and the rows → event data of rent.created / rent.updated.
import type { EventData } from '../../webhooks/catalogue/fields';
import type { RentPayment } from '../../persistence/models';
import { buildEventData } from '../../webhooks/catalogue/build';
import { rentStatus, type RentStatus } from './status';

export interface RentPaymentView {
  id: string;
  propertyId: string;
  tenantId: string;
  contractId: string;
  period: string;
  amount: number;
  status: RentStatus;
  /** 0 until something is received (the column is null then). */
  amountReceived: number;
  datePaid: string | null;
  dueDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

export function presentRent(row: RentPayment, today: string): RentPaymentView {
  return {
    id: row.id,
    propertyId: row.property_id,
    tenantId: row.tenant_id,
    contractId: row.contract_id,
    period: row.period,
    amount: Number(row.amount),
    status: rentStatus(row, today),
    amountReceived: row.amount_received === null ? 0 : Number(row.amount_received),
    datePaid: row.date_paid,
    dueDate: row.due_date,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** rent.created `data`: exactly the catalogue's fields (buildEventData checks them). */
export const rentCreatedData = (v: RentPaymentView): EventData<'rent.created'> => buildEventData('rent.created', {
  rent_payment_id: v.id, contract_id: v.contractId, property_id: v.propertyId, tenant_id: v.tenantId,
  amount: v.amount, due_date: v.dueDate, status: v.status, period: v.period,
});

/** rent.updated `data`: rent.created's fields plus date_paid (null while unpaid) and amount_received. */
export const rentUpdatedData = (v: RentPaymentView): EventData<'rent.updated'> => buildEventData('rent.updated', {
  ...rentCreatedData(v), date_paid: v.datePaid, amount_received: v.amountReceived,
});
