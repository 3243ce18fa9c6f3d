// Rent status as reported: Paid stays Paid; a payment explicitly marked Overdue stays Overdue until paid; a Pending
// payment whose due date is before today (the landlord's local date) is reported Overdue. Derived at read time
// from the clock, never by a background job, so every read agrees with every filter. JS and SQL say the same.
import type { Knex } from 'knex';
import type { CountSums } from '../../persistence/models/landlord-count';

export type RentStatus = 'Paid' | 'Pending' | 'Overdue';
export const RENT_STATUSES: readonly RentStatus[] = ['Paid', 'Pending', 'Overdue'];

export function rentStatus(row: { status: string; due_date: string }, today: string): RentStatus {
  if (row.status === 'Paid') return 'Paid';
  if (row.status === 'Overdue' || row.due_date < today) return 'Overdue';
  return 'Pending';
}

/** The same rule as SQL over the table alias, for filtering and counting in the database. */
export function rentStatusSql(knex: Knex, alias: string, today: string): Knex.Raw {
  return knex.raw(
    `case when ??.status = 'Paid' then 'Paid' when ??.status = 'Overdue' or ??.due_date < ?::date then 'Overdue' else 'Pending' end`,
    [alias, alias, alias, today],
  );
}

/**
 * `status = ?` as SQL the database can answer from an index: the same rule as `rentStatusSql`, written as plain
 * conditions (Overdue and Pending rows are never Paid, so the unpaid-rows index holds every one of them).
 */
export function whereRentStatus(knex: Knex, alias: string, status: RentStatus, today: string): Knex.Raw {
  switch (status) {
    case 'Paid':
      return knex.raw(`??.status = 'Paid'`, [alias]);
    case 'Overdue':
      return knex.raw(`??.status <> 'Paid' and (??.status = 'Overdue' or ??.due_date < ?::date)`, [
        alias,
        alias,
        alias,
        today,
      ]);
    case 'Pending':
      return knex.raw(`??.status <> 'Paid' and ??.status <> 'Overdue' and ??.due_date >= ?::date`, [
        alias,
        alias,
        alias,
        today,
      ]);
  }
}

/** The counts (migration 20261127000000_list_counts) a rent total is derived from. */
export const RENT_COUNT_KINDS = ['rent', 'rent.paid', 'rent.marked_overdue', 'rent.unpaid'] as const;

/** How many live payments are of the status today (all of them without one): the same rule, over counts by due date. */
export function rentStatusTotal(
  sums: (kind: (typeof RENT_COUNT_KINDS)[number]) => CountSums,
  status: RentStatus | undefined,
): number {
  switch (status) {
    case undefined:
      return sums('rent').all;
    case 'Paid':
      return sums('rent.paid').all;
    case 'Overdue':
      return sums('rent.marked_overdue').all + sums('rent.unpaid').before;
    case 'Pending':
      return sums('rent.unpaid').all - sums('rent.unpaid').before;
  }
}

/** The document an invoice request produces: a receipt once the payment is Paid, an invoice before. */
export const documentTypeOf = (status: RentStatus): 'invoice' | 'receipt' =>
  status === 'Paid' ? 'receipt' : 'invoice';
