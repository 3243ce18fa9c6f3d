// Rate limiting in the request lifecycle. The order is the same on every route of the public API:
// authentication (who is calling: 401), then limits (429/503), then plan and scope (403), then body parsing
// (400/413/415), then validation and the handler. So every request that reaches a limited route counts, also
// those refused while parsing, and every answer after the key is known carries X-RateLimit-*.
// Per key, reads and writes apart; plus per-landlord limits declared by routes (the invoice endpoints) through
// `plugins.limits.landlord`. The api-key scheme calls `enforceRateLimits` once the key is known.
import type { Request } from '@hapi/hapi';
import { isWriteMethod } from '../auth/access';
import type { ApiCredentials } from '../auth/credentials';
import { apiError } from '../errors/api-error';
import { LANDLORD_LIMITS, windowsFor, type LandlordLimitName } from './policy';
import { rateLimitHeaders } from './headers';
import { RateLimitStoreUnavailable, type LimitDecision, type RateLimitStore } from './store';
import type { LimiterDecision, LimiterScope } from '../metrics/metrics';

export interface RouteLimitsOptions {
  readonly landlord?: LandlordLimitName;
}

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    limits?: RouteLimitsOptions;
  }
  interface RequestApplicationState {
    rateLimitHeaders?: Record<string, string>;
    /** The landlord's data version, read by the limiter in its round trip (reads only; see `readAlong`). */
    dataVersion?: string;
  }
}

async function decide(
  { store, onDecision }: RateLimitOptions,
  scope: LimiterScope,
  key: string,
  windows: Parameters<RateLimitStore['hit']>[1],
  readAlong?: string,
): Promise<LimitDecision> {
  try {
    const decision = await store.hit(key, windows, readAlong);
    onDecision?.(scope, decision.allowed ? 'allowed' : 'refused');
    return decision;
  } catch (err) {
    if (err instanceof RateLimitStoreUnavailable) {
      onDecision?.(scope, 'unavailable');
      throw apiError('RATE_LIMIT_UNAVAILABLE', undefined, { 'retry-after': '60' });
    }
    throw err;
  }
}

function refuse(request: Request, decision: LimitDecision, message: string): never {
  const headers = rateLimitHeaders(decision);
  request.app.rateLimitHeaders = headers;
  throw apiError('RATE_LIMIT_EXCEEDED', message, headers);
}

export interface RateLimitOptions {
  readonly store: RateLimitStore;
  /** Per-landlord limits overridden by configuration (LANDLORD_LIMITS); the window stays a minute. */
  readonly landlordLimits?: Readonly<Partial<Record<LandlordLimitName, number>>>;
  /**
   * For reads: the store key of the landlord's data version, read in the limiter's own round trip so a cached
   * read costs one round trip instead of two. Read before the handler runs: a write committing in between is
   * after the read began, so answering from the state before it is still a correct answer to this request.
   */
  readonly readAlong?: (landlordId: string) => string | undefined;
  /** Told every decision (metrics). */
  readonly onDecision?: (scope: LimiterScope, decision: LimiterDecision) => void;
}

/**
 * Counts the request against the key's windows and the route's per-landlord window, refuses it with 429 when
 * one is full, and leaves the X-RateLimit-* headers for the answer on `request.app` (the transport plugin sets
 * them on every answer, errors included). The headers describe whichever window, key or landlord, has the
 * least room left, so Remaining reaches 0 on the answer before the 429. A read also brings the landlord's data
 * version along in the same round trip (`readAlong`), for the read cache.
 */
export async function enforceRateLimits(
  request: Request,
  api: ApiCredentials,
  options: RateLimitOptions,
): Promise<void> {
  const { landlordLimits, readAlong } = options;
  const requestClass = isWriteMethod(request.method) ? 'write' : 'read';
  const along = requestClass === 'read' ? readAlong?.(api.landlordId) : undefined;
  const keyDecision = await decide(
    options,
    requestClass,
    `key:${api.keyId}:${requestClass}`,
    windowsFor(api.plan, requestClass, api.rateLimits),
    along,
  );
  if (keyDecision.readAlong !== undefined) request.app.dataVersion = keyDecision.readAlong ?? '0';
  if (!keyDecision.allowed) {
    refuse(
      request,
      keyDecision,
      `Rate limit exceeded: ${keyDecision.blocked!.spec.limit} ${requestClass}s per ${keyDecision.blocked!.spec.name} for this key`,
    );
  }
  request.app.rateLimitHeaders = rateLimitHeaders(keyDecision);
  const landlordLimit = request.route.settings.plugins?.limits?.landlord;
  if (!landlordLimit) return;
  const override = landlordLimits?.[landlordLimit];
  const spec = override ? { ...LANDLORD_LIMITS[landlordLimit], limit: override } : LANDLORD_LIMITS[landlordLimit];
  const landlordDecision = await decide(options, 'landlord', `landlord:${api.landlordId}:${landlordLimit}`, [spec]);
  // One decision over both: the key's windows and the landlord's window, for the headers.
  const combined: LimitDecision = {
    ...landlordDecision,
    windows: [...keyDecision.windows, ...landlordDecision.windows],
  };
  if (!landlordDecision.allowed)
    refuse(request, combined, `Rate limit exceeded: ${spec.limit} requests per minute per landlord (${landlordLimit})`);
  request.app.rateLimitHeaders = rateLimitHeaders(combined);
}
