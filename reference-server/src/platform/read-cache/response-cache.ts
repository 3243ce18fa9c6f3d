// Bounded in-process store of read answers, per landlord, least recently used first out. Entries are keyed by
// the landlord's data version (see ../landlord-versions.ts), so they never need invalidating on write; the TTL only
// bounds how long a change made outside the API (a manual database edit) can go unseen. Both the number of
// entries and their serialized bytes are bounded (the parsed objects kept beside them take about as much again).
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
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get enabled(): boolean {
    return this.maxEntries > 0 && this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Serialized bytes held. */
  get heldBytes(): number {
    return this.bytes;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.bytes -= entry.answer.payload.length;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used goes last
    return entry.answer;
  }

  set(key: string, value: object): CachedAnswer {
    const answer = { value, payload: Buffer.from(JSON.stringify(value)) };
    // An answer bigger than an eighth of the budget would evict too much for one entry: served, not kept.
    if (!this.enabled || answer.payload.length > this.maxBytes / 8) return answer;
    this.remove(key);
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxEntries || this.bytes + answer.payload.length > this.maxBytes)
    ) {
      this.remove(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { answer, expiresAt: this.clock.now().getTime() + this.ttlMs });
    this.bytes += answer.payload.length;
    return answer;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.answer.payload.length;
  }
}
