// The spec's rate-limit table, and the per-landlord limits of the invoice endpoints.
import type { Plan, RateLimitOverrides } from '../auth/account-types';

export interface WindowSpec {
  readonly name: 'minute' | 'day';
  readonly windowMs: number;
  readonly limit: number;
}

export type RequestClass = 'read' | 'write';

const MINUTE = 60_000;
const DAY = 86_400_000;

const TABLE: Record<'Portfolio' | 'Enterprise', Required<RateLimitOverrides>> = {
  Portfolio: { readsPerMinute: 100, writesPerMinute: 30, readsPerDay: 10_000, writesPerDay: 3_000 },
  Enterprise: { readsPerMinute: 500, writesPerMinute: 100, readsPerDay: 50_000, writesPerDay: 10_000 },
};

/** Windows for one key and request class; per-key overrides (dashboard) replace the plan's numbers. */
export function windowsFor(
  plan: Plan | null,
  requestClass: RequestClass,
  overrides: RateLimitOverrides | null,
): WindowSpec[] {
  const base = plan === 'Enterprise' || plan === 'Portfolio' ? TABLE[plan] : TABLE.Portfolio;
  const limits = { ...base, ...(overrides ?? {}) };
  return requestClass === 'read'
    ? [
        { name: 'minute', windowMs: MINUTE, limit: limits.readsPerMinute },
        { name: 'day', windowMs: DAY, limit: limits.readsPerDay },
      ]
    : [
        { name: 'minute', windowMs: MINUTE, limit: limits.writesPerMinute },
        { name: 'day', windowMs: DAY, limit: limits.writesPerDay },
      ];
}

/** Per-landlord limits named as in the spec (`public_api.rent_invoice_pdf`, `public_api.rent_invoice_email`). */
export const LANDLORD_LIMITS = {
  'public_api.rent_invoice_pdf': { name: 'minute', windowMs: MINUTE, limit: 20 },
  'public_api.rent_invoice_email': { name: 'minute', windowMs: MINUTE, limit: 10 },
} as const satisfies Record<string, WindowSpec>;

export type LandlordLimitName = keyof typeof LANDLORD_LIMITS;
