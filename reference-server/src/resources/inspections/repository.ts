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

export async function listInspections(scope: Scope, filter: InspectionFilter, page: PageRequest): Promise<{ rows: Inspection[]; total: number }> {
  const base = Inspection.scoped(scope);
  if (filter.propertyId) base.where('inspections.property_id', filter.propertyId);
  if (filter.status) base.where('inspections.status', filter.status);
  if (filter.inspectionType) base.where('inspections.inspection_type', filter.inspectionType);
  if (filter.from) base.where('inspections.inspection_date', '>=', filter.from);
  if (filter.to) base.where('inspections.inspection_date', '<=', filter.to);
  return Inspection.page(base, page, [['inspections.inspection_date', 'asc'], ['inspections.id', 'asc']]);
}

export const findInspection = (scope: Scope, id: string): Promise<Inspection> => Inspection.findOrNotFound(scope, id, 'Inspection');
export const insertInspection = async (scope: Scope, row: Partial<Inspection>): Promise<Inspection> => Inspection.insertScoped(scope, row).returning('*');
export const lockInspection = (scope: Scope, id: string): Promise<Inspection> => Inspection.lockOrNotFound(scope, id, 'Inspection');
export const patchInspection = (scope: Scope, id: string, patch: Partial<Inspection>): Promise<Inspection> => Inspection.patchReturning(scope, id, patch);
export const softDeleteInspection = (scope: Scope, id: string, at: Date): Promise<void> => Inspection.softDelete(scope, id, at);
export const findLiveProperty = async (scope: Scope, id: string): Promise<Property | undefined> => Property.scoped(scope).findById(id);
export { propertyName, propertyNames } from '../properties/repository';
