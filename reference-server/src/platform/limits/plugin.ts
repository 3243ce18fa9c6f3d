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
    /** The landlord's credentials version, read by the limiter in its round trip (see `readAlong`). */
    credentialsVersion?: string;
  }
}

async function decide(
  { store, onDecision }: RateLimitOptions,
  scope: LimiterScope,
  key: string,
  windows: Parameters<RateLimitStore['hit']>[1],
  readAlong?: readonly string[],
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
   * Store keys of the landlord's version counters, read in the limiter's own round trip, so a request learns them
   * without a round trip of its own. `data`, for reads: the data version, so a cached read costs one round trip
   * instead of two; read before the handler runs, so a write committing in between is after the read began, and
   * answering from the state before it is still a correct answer to this request. `credentials`, for every
   * request: the credentials version, against which the api-key scheme checks its cached key lookup.
   */
  readonly readAlong?: {
    readonly data?: (landlordId: string) => string;
    readonly credentials?: (landlordId: string) => string;
  };
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
  const dataKey = requestClass === 'read' ? readAlong?.data?.(api.landlordId) : undefined;
  const credentialsKey = readAlong?.credentials?.(api.landlordId);
  const along = [dataKey, credentialsKey].filter((key) => key !== undefined);
  const keyDecision = await decide(
    options,
    requestClass,
    `key:${api.keyId}:${requestClass}`,
    windowsFor(api.plan, requestClass, api.rateLimits),
    along.length > 0 ? along : undefined,
  );
  const versions = keyDecision.readAlong;
  if (versions !== undefined) {
    // A missing counter is version '0' (landlord-versions.ts).
    if (dataKey !== undefined) request.app.dataVersion = versions[0] ?? '0';
    if (credentialsKey !== undefined) request.app.credentialsVersion = versions[along.length - 1] ?? '0';
  }
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
