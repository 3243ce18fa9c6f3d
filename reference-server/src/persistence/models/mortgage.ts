import { LandlordScopedModel } from './landlord-scoped-model';

export type MortgageStatus = 'Active' | 'Pending' | 'Redeemed';

export class Mortgage extends LandlordScopedModel {
  static override tableName = 'mortgages';
  static override softDeletable = true;
  lender!: string;
  reference!: string;
  balance!: number;
  interest_rate!: number;
  monthly_payment!: number;
  rate_type!: string | null;
  product_end_date!: string | null;
  term_end_date!: string | null;
  status!: MortgageStatus;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}

/** The properties a mortgage secures. */
export class MortgageProperty extends LandlordScopedModel {
  static override tableName = 'mortgage_properties';
  mortgage_id!: string;
  property_id!: string;
  position!: number;
}
