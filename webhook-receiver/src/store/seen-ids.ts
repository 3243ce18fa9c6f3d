import type { Clock } from './clock';

/** Spec (Events > Delivery 5): keep seen ids at least 24 hours. */
export const MIN_DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;

// Expired ids are dropped lazily, at most once per sweep interval, so memory stays bounded without a timer.
const SWEEP_INTERVAL_MS = 60 * 1000;

/** Delivery ids already processed, each remembered for `ttlMs` from when it was first accepted. */
export class SeenIds {
  private readonly firstSeen = new Map<string, number>();
  private lastSweep: number;

  constructor(
    readonly ttlMs: number,
    private readonly clock: Clock,
  ) {
    if (!Number.isFinite(ttlMs) || ttlMs <= 0)
      throw new RangeError('dedupeTtlMs must be a positive number of milliseconds');
    this.lastSweep = clock.now();
  }

  has(id: string): boolean {
    const seenAt = this.firstSeen.get(id);
    if (seenAt === undefined) return false;
    if (this.clock.now() - seenAt >= this.ttlMs) {
      this.firstSeen.delete(id);
      return false;
    }
    return true;
  }

  remember(id: string): void {
    this.sweep();
    if (!this.has(id)) this.firstSeen.set(id, this.clock.now());
  }

  get size(): number {
    return this.firstSeen.size;
  }

  clear(): void {
    this.firstSeen.clear();
  }

  private sweep(): void {
    const now = this.clock.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const [id, seenAt] of this.firstSeen) if (now - seenAt >= this.ttlMs) this.firstSeen.delete(id);
  }
}
