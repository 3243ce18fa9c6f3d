import { Model } from 'objection';
import type { Plan } from '../../platform/auth/account-types';

export type { Plan };
export const PLANS: readonly Plan[] = ['Free', 'Essential', 'Professional', 'Portfolio', 'Enterprise'];

/** Landlords are the tenancy root: not scoped themselves. */
export class Landlord extends Model {
  static override tableName = 'landlords';
  id!: string;
  name!: string;
  email!: string;
  phone!: string | null;
  address!: string | null;
  plan!: Plan | null;
  subscription_status!: 'active' | 'cancelled' | 'none';
  timezone!: string;
  property_limit!: number | null;
  next_billing_date!: string | null;
  created_at!: Date;
  updated_at!: Date;
}
