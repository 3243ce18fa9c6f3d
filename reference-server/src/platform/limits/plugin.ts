// Rate limiting in the request lifecycle: after authentication (the key is known), before validation and
// handlers (so limited requests cost nothing else). Per key, reads and writes apart; plus per-landlord limits
// declared by routes (the invoice endpoints) through `plugins.limits.landlord`.
import type { Plugin, Request } from '@hapi/hapi';
import { isWriteMethod } from '../auth/access';
import { apiCredentials } from '../auth/credentials';
import { apiError } from '../errors/api-error';
import { LANDLORD_LIMITS, windowsFor, type LandlordLimitName } from './policy';
import { rateLimitHeaders } from './headers';
import { RateLimitStoreUnavailable, type LimitDecision, type RateLimitStore } from './store';

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

async function decide(store: RateLimitStore, key: string, windows: Parameters<RateLimitStore['hit']>[1], readAlong?: string): Promise<LimitDecision> {
  try {
    return await store.hit(key, windows, readAlong);
  } catch (err) {
    if (err instanceof RateLimitStoreUnavailable) throw apiError('RATE_LIMIT_UNAVAILABLE', undefined, { 'retry-after': '60' });
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
}

export const rateLimitPlugin: Plugin<RateLimitOptions> = {
  name: 'rate-limits',
  register(server, { store, landlordLimits, readAlong }) {
    server.ext('onPostAuth', async (request, h) => {
      const api = apiCredentials(request);
      if (!api) return h.continue;
      const requestClass = isWriteMethod(request.method) ? 'write' : 'read';
      const along = requestClass === 'read' ? readAlong?.(api.landlordId) : undefined;
      const keyDecision = await decide(store, `key:${api.keyId}:${requestClass}`, windowsFor(api.plan, requestClass, api.rateLimits), along);
      if (keyDecision.readAlong !== undefined) request.app.dataVersion = keyDecision.readAlong ?? '0';
      if (!keyDecision.allowed) {
        refuse(request, keyDecision, `Rate limit exceeded: ${keyDecision.blocked!.spec.limit} ${requestClass}s per ${keyDecision.blocked!.spec.name} for this key`);
      }
      request.app.rateLimitHeaders = rateLimitHeaders(keyDecision);
      const landlordLimit = request.route.settings.plugins?.limits?.landlord;
      if (landlordLimit) {
        const override = landlordLimits?.[landlordLimit];
        const spec = override ? { ...LANDLORD_LIMITS[landlordLimit], limit: override } : LANDLORD_LIMITS[landlordLimit];
        const decision = await decide(store, `landlord:${api.landlordId}:${landlordLimit}`, [spec]);
        if (!decision.allowed) refuse(request, decision, `Rate limit exceeded: ${spec.limit} requests per minute per landlord (${landlordLimit})`);
      }
      return h.continue;
    });
  },
};
