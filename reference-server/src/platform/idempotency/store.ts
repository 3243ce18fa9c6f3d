// A generic Idempotency-Key store (replay window 24 h). The first request with a key claims it; a matching
// request while the first still runs gets 409 IDEMPOTENCY_IN_PROGRESS; after success the stored answer is
// replayed. A claim whose owner died (process killed mid-request) is taken over after a lease expires, and a
// failed request releases its claim so the client may retry. A claim is known by when it was made, besides its
// key: a takeover, a completion and a release each touch only the claim they mean, never one made since by
// another request (on another process, say) for the same key.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../clock';
import { apiError } from '../errors/api-error';

export const IDEMPOTENCY_KEY_MAX = 128;
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const IN_PROGRESS_LEASE_MS = 2 * 60 * 1000;

export interface IdempotencyClaim {
  readonly landlordId: string;
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
}

export type ClaimOutcome =
  | { readonly kind: 'claimed'; readonly at: Date }
  | { readonly kind: 'replay'; readonly status: number; readonly body: unknown };

export const fingerprintOf = (...parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex');

interface Row {
  state: 'in_progress' | 'completed';
  fingerprint: string;
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
  expires_at: Date;
}

export class IdempotencyStore {
  constructor(
    private readonly knex: Knex,
    private readonly clock: Clock,
  ) {}

  async claim(claim: IdempotencyClaim): Promise<ClaimOutcome> {
    const now = this.clock.now();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const inserted = await this.knex('idempotency_keys')
        .insert({
          landlord_id: claim.landlordId,
          scope: claim.scope,
          key: claim.key,
          fingerprint: claim.fingerprint,
          state: 'in_progress',
          created_at: now,
          expires_at: new Date(now.getTime() + REPLAY_WINDOW_MS),
        })
        .onConflict(['landlord_id', 'scope', 'key'])
        .ignore()
        .returning('key');
      if (inserted.length > 0) return { kind: 'claimed', at: now };
      const row = (await this.knex('idempotency_keys')
        .where({ landlord_id: claim.landlordId, scope: claim.scope, key: claim.key })
        .first()) as Row | undefined;
      if (!row) continue; // released between our insert and read: try again
      const expired = new Date(row.expires_at).getTime() <= now.getTime();
      const abandoned =
        row.state === 'in_progress' && new Date(row.created_at).getTime() + IN_PROGRESS_LEASE_MS <= now.getTime();
      if (expired || abandoned) {
        // Only the row read here: another request may have taken it over already and claimed the key anew.
        await this.drop(claim, row.state, new Date(row.created_at));
        continue;
      }
      if (row.fingerprint !== claim.fingerprint) {
        throw apiError('CONFLICT', 'This Idempotency-Key was already used with a different request');
      }
      if (row.state === 'in_progress') throw apiError('IDEMPOTENCY_IN_PROGRESS');
      return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body };
    }
    throw apiError('IDEMPOTENCY_IN_PROGRESS');
  }

  /** Stores the answer of the claim made `at` (claim's outcome), if it is still the key's claim. */
  async complete(claim: IdempotencyClaim, at: Date, status: number, body: unknown): Promise<void> {
    await this.knex('idempotency_keys')
      .where({ landlord_id: claim.landlordId, scope: claim.scope, key: claim.key, state: 'in_progress' })
      .where('created_at', at)
      .update({ state: 'completed', response_status: status, response_body: JSON.stringify(body) });
  }

  /** Drops the claim made `at` (a failed request), if it is still the key's claim. */
  async release(claim: IdempotencyClaim, at: Date): Promise<void> {
    await this.drop(claim, 'in_progress', at);
  }

  private async drop(claim: IdempotencyClaim, state: Row['state'], at: Date): Promise<void> {
    await this.knex('idempotency_keys')
      .where({ landlord_id: claim.landlordId, scope: claim.scope, key: claim.key, state })
      .where('created_at', at)
      .delete();
  }

  /** Runs `work` at most once per key; replays its stored answer afterwards. Only successes are stored. */
  async run<T>(
    claim: IdempotencyClaim,
    work: () => Promise<{ status: number; body: T }>,
  ): Promise<{ status: number; body: unknown; replayed: boolean }> {
    const outcome = await this.claim(claim);
    if (outcome.kind === 'replay') return { status: outcome.status, body: outcome.body, replayed: true };
    try {
      const result = await work();
      if (result.status < 300) await this.complete(claim, outcome.at, result.status, result.body);
      else await this.release(claim, outcome.at);
      return { ...result, replayed: false };
    } catch (err) {
      await this.release(claim, outcome.at);
      throw err;
    }
  }
}
