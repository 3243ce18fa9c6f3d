// Mortgage reads and property links, through the landlord scope.
import { randomUUID } from 'node:crypto';
import { Mortgage, MortgageProperty, Property, type Page, type Scope } from '../../persistence/models';
import type { PageRequest } from '../../platform/http/pagination';
import type { MORTGAGE_STATUSES } from './fields';
import { containsPattern } from '../../persistence/like';

export interface MortgageFilter {
  readonly status?: (typeof MORTGAGE_STATUSES)[number];
  readonly propertyId?: string;
  readonly search?: string;
}

export async function listMortgages(scope: Scope, filter: MortgageFilter, page: PageRequest): Promise<Page<Mortgage>> {
  const base = Mortgage.scoped(scope);
  if (filter.status) base.where('mortgages.status', filter.status);
  if (filter.propertyId) {
    base.whereExists(
      MortgageProperty.scoped(scope)
        .whereColumn('mortgage_properties.mortgage_id', 'mortgages.id')
        .where('mortgage_properties.property_id', filter.propertyId),
    );
  }
  if (filter.search) {
    const term = containsPattern(filter.search);
    base.where(
      (q) =>
        void q
          .whereRaw(`mortgages.lender ilike ? escape '\\'`, [term])
          .orWhereRaw(`mortgages.reference ilike ? escape '\\'`, [term]),
    );
  }
  return Mortgage.page(base, page, [
    ['mortgages.created_at', 'asc'],
    ['mortgages.id', 'asc'],
  ]);
}

export const {
  find: findMortgage,
  insert: insertMortgage,
  lock: lockMortgage,
  patch: patchMortgage,
  softDelete: softDeleteMortgage,
} = Mortgage.byId('Mortgage');

/** Linked live properties per mortgage, in the order they were given (deleted properties drop out). */
export async function linkedProperties(scope: Scope, mortgageIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(mortgageIds.map((id) => [id, []]));
  if (mortgageIds.length === 0) return out;
  const rows = await MortgageProperty.scoped(scope)
    .join('properties', 'properties.id', 'mortgage_properties.property_id')
    .whereNull('properties.deleted_at')
    .whereIn('mortgage_properties.mortgage_id', [...mortgageIds])
    .orderBy('mortgage_properties.position')
    .select('mortgage_properties.mortgage_id', 'mortgage_properties.property_id');
  for (const row of rows) out.get(row.mortgage_id)?.push(row.property_id);
  return out;
}

/** The ids among `ids` that are not live properties of the landlord. */
export async function unknownProperties(scope: Scope, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await Property.scoped(scope)
        .whereIn('properties.id', [...ids])
        .select('properties.id')
    ).map((p) => p.id),
  );
  return ids.filter((id) => !found.has(id));
}

export async function replaceLinks(scope: Scope, mortgageId: string, propertyIds: readonly string[]): Promise<void> {
  await MortgageProperty.scoped(scope).where('mortgage_properties.mortgage_id', mortgageId).delete();
  for (const [position, propertyId] of propertyIds.entries()) {
    await MortgageProperty.insertScoped(scope, {
      id: randomUUID(),
      mortgage_id: mortgageId,
      property_id: propertyId,
      position,
    });
  }
}
