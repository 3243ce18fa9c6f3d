// A short-lived cache of key lookups: the benchmark path authenticates every request, and a database round
// trip per request is the largest fixed cost. Revoking a key or changing a plan through the dashboard clears
// every cache in this process at once; other processes see the change within the TTL (default 5 s).
export interface CachedEntry<T> {
  readonly value: T;
  readonly expiresAt: number;
}

const caches = new Set<CredentialCache<unknown>>();

export class CredentialCache<T> {
  private readonly entries = new Map<string, CachedEntry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {
    caches.add(this);
  }

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }

  dispose(): void {
    this.clear();
    caches.delete(this);
  }
}

/** Called by the dashboard after a revocation or a plan change. */
export function clearCredentialCaches(): void {
  for (const cache of caches) cache.clear();
}
