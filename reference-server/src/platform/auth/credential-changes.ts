// Where a change to what a key may do is announced once it is committed: a revocation, a plan or subscription
// change (what the gates read), a landlord's deletion. Every credential cache of this process is cleared at once;
// with a shared store (Redis), the landlord's credentials version is bumped too, so every other process sharing it
// looks the key up again at its next request (the api-key scheme compares versions after the limiter's round trip).
import type { Logger } from 'pino';
import type { LandlordVersions } from '../landlord-versions';

export interface CredentialAnnouncer {
  /** After the change is committed and before it is answered: the caller's next request must see it. */
  committed(landlordId: string): Promise<void>;
}

/** For a change no process can have cached: a key issued and revoked in one transaction (the fixture loader). */
export const UNCACHED_CHANGE: CredentialAnnouncer = { committed: async () => undefined };

export class CredentialChanges implements CredentialAnnouncer {
  private readonly caches = new Set<{ clear(): void }>();

  /** `shared`: the credentials versions every process reads (Redis); undefined in one process (embedded). */
  constructor(
    private readonly logger: Logger,
    private readonly shared?: LandlordVersions,
  ) {}

  /** Clears `cache` at each announced change; returns the function that stops that. */
  watch(cache: { clear(): void }): () => void {
    this.caches.add(cache);
    return () => void this.caches.delete(cache);
  }

  /** The landlord's credentials version key, for the limiter to read along; undefined without a shared store. */
  get versionKey(): ((landlordId: string) => string) | undefined {
    const shared = this.shared;
    return shared?.keyOf ? (landlordId) => shared.keyOf!(landlordId) : undefined;
  }

  async committed(landlordId: string): Promise<void> {
    for (const cache of this.caches) cache.clear();
    // Unbumped (the store did not answer), other processes keep their entries until the TTL (CREDENTIAL_CACHE_MS),
    // the bound they had before versions; the change itself is committed and stays so.
    await this.shared
      ?.bump(landlordId)
      .catch((err: unknown) => this.logger.error({ err, landlordId }, 'credentials version bump failed'));
  }
}
