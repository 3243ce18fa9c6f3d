import { LandlordScopedModel } from './landlord-scoped-model';

export class MeterReading extends LandlordScopedModel {
  static override tableName = 'meter_readings';
  meter_id!: string;
  reading_date!: string;
  reason!: string;
  status!: string;
  registers!: Array<{ register: string; value: number }>;
  created_at!: Date;
}
