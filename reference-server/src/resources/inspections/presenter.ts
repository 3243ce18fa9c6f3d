// Inspection rows → the API shape, and the inspection.* webhook data (exactly the catalogue's fields).
import type { EventData } from '../../webhooks/catalogue/fields';
import type { Inspection } from '../../persistence/models';

export interface InspectionView {
  id: string;
  propertyId: string;
  propertyName: string;
  inspectionDate: string;
  inspectionType: string;
  status: Inspection['status'];
  inspectorName: string | null;
  summary: string | null;
  landlordActions: string;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentInspection = (i: Inspection, propertyName: string): InspectionView => ({
  id: i.id,
  propertyId: i.property_id,
  propertyName,
  inspectionDate: i.inspection_date,
  inspectionType: i.inspection_type,
  status: i.status,
  inspectorName: i.inspector_name,
  summary: i.summary,
  landlordActions: i.landlord_actions,
  completedAt: i.completed_at === null ? null : iso(i.completed_at),
  createdAt: iso(i.created_at),
  updatedAt: iso(i.updated_at),
});

/** inspection.scheduled and inspection.completed. */
export const inspectionEventData = (i: Inspection, propertyName: string): EventData<'inspection.scheduled'> => ({
  inspection_id: i.id,
  property_id: i.property_id,
  property_name: propertyName,
  inspection_date: i.inspection_date,
  inspection_type: i.inspection_type,
  status: i.status,
});

export const inspectionUpdatedData = (i: Inspection, propertyName: string): EventData<'inspection.updated'> => ({
  ...inspectionEventData(i, propertyName),
  landlord_actions: i.landlord_actions,
});

export const inspectionDeletedData = (i: Inspection, propertyName: string, deletedAt: Date): EventData<'inspection.deleted'> => ({
  ...inspectionEventData(i, propertyName),
  status: 'deleted',
  deleted_at: deletedAt.toISOString(),
});
