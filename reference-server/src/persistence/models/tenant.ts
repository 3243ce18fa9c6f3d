import { LandlordScopedModel } from './landlord-scoped-model';

export class Tenant extends LandlordScopedModel {
  static override tableName = 'tenants';
  static override softDeletable = true;
  property_id!: string | null;
  first_name!: string;
  last_name!: string;
  email!: string | null;
  phone!: string | null;
  status!: 'INVITED' | 'ACTIVE';
  has_account!: boolean;
  right_to_rent_expiry!: string | null;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}
