// Client-side pacing so the suite never trips the per-minute limits it is not testing.
// The server counts on a 60 s sliding window; a bucket of capacity B refilled at R/s admits at most
// B + 60·R requests in any 60 s, so we choose B + 60·R = headroom × limit (B = 10 % of that budget).

import type { Clock } from './clock';
import { DEFAULT_ROLE_PLANS, type PacingConfig, type Rate, type StandardRole } from '../targets/types';

export type RequestKind = 'read' | 'write';

export function requestKind(method: string): RequestKind {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD' || m === 'OPTIONS' ? 'read' : 'write';
}

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly refillPerMs: number,
    private readonly clock: Clock,
  ) {
    this.tokens = capacity;
    this.updatedAt = clock.now();
  }

  /** Reserves one token and waits until it is due; returns how long it waited. Reservation first keeps concurrent callers in order. */
  async take(signal?: AbortSignal): Promise<number> {
    const now = this.clock.now();
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.updatedAt) * this.refillPerMs);
    this.updatedAt = now;
    this.tokens -= 1;
    if (this.tokens >= 0) return 0;
    const wait = Math.ceil(-this.tokens / this.refillPerMs);
    await this.clock.sleep(wait, signal);
    return wait;
  }
}

/** Per-minute budget → bucket: 10 % as burst, the rest refilled evenly over the minute. */
export function bucketFor(perMinute: number, headroom: number, clock: Clock): TokenBucket {
  const budget = Math.max(1, Math.floor(perMinute * headroom));
  const capacity = Math.max(1, Math.floor(budget * 0.1));
  const refillPerMs = Math.max(budget - capacity, 1) / 60_000;
  return new TokenBucket(capacity, refillPerMs, clock);
}

export class Pacer {
  private readonly buckets = new Map<string, TokenBucket>();

  /** roleOfKey: which role a literal key belongs to (undefined: not one of the target's keys, so not paced). */
  constructor(
    private readonly config: PacingConfig,
    private readonly roleOfKey: (key: string) => string | undefined,
    private readonly clock: Clock,
  ) {}

  rateFor(role: string): Rate {
    const configured = this.config.roles[role] ?? DEFAULT_ROLE_PLANS[role as StandardRole] ?? 'portfolio';
    return typeof configured === 'string' ? this.config.plans[configured] : configured;
  }

  /** Waits until a request with this key may go; unknown keys and no key are not paced (nothing to protect). */
  async acquire(key: string | undefined, method: string, signal?: AbortSignal): Promise<number> {
    if (!this.config.enabled || key === undefined) return 0;
    const role = this.roleOfKey(key);
    if (role === undefined) return 0;
    const kind = requestKind(method);
    const id = `${role}\u0000${kind}`;
    let bucket = this.buckets.get(id);
    if (!bucket) {
      const rate = this.rateFor(role);
      bucket = bucketFor(
        kind === 'read' ? rate.readsPerMinute : rate.writesPerMinute,
        this.config.headroom,
        this.clock,
      );
      this.buckets.set(id, bucket);
    }
    return bucket.take(signal);
  }
}
