// Contract status is derived, never stored: from the dates (in the landlord's local date) unless notice was
// served. Once the end date has passed a contract is Ended, notice or not.
import type { Knex } from 'knex';
import type { CountSums } from '../../persistence/models/landlord-count';

export type ContractStatus = 'Active' | 'Pending' | 'Notice Served' | 'Ended';
export const CONTRACT_STATUSES: readonly ContractStatus[] = ['Active', 'Pending', 'Notice Served', 'Ended'];

export function contractStatus(
  c: { start_date: string; end_date: string | null; notice_served: boolean },
  today: string,
): ContractStatus {
  if (c.end_date !== null && c.end_date < today) return 'Ended';
  if (c.notice_served) return 'Notice Served';
  if (c.start_date > today) return 'Pending';
  return 'Active';
}

/**
 * `status = ?` as plain conditions the database can combine with an index (the CASE of `contractStatusSql` hides
 * every column from it): the same rule, branch by branch.
 */
export function whereContractStatus(knex: Knex, alias: string, status: ContractStatus, today: string): Knex.Raw {
  const notEnded = knex.raw('(??.end_date is null or ??.end_date >= ?::date)', [alias, alias, today]);
  switch (status) {
    case 'Ended':
      return knex.raw('(??.end_date is not null and ??.end_date < ?::date)', [alias, alias, today]);
    case 'Notice Served':
      return knex.raw('? and ??.notice_served', [notEnded, alias]);
    case 'Pending':
      return knex.raw('? and not ??.notice_served and ??.start_date > ?::date', [notEnded, alias, alias, today]);
    case 'Active':
      return knex.raw('? and not ??.notice_served and ??.start_date <= ?::date', [notEnded, alias, alias, today]);
  }
}

/** The same rule as SQL, for filtering and counting in the database. */
export function contractStatusSql(knex: Knex, alias: string, today: string): Knex.Raw {
  return knex.raw(
    `case when ??.end_date is not null and ??.end_date < ?::date then 'Ended' when ??.notice_served then 'Notice Served' when ??.start_date > ?::date then 'Pending' else 'Active' end`,
    [alias, alias, today, alias, alias, today],
  );
}

/** The counts (migration 20261127000000_list_counts) a contract total is derived from. */
export const CONTRACT_COUNT_KINDS = [
  'contracts',
  'contracts.start',
  'contracts.end',
  'contracts.inverted',
  'contracts.ended',
  'contracts.notice',
  'contracts.notice.end',
] as const;

/** How many live contracts are of the status today (all of them without one): the same rule, over counts by date. */
export function contractStatusTotal(
  sums: (kind: (typeof CONTRACT_COUNT_KINDS)[number]) => CountSums,
  status: ContractStatus | undefined,
): number {
  const all = sums('contracts').all;
  const ended = sums('contracts.ended').before;
  const noticeServed = sums('contracts.notice').all - sums('contracts.notice.end').before;
  // Without notice: started through today, less those whose end is before today; a contract whose end comes
  // before its own start has ended by the time it starts.
  const active = sums('contracts.start').through - sums('contracts.end').before - sums('contracts.inverted').through;
  switch (status) {
    case undefined:
      return all;
    case 'Ended':
      return ended;
    case 'Notice Served':
      return noticeServed;
    case 'Active':
      return active;
    // The four statuses partition the contracts.
    case 'Pending':
      return all - ended - noticeServed - active;
  }
}
