import { LandlordScopedModel } from './landlord-scoped-model';

export class ContractDocument extends LandlordScopedModel {
  static override tableName = 'contract_documents';
  static override softDeletable = true;
  contract_id!: string;
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
