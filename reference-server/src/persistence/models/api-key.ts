import { LandlordScopedModel } from './landlord-scoped-model';

export type KeyMode = 'live' | 'sandbox';
export type KeyScope = 'read_only' | 'read_write';

export interface RateLimitOverrides {
  readonly readsPerMinute?: number;
  readonly writesPerMinute?: number;
  readonly readsPerDay?: number;
  readonly writesPerDay?: number;
}

export class ApiKey extends LandlordScopedModel {
  static override tableName = 'api_keys';
  name!: string;
  key_hash!: string;
  last4!: string;
  mode!: KeyMode;
  scope!: KeyScope;
  rate_limits!: RateLimitOverrides | null;
  revoked_at!: Date | null;
  last_used_at!: Date | null;
  created_at!: Date;
}
