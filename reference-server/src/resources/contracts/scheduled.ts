// Inputs for the scheduled contract events (contract.ended, contract.expiring), which the webhook scheduler
// fires: it owns lead times and de-duplication; this module only answers "which contracts, with what data".
import { Contract, type Scope } from '../../persistence/models';
import { addDays } from '../../platform/time/dates';
import type { EventData } from '../../webhooks/catalogue/fields';
import { contractEndedData, contractExpiringData } from './event-data';

export interface ScheduledContract<
  T extends 'contract.ended' | 'contract.expiring' = 'contract.ended' | 'contract.expiring',
> {
  readonly contract: Contract;
  readonly propertyName: string;
  /** The event's `data`, exactly the catalogue's fields (typed by the catalogue). */
  readonly data: EventData<T>;
}

type Row = Contract & { end_date: string; property_short_name: string };

const withProperty = (scope: Scope) =>
  Contract.scoped(scope)
    .join('properties', 'properties.id', 'contracts.property_id')
    .whereNull('properties.deleted_at')
    .whereNotNull('contracts.end_date')
    .select('contracts.*', 'properties.short_name as property_short_name')
    .orderBy('contracts.end_date')
    .orderBy('contracts.id');

/**
 * Contracts that have moved to Ended: end date before `today` (a contract is Ended from the day after its
 * end date), and on or after `endedSince` when given so a scheduler can look at a recent window only.
 */
export async function endedContracts(
  scope: Scope,
  today: string,
  endedSince?: string,
): Promise<Array<ScheduledContract<'contract.ended'>>> {
  const query = withProperty(scope).where('contracts.end_date', '<', today);
  if (endedSince) query.where('contracts.end_date', '>=', endedSince);
  const rows = (await query) as Row[];
  return rows.map((c) => ({
    contract: c,
    propertyName: c.property_short_name,
    data: contractEndedData(c, { short_name: c.property_short_name }),
  }));
}

/** Contracts not yet Ended whose end date is within `days` days of today (today itself included). */
export async function expiringContracts(
  scope: Scope,
  today: string,
  days: number,
): Promise<Array<ScheduledContract<'contract.expiring'>>> {
  const rows = (await withProperty(scope).whereBetween('contracts.end_date', [today, addDays(today, days)])) as Row[];
  return rows.map((c) => ({
    contract: c,
    propertyName: c.property_short_name,
    data: contractExpiringData(c, { short_name: c.property_short_name }, today),
  }));
}
