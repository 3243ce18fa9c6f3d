import { TenantModel } from './tenant-model';

export class Contract extends TenantModel {
  static override tableName = 'contracts';
  static override softDeletable = true;
  property_id!: string;
  main_tenant_id!: string;
  additional_tenant_ids!: string[];
  tenancy_reference!: string;
  start_date!: string;
  end_date!: string | null;
  rent_amount!: number;
  rent_frequency!: string;
  deposit_amount!: number | null;
  notice_served!: boolean;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}
