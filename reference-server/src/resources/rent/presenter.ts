// Rent payment rows → the API shape (the field table's presenter, given the derived status; amountReceived 0
// while the column is null), the same as SQL for list pages, and the views → event data of rent.created /
// rent.updated.
import type { Knex } from 'knex';
import type { EventData } from '../../webhooks/catalogue/fields';
import type { RentPayment } from '../../persistence/models';
import { buildEventData } from '../../webhooks/catalogue/build';
import { rentFields, type RentPaymentView } from './fields';
import { rentStatus, rentStatusSql } from './status';

export type { RentPaymentView } from './fields';

export const presentRent = (row: RentPayment, today: string): RentPaymentView => ({
  ...rentFields.present(row, { status: rentStatus(row, today) }),
  amountReceived: row.amount_received === null ? 0 : Number(row.amount_received),
});

/** `presentRent` as SQL building the view's JSON text from a row of `alias` (a list page: field-table.ts jsonSql). */
export const rentJsonSql = (knex: Knex, alias: string, today: string): Knex.Raw =>
  rentFields.jsonSql(knex, alias, {
    status: rentStatusSql(knex, alias, today),
    amountReceived: knex.raw('coalesce(??.amount_received, 0)::float8', [alias]),
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
