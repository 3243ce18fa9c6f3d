// Per-landlord version counters: a committed change bumps the landlord's counter, and what a process keeps about
// the landlord remembers the counter it saw, so the next read of the counter tells it whether to look again. On one
// Redis every process shares the counters. Two kinds: the data version (every committed live write; the read cache
// keys answers by it) and the credentials version (revocations, plan changes, landlord deletion; the credential
// cache checks its entries against it).
import type Redis from 'ioredis';

export interface LandlordVersions {
  /** The landlord's current version; throws when the store cannot answer (the caller then does without). */
  current(landlordId: string): Promise<string>;
  /** The version's key in a shared store another client can read along (the limiter), if any. */
  keyOf?(landlordId: string): string;
  bump(landlordId: string): Promise<void>;
}

/** One process: the embedded default. */
export class MemoryLandlordVersions implements LandlordVersions {
  private readonly versions = new Map<string, number>();

  async current(landlordId: string): Promise<string> {
    return String(this.versions.get(landlordId) ?? 0);
  }

  async bump(landlordId: string): Promise<void> {
    this.versions.set(landlordId, (this.versions.get(landlordId) ?? 0) + 1);
  }
}

/**
 * Shared by every process on one Redis: a GET per read (or none, read along by the limiter), an INCR per change. A
 * missing key is version '0'. The connection is the caller's (a fail-fast one: an unanswered version means doing
 * without the cache, never a stale answer); several counters can share it.
 */
export class RedisLandlordVersions implements LandlordVersions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  keyOf(landlordId: string): string {
    return `${this.prefix}${landlordId}`;
  }

  async current(landlordId: string): Promise<string> {
    return (await this.redis.get(this.keyOf(landlordId))) ?? '0';
  }

  async bump(landlordId: string): Promise<void> {
    await this.redis.incr(this.keyOf(landlordId));
  }
}
