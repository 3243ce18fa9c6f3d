import { TenantModel } from './tenant-model';

export class Handbook extends TenantModel {
  static override tableName = 'handbooks';
  property_id!: string;
  knowledge!: Record<string, unknown> | null;
  updated_at!: Date;
}
