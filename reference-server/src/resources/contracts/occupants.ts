// The spec's current-occupants rule, in one place: the occupants of a property are its Active contract's
// main tenant plus every additional tenant. A tenant's own propertyId or status does not count.
// "Active" is the derived status exactly (started, not ended, no notice served), the same set a client gets
// from GET /contracts?propertyId=…&status=Active. Overlapping live contracts are refused on write, so there is
// at most one; should old data hold more, the one that started last wins.
import type { Knex } from 'knex';
import { Contract, type Scope } from '../../persistence/models';
import { contractStatusSql } from './status';

async function activeContracts(scope: Scope, propertyIds: readonly string[], today: string): Promise<Contract[]> {
  if (propertyIds.length === 0) return [];
  return Contract.scoped(scope)
    .whereIn('contracts.property_id', [...propertyIds])
    .whereRaw(`(${contractStatusSql(scope.db as Knex, 'contracts', today).toQuery()}) = 'Active'`)
    .orderBy('contracts.start_date', 'desc')
    .orderBy('contracts.created_at', 'desc')
    .orderBy('contracts.id');
}

const occupantsOf = (c: Contract): string[] => [c.main_tenant_id, ...(c.additional_tenant_ids ?? [])];

/** Tenant ids living at the property today: main tenant first, then the additional tenants in contract order. */
export async function currentOccupants(scope: Scope, propertyId: string, today: string): Promise<string[]> {
  const [contract] = await activeContracts(scope, [propertyId], today);
  return contract ? occupantsOf(contract) : [];
}

/** The same for many properties in one query; properties without an Active contract are absent. */
export async function currentOccupantsByProperty(
  scope: Scope,
  propertyIds: readonly string[],
  today: string,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const c of await activeContracts(scope, propertyIds, today))
    if (!out.has(c.property_id)) out.set(c.property_id, occupantsOf(c));
  return out;
}
