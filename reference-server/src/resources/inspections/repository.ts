// Inspection reads, through the landlord scope.
import { Inspection, Property, type InspectionStatus, type Scope } from '../../persistence/models';
import type { PageRequest } from '../../platform/http/pagination';

export interface InspectionFilter {
  readonly propertyId?: string;
  readonly status?: InspectionStatus;
  readonly inspectionType?: string;
  /** Inclusive bounds on inspectionDate. */
  readonly from?: string;
  readonly to?: string;
}

export async function listInspections(
  scope: Scope,
  filter: InspectionFilter,
  page: PageRequest,
): Promise<{ rows: Inspection[]; total: number }> {
  const base = Inspection.scoped(scope);
  if (filter.propertyId) base.where('inspections.property_id', filter.propertyId);
  if (filter.status) base.where('inspections.status', filter.status);
  if (filter.inspectionType) base.where('inspections.inspection_type', filter.inspectionType);
  if (filter.from) base.where('inspections.inspection_date', '>=', filter.from);
  if (filter.to) base.where('inspections.inspection_date', '<=', filter.to);
  return Inspection.page(base, page, [
    ['inspections.inspection_date', 'asc'],
    ['inspections.id', 'asc'],
  ]);
}

export const {
  find: findInspection,
  insert: insertInspection,
  lock: lockInspection,
  patch: patchInspection,
  softDelete: softDeleteInspection,
} = Inspection.byId('Inspection');
export const findLiveProperty = async (scope: Scope, id: string): Promise<Property | undefined> =>
  Property.scoped(scope).findById(id);
export { propertyName, propertyNames } from '../properties/repository';
