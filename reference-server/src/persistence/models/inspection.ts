import { LandlordScopedModel } from './landlord-scoped-model';

export type InspectionStatus = 'scheduled' | 'in_progress' | 'completed' | 'cancelled';

export class Inspection extends LandlordScopedModel {
  static override tableName = 'inspections';
  static override softDeletable = true;
  property_id!: string;
  inspection_date!: string;
  inspection_type!: string;
  status!: InspectionStatus;
  inspector_name!: string | null;
  summary!: string | null;
  landlord_actions!: string;
  completed_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}
