import { LandlordScopedModel } from './landlord-scoped-model';

export class PropertyDocument extends LandlordScopedModel {
  static override tableName = 'property_documents';
  static override softDeletable = true;
  property_id!: string;
  name!: string;
  type!: string;
  expiry_date!: string | null;
  storage_key!: string;
  content_type!: string;
  size_bytes!: number;
  created_at!: Date;
  deleted_at!: Date | null;
}
