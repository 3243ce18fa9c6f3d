// A small in-process LRU with a time-to-live read from the clock (tests move time instead of sleeping), and
// single-flight loading: concurrent misses for one key share one rendering instead of rendering N times.
import type { Clock } from '../../../platform/clock';

interface Entry<V> {
  readonly value: V;
  readonly expiresAt: number;
}

export interface CacheStats {
  hits: number;
  misses: number;
}

export class TtlLruCache<V> {
  private readonly entries = new Map<string, Entry<V>>(); // insertion order = recency order
  private readonly loading = new Map<string, Promise<V>>();
  readonly stats: CacheStats = { hits: 0, misses: 0 };

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.clock.now().getTime()) return undefined;
    this.entries.set(key, entry); // most recently used goes last
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock.now().getTime() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    const cached = this.get(key);
    if (cached !== undefined) {
      this.stats.hits += 1;
      return { value: cached, hit: true };
    }
    const inFlight = this.loading.get(key);
    if (inFlight) {
      this.stats.hits += 1;
      return { value: await inFlight, hit: true };
    }
    this.stats.misses += 1;
    const promise = load();
    this.loading.set(key, promise);
    try {
      const value = await promise;
      this.set(key, value);
      return { value, hit: false };
    } finally {
      this.loading.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.stats.hits = 0;
    this.stats.misses = 0;
  }
}
