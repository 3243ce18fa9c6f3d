// The `api-key` auth scheme: Authentication rules 1, 2, 4, 5 and 6, and the rate limits between the key and
// the plan/scope gates (the order is documented in ../limits/plugin.ts).
import type { Server, ServerAuthSchemeObject } from '@hapi/hapi';
import type { Knex } from 'knex';
import { ApiKey, Landlord } from '../persistence/models';
import { apiError } from '../platform/errors/api-error';
import { assertAccess } from '../platform/auth/access';
import { headersOf, type ApiCredentials } from '../platform/auth/credentials';
import { hashKey, keyModeOf, presentedKey } from '../platform/auth/keys';
import { CredentialCache } from '../platform/auth/credential-cache';
import type { CredentialChanges } from '../platform/auth/credential-changes';
import { enforceRateLimits, type RateLimitOptions } from '../platform/limits/plugin';

export interface ApiKeySchemeOptions {
  readonly knex: Knex;
  /** Milliseconds a key lookup is reused; 0 disables the cache. */
  readonly cacheTtlMs: number;
  /** Clears the cache at each announced change, and names the credentials version to check it against. */
  readonly changes: CredentialChanges;
  readonly limits: RateLimitOptions;
}

interface KeyRow {
  id: string;
  landlord_id: string;
  mode: ApiKey['mode'];
  scope: ApiKey['scope'];
  rate_limits: ApiKey['rate_limits'];
  revoked_at: Date | null;
  plan: Landlord['plan'];
  subscription_status: Landlord['subscription_status'];
  timezone: string;
}

export async function findCredentials(knex: Knex, key: string): Promise<KeyRow | undefined> {
  return ApiKey.query(knex)
    .join('landlords', 'landlords.id', 'api_keys.landlord_id')
    .where('api_keys.key_hash', hashKey(key))
    .first()
    .select(
      'api_keys.id',
      'api_keys.landlord_id',
      'api_keys.mode',
      'api_keys.scope',
      'api_keys.rate_limits',
      'api_keys.revoked_at',
      'landlords.plan',
      'landlords.subscription_status',
      'landlords.timezone',
    ) as unknown as Promise<KeyRow | undefined>;
}

/** What a request knows about its caller, from the key's row; the 401s of an unknown or revoked key. */
function credentialsOf(row: KeyRow | null, keyMode: ApiKey['mode']): ApiCredentials {
  // A key whose stored mode disagrees with its prefix is treated as unknown.
  if (!row || row.mode !== keyMode) throw apiError('UNAUTHORIZED', 'Unknown API key');
  if (row.revoked_at) throw apiError('REVOKED_KEY');
  return {
    keyId: row.id,
    landlordId: row.landlord_id,
    plan: row.plan,
    subscriptionActive: row.subscription_status === 'active',
    scope: row.scope,
    keyMode: row.mode,
    rateLimits: row.rate_limits,
    timezone: row.timezone,
  };
}

export function registerApiKeyScheme(server: Server, options: ApiKeySchemeOptions): void {
  const cache = new CredentialCache<KeyRow | null>(
    async (key) => (await findCredentials(options.knex, key)) ?? null,
    options.cacheTtlMs,
  );
  server.ext('onPostStop', options.changes.watch(cache));
  // With a shared store, the limiter reads the landlord's credentials version along, and a cached lookup older
  // than it is looked up again below. Without the cache there is nothing to check.
  const versionKey = options.cacheTtlMs > 0 ? options.changes.versionKey : undefined;
  const limits: RateLimitOptions = {
    ...options.limits,
    readAlong: { ...options.limits.readAlong, credentials: versionKey },
  };
  server.auth.scheme('api-key', (): ServerAuthSchemeObject => ({
    authenticate: async (request, h) => {
      const presented = presentedKey(headersOf(request));
      if ('problem' in presented) {
        throw apiError(
          'UNAUTHORIZED',
          presented.problem === 'missing' ? 'Missing API key' : 'Authorization header must use the Bearer scheme',
        );
      }
      const keyMode = keyModeOf(presented.key);
      if (!keyMode) throw apiError('UNAUTHORIZED', 'Malformed API key');
      const found = cache.cached(presented.key) ?? (await cache.lookUp(presented.key));
      let api = credentialsOf(found.value, keyMode);
      // Limits before the plan/scope gates and before the body is parsed: every such answer counts and carries the
      // headers. A refusal waits until the lookup is confirmed: a key revoked meanwhile answers 401, not 429.
      let refused: { err: unknown } | undefined;
      try {
        await enforceRateLimits(request, api, limits);
      } catch (err) {
        refused = { err };
      }
      const seen = request.app.credentialsVersion;
      if (cache.stale(found, seen)) {
        try {
          api = credentialsOf(await cache.reload(presented.key, seen), keyMode);
        } catch (err) {
          // Answered as a process that knew of the change would: before any limit, so without X-RateLimit-*.
          delete request.app.rateLimitHeaders;
          throw err;
        }
      }
      if (refused) throw refused.err;
      assertAccess(api, request.method);
      return h.authenticated({ credentials: { api } as never });
    },
  }));
  server.auth.strategy('api-key', 'api-key');
}
