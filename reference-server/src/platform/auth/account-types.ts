// What a key and its landlord's account carry into a request: mode, scope, plan and per-key limit overrides.
export type Plan = 'Free' | 'Essential' | 'Professional' | 'Portfolio' | 'Enterprise';

export type KeyMode = 'live' | 'sandbox';
export type KeyScope = 'read_only' | 'read_write';

export interface RateLimitOverrides {
  readonly readsPerMinute?: number;
  readonly writesPerMinute?: number;
  readonly readsPerDay?: number;
  readonly writesPerDay?: number;
}
