// Bounded in-process store of read answers, per landlord, least recently used first out. Entries are keyed by
// the landlord's data version (see data-versions.ts), so they never need invalidating on write; the TTL only
// bounds how long a change made outside the API (a manual database edit) can go unseen.
import type { Clock } from '../clock';

/** A read answer and its JSON bytes, serialized once when cached. */
export interface CachedAnswer {
  readonly value: object;
  readonly payload: Buffer;
}

interface Entry {
  readonly answer: CachedAnswer;
  readonly expiresAt: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries: number, private readonly ttlMs: number, private readonly clock: Clock) {}

  get enabled(): boolean {
    return this.maxEntries > 0 && this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.clock.now().getTime()) return undefined;
    this.entries.set(key, entry); // most recently used goes last
    return entry.answer;
  }

  set(key: string, value: object): CachedAnswer {
    const answer = { value, payload: Buffer.from(JSON.stringify(value)) };
    if (!this.enabled) return answer;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { answer, expiresAt: this.clock.now().getTime() + this.ttlMs });
    return answer;
  }

  clear(): void {
    this.entries.clear();
  }
}
