import { TenantModel } from './tenant-model';

export class Supplier extends TenantModel {
  static override tableName = 'suppliers';
  property_id!: string;
  utility_type!: string;
  supplier_name!: string;
  account_number!: string | null;
}
