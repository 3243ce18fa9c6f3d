import type { KeyMode, KeyScope, RateLimitOverrides } from '../../platform/auth/account-types';
import { LandlordScopedModel } from './landlord-scoped-model';

// The types live with the request's credentials (platform); the model stores them.
export type { KeyMode, KeyScope, RateLimitOverrides };

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
