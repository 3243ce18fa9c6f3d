// A generic Idempotency-Key store (replay window 24 h). The first request with a key claims it; a matching
// request while the first still runs gets 409 IDEMPOTENCY_IN_PROGRESS; after success the stored answer is
// replayed. A claim whose owner died (process killed mid-request) is taken over after a lease expires, and a
// failed request releases its claim so the client may retry.
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
  { readonly kind: 'claimed' } | { readonly kind: 'replay'; readonly status: number; readonly body: unknown };

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
      if (inserted.length > 0) return { kind: 'claimed' };
      const row = (await this.knex('idempotency_keys')
        .where({ landlord_id: claim.landlordId, scope: claim.scope, key: claim.key })
        .first()) as Row | undefined;
      if (!row) continue; // released between our insert and read: try again
      const expired = new Date(row.expires_at).getTime() <= now.getTime();
      const abandoned =
        row.state === 'in_progress' && new Date(row.created_at).getTime() + IN_PROGRESS_LEASE_MS <= now.getTime();
      if (expired || abandoned) {
        await this.release(claim, row.state);
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

  async complete(claim: IdempotencyClaim, status: number, body: unknown): Promise<void> {
    await this.knex('idempotency_keys')
      .where({ landlord_id: claim.landlordId, scope: claim.scope, key: claim.key, state: 'in_progress' })
      .update({ state: 'completed', response_status: status, response_body: JSON.stringify(body) });
  }

  /** Drops a claim (a failed request, or an expired or abandoned one being taken over). */
  async release(claim: IdempotencyClaim, state: Row['state'] = 'in_progress'): Promise<void> {
    await this.knex('idempotency_keys')
      .where({ landlord_id: claim.landlordId, scope: claim.scope, key: claim.key, state })
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
      if (result.status < 300) await this.complete(claim, result.status, result.body);
      else await this.release(claim);
      return { ...result, replayed: false };
    } catch (err) {
      await this.release(claim);
      throw err;
    }
  }
}
