import { LandlordScopedModel } from './landlord-scoped-model';

export class Handbook extends LandlordScopedModel {
  static override tableName = 'handbooks';
  property_id!: string;
  knowledge!: Record<string, unknown> | null;
  updated_at!: Date;
}
