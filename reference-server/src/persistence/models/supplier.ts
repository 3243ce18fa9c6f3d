import { LandlordScopedModel } from './landlord-scoped-model';

export class Supplier extends LandlordScopedModel {
  static override tableName = 'suppliers';
  property_id!: string;
  utility_type!: string;
  supplier_name!: string;
  account_number!: string | null;
}
