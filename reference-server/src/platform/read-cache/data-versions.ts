// A per-landlord data version: every committed live write bumps it, and cached reads are keyed by it, so a read
// after a write (on any server process sharing the store) never sees the cached answer from before the write.
import type Redis from 'ioredis';
import { failFastRedis } from '../redis-client';

export interface DataVersions {
  /** The landlord's current version; throws when the store cannot answer (the caller then reads uncached). */
  current(landlordId: string): Promise<string>;
  /** The version's key in a shared store another client can read along (the limiter), if any. */
  keyOf?(landlordId: string): string;
  bump(landlordId: string): Promise<void>;
  close(): Promise<void>;
}

/** One process: the embedded default. */
export class MemoryDataVersions implements DataVersions {
  private readonly versions = new Map<string, number>();

  async current(landlordId: string): Promise<string> {
    return String(this.versions.get(landlordId) ?? 0);
  }

  async bump(landlordId: string): Promise<void> {
    this.versions.set(landlordId, (this.versions.get(landlordId) ?? 0) + 1);
  }

  async close(): Promise<void> {}
}

/** Shared by every process on one Redis: a GET per cached read, an INCR per committed write. */
export class RedisDataVersions implements DataVersions {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // Fail fast: an unanswered version means an uncached read, never a stale one.
    this.redis = failFastRedis(url);
  }

  async connect(): Promise<void> {
    await this.redis.connect().catch(() => undefined);
  }

  keyOf(landlordId: string): string {
    return `${this.prefix}${landlordId}`;
  }

  async current(landlordId: string): Promise<string> {
    return (await this.redis.get(this.keyOf(landlordId))) ?? '0';
  }

  async bump(landlordId: string): Promise<void> {
    await this.redis.incr(`${this.prefix}${landlordId}`);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
