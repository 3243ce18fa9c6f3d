// The date-driven events and their lead times (the spec leaves the numbers open; docs/api-notes/webhooks.md):
//   rent.due_soon      a Pending payment due in 1 to 3 days (once per payment and due date)
//   rent.overdue       an unpaid (Pending or Overdue) payment whose due date has passed (once per payment and due date)
//   contract.expiring  60 days and again 30 days before the end date (once per contract, end date and mark)
//   contract.ended     the day after the end date, when the contract's derived status becomes Ended
//                      (once per contract and end date; not for contracts that ended more than 30 days ago)
// "Today" is the landlord's local date, as everywhere else in the API. Each rule finds candidates that have
// no scheduled_events key yet; the scheduler records the key and the event in one transaction.
import type { AnyEvent } from '../outbox/record';
import type { Knex } from 'knex';
import { addDays, daysBetween } from '../../platform/time/dates';
import { buildEventData } from '../catalogue/build';
import type { EventType } from '../event-types';

export const LEAD_TIMES = {
  rentDueSoonDays: 3,
  contractExpiringDays: [60, 30] as const,
  contractEndedCatchUpDays: 30,
} as const;

/** A date-driven event to fire once: its type and catalogue-typed data, its source and the occurrence's key. */
export type ScheduledEvent = AnyEvent & {
  readonly sourceId: string;
  readonly occurrence: string;
};

/** A scheduled event found for a landlord. */
export type Occurrence = ScheduledEvent & { readonly landlordId: string };

export interface ScheduledRule {
  readonly type: EventType;
  find(db: Knex, landlordIds: readonly string[], today: string): Promise<Occurrence[]>;
}

const notYetScheduled = (db: Knex, type: EventType, sourceColumn: string, occurrenceSql: string): Knex.Raw =>
  db.raw(
    `not exists (select 1 from scheduled_events s where s.event_type = ? and s.source_id = ${sourceColumn} and s.occurrence = ${occurrenceSql})`,
    [type],
  );

interface RentCandidate {
  id: string;
  landlord_id: string;
  contract_id: string;
  property_id: string;
  property_name: string;
  amount: number;
  due_date: string;
}

const rentCandidates = (db: Knex, landlordIds: readonly string[]) =>
  db('rent_payments as rp')
    .join('properties as p', 'p.id', 'rp.property_id')
    .whereIn('rp.landlord_id', [...landlordIds])
    .whereNull('rp.deleted_at')
    .whereNull('p.deleted_at')
    .select(
      'rp.id',
      'rp.landlord_id',
      'rp.contract_id',
      'rp.property_id',
      'p.short_name as property_name',
      'rp.amount',
      db.raw(`to_char(rp.due_date, 'YYYY-MM-DD') as due_date`),
    );

const rentOverdue: ScheduledRule = {
  type: 'rent.overdue',
  async find(db, landlordIds, today) {
    const rows = (await rentCandidates(db, landlordIds)
      .whereNot('rp.status', 'Paid')
      .where('rp.due_date', '<', today)
      .whereRaw(notYetScheduled(db, 'rent.overdue', 'rp.id', `to_char(rp.due_date, 'YYYY-MM-DD')`))) as RentCandidate[];
    return rows.map((r) => ({
      type: 'rent.overdue',
      landlordId: r.landlord_id,
      sourceId: r.id,
      occurrence: r.due_date,
      data: buildEventData('rent.overdue', {
        rent_payment_id: r.id,
        contract_id: r.contract_id,
        property_id: r.property_id,
        property_name: r.property_name,
        amount: Number(r.amount),
        due_date: r.due_date,
        days_overdue: daysBetween(r.due_date, today),
      }),
    }));
  },
};

