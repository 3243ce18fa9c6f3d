// Inspection rows → the API shape (the field table's presenter), and the inspection.* webhook data (the catalogue's fields).
import type { EventData } from '../../webhooks/catalogue/fields';
import type { Inspection } from '../../persistence/models';
import { inspectionFields, type InspectionView } from './fields';

export type { InspectionView } from './fields';

export const presentInspection = (i: Inspection, propertyName: string): InspectionView =>
  inspectionFields.present(i, { propertyName });

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

export const inspectionDeletedData = (
  i: Inspection,
  propertyName: string,
  deletedAt: Date,
): EventData<'inspection.deleted'> => ({
  ...inspectionEventData(i, propertyName),
  status: 'deleted',
  deleted_at: deletedAt.toISOString(),
});
