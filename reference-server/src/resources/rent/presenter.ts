// Rent payment rows → the API shape (the field table's presenter, given the derived status; amountReceived 0
// while the column is null), and the views → event data of rent.created / rent.updated.
import type { EventData } from '../../webhooks/catalogue/fields';
import type { RentPayment } from '../../persistence/models';
import { buildEventData } from '../../webhooks/catalogue/build';
import { rentFields, type RentPaymentView } from './fields';
import { rentStatus } from './status';

export type { RentPaymentView } from './fields';

export const presentRent = (row: RentPayment, today: string): RentPaymentView => ({
  ...rentFields.present(row, { status: rentStatus(row, today) }),
  amountReceived: row.amount_received === null ? 0 : Number(row.amount_received),
});

/** rent.created `data`: exactly the catalogue's fields (buildEventData checks them). */
export const rentCreatedData = (v: RentPaymentView): EventData<'rent.created'> =>
  buildEventData('rent.created', {
    rent_payment_id: v.id,
    contract_id: v.contractId,
    property_id: v.propertyId,
    tenant_id: v.tenantId,
    amount: v.amount,
    due_date: v.dueDate,
    status: v.status,
    period: v.period,
  });

/** rent.updated `data`: rent.created's fields plus date_paid (null while unpaid) and amount_received. */
export const rentUpdatedData = (v: RentPaymentView): EventData<'rent.updated'> =>
  buildEventData('rent.updated', {
    ...rentCreatedData(v),
    date_paid: v.datePaid,
    amount_received: v.amountReceived,
  });
