// A short-lived cache of key lookups: the benchmark path authenticates every request, and a database round trip
// per request is the largest fixed cost. A change to what a key may do (revocation, plan, landlord deletion) is
// announced through CredentialChanges (credential-changes.ts), which clears every cache of this process at once.
// Other processes sharing a Redis learn it from the landlord's credentials version: each entry remembers the
// version read before its lookup, the limiter reads the current one along on every request, and an entry whose
// version differs is looked up again before the plan and scope gates run (`stale`, `reload`). The TTL only bounds
// how long a change made outside the dashboard (a database edit) goes unseen.
//
// Why the order is safe. A change commits, then bumps the version, then is answered. An entry stamped with
// version v came from a lookup that started after v was read: every change whose bump v includes had committed
// before that lookup began, so the entry has it. A change the entry lacks has a bump after v, so any request whose
// limiter reads the version after the change was answered reads a version other than v, and looks again. A lookup
// racing a change (started before its commit) is stamped with the version before its bump, never after it. A lookup
// that read no version before it (a miss: the key's landlord is unknown until the lookup) is stamped with none, and
// is looked up again at the next request that reads one. Within one process the same holds without versions: a
// lookup started before a clear is not kept after it (the generation).
export interface Found<T> {
  readonly value: T;
  /** The credentials version read before the lookup that found `value`; undefined when none was. */
  readonly version: string | undefined;
  /** Looked up for this very request (its answer is as fresh as this request needs). */
  readonly lookedUp: boolean;
}

interface Entry<T> extends Found<T> {
  readonly expiresAt: number;
}

export interface CredentialCacheOptions {
  readonly maxEntries?: number;
  /** Milliseconds since the epoch (tests move it by hand). */
  readonly now?: () => number;
}

export class CredentialCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private generation = 0;

  /** `lookup`: the database's answer for a key. `ttlMs` 0 turns the cache off. */
  constructor(
    private readonly lookup: (key: string) => Promise<T>,
    private readonly ttlMs: number,
    options: CredentialCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  // Four steps, so that a hit (nearly every request) awaits nothing but the limiter: before the limiter, `cached`, or
  // on a miss `lookUp`; after it, `stale`, and only when stale `reload`.

  /** Before the limiter: the cached answer, if any. */
  cached(key: string): Found<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** Before the limiter, on a miss: the database's answer, kept without a version (none was read before it). */
  async lookUp(key: string): Promise<Found<T>> {
    return { value: await this.load(key, undefined), version: undefined, lookedUp: true };
  }

  /**
   * After the limiter, with the credentials version it read along (`seen`; undefined without a shared store):
   * whether the found answer may be from before a change, and must be looked up again (`reload`).
   */
  stale(found: Found<T>, seen: string | undefined): seen is string {
    return seen !== undefined && !found.lookedUp && found.version !== seen;
  }

  /** The database's answer, kept with `seen`, the version read before this lookup. */
  reload(key: string, seen: string): Promise<T> {
    return this.load(key, seen);
  }

  /** Drops every entry, and the answer of every lookup under way. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private async load(key: string, version: string | undefined): Promise<T> {
    const generation = this.generation;
    const value = await this.lookup(key);
    // A clear while the lookup ran: its answer may be from before the change the clear announced.
    if (this.ttlMs > 0 && generation === this.generation) {
      if (this.entries.size >= this.maxEntries && !this.entries.has(key))
        this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { value, version, lookedUp: false, expiresAt: this.now() + this.ttlMs });
    }
    return value;
  }
}
