import { LandlordScopedModel } from './landlord-scoped-model';

export class RentPayment extends LandlordScopedModel {
  static override tableName = 'rent_payments';
  static override softDeletable = true;
  contract_id!: string;
  property_id!: string;
  tenant_id!: string;
  period!: string;
  amount!: number;
  status!: 'Pending' | 'Paid' | 'Overdue';
  amount_received!: number | null;
  date_paid!: string | null;
  due_date!: string;
  period_start!: string | null;
  period_end!: string | null;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}