const rentDueSoon: ScheduledRule = {
  type: 'rent.due_soon',
  async find(db, landlordIds, today) {
    const rows = (await rentCandidates(db, landlordIds)
      .where('rp.status', 'Pending')
      .where('rp.due_date', '>', today)
      .where('rp.due_date', '<=', addDays(today, LEAD_TIMES.rentDueSoonDays))
      .whereRaw(
        notYetScheduled(db, 'rent.due_soon', 'rp.id', `to_char(rp.due_date, 'YYYY-MM-DD')`),
      )) as RentCandidate[];
    return rows.map((r) => ({
      type: 'rent.due_soon',
      landlordId: r.landlord_id,
      sourceId: r.id,
      occurrence: r.due_date,
      data: buildEventData('rent.due_soon', {
        rent_payment_id: r.id,
        contract_id: r.contract_id,
        property_id: r.property_id,
        property_name: r.property_name,
        amount: Number(r.amount),
        due_date: r.due_date,
        days_until_due: daysBetween(today, r.due_date),
      }),
    }));
  },
};

interface ContractCandidate {
  id: string;
  landlord_id: string;
  property_id: string;
  property_name: string;
  start_date: string;
  end_date: string;
}

const contractCandidates = (db: Knex, landlordIds: readonly string[]) =>
  db('contracts as c')
    .join('properties as p', 'p.id', 'c.property_id')
    .whereIn('c.landlord_id', [...landlordIds])
    .whereNull('c.deleted_at')
    .whereNotNull('c.end_date')
    .select(
      'c.id',
      'c.landlord_id',
      'c.property_id',
      'p.short_name as property_name',
      db.raw(`to_char(c.start_date, 'YYYY-MM-DD') as start_date`),
      db.raw(`to_char(c.end_date, 'YYYY-MM-DD') as end_date`),
    );

/** The expiring mark a contract is in: `d30` within 30 days, `d60` within 60 (the 60-day notice). */
const [FAR, NEAR] = LEAD_TIMES.contractExpiringDays;

const contractExpiring: ScheduledRule = {
  type: 'contract.expiring',
  async find(db, landlordIds, today) {
    const mark = `to_char(c.end_date, 'YYYY-MM-DD') || case when c.end_date <= '${addDays(today, NEAR)}'::date then ':d${NEAR}' else ':d${FAR}' end`;
    const rows = (await contractCandidates(db, landlordIds)
      .where('c.end_date', '>=', today)
      .where('c.end_date', '<=', addDays(today, FAR))
      .whereRaw(notYetScheduled(db, 'contract.expiring', 'c.id', mark))) as ContractCandidate[];
    return rows.map((r) => {
      const days = daysBetween(today, r.end_date);
      return {
        type: 'contract.expiring',
        landlordId: r.landlord_id,
        sourceId: r.id,
        occurrence: `${r.end_date}:d${days <= NEAR ? NEAR : FAR}`,
        data: buildEventData('contract.expiring', {
          contract_id: r.id,
          property_id: r.property_id,
          property_name: r.property_name,
          end_date: r.end_date,
          days_until_expiry: days,
        }),
      };
    });
  },
};

const contractEnded: ScheduledRule = {
  type: 'contract.ended',
  async find(db, landlordIds, today) {
    // Ended = end date before today (contracts/status.ts), notice served or not.
    const rows = (await contractCandidates(db, landlordIds)
      .where('c.end_date', '<', today)
      .where('c.end_date', '>=', addDays(today, -LEAD_TIMES.contractEndedCatchUpDays))
      .whereRaw(
        notYetScheduled(db, 'contract.ended', 'c.id', `to_char(c.end_date, 'YYYY-MM-DD')`),
      )) as ContractCandidate[];
    return rows.map((r) => ({
      type: 'contract.ended',
      landlordId: r.landlord_id,
      sourceId: r.id,
      occurrence: r.end_date,
      data: buildEventData('contract.ended', {
        contract_id: r.id,
        property_id: r.property_id,
        property_name: r.property_name,
        start_date: r.start_date,
        end_date: r.end_date,
      }),
    }));
  },
};

export const SCHEDULED_RULES: readonly ScheduledRule[] = [rentOverdue, rentDueSoon, contractExpiring, contractEnded];
