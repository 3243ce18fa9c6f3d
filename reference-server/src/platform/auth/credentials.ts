import type { ReqRef, Request } from '@hapi/hapi';
import type { KeyMode, KeyScope, Plan, RateLimitOverrides } from './account-types';

/** What an authenticated request knows about its caller. */
export interface ApiCredentials {
  readonly keyId: string;
  readonly landlordId: string;
  readonly plan: Plan | null;
  readonly subscriptionActive: boolean;
  readonly scope: KeyScope;
  readonly keyMode: KeyMode;
  readonly rateLimits: RateLimitOverrides | null;
  readonly timezone: string;
}

/** The API caller of an authenticated request (set by the api-key scheme), or undefined. */
export function apiCredentials<Refs extends ReqRef>(request: Request<Refs>): ApiCredentials | undefined {
  const credentials = request.auth.credentials as { api?: ApiCredentials } | null;
  return credentials?.api ?? undefined;
}

/** For handlers on api-key routes, where authentication is guaranteed. */
export function requireApiCredentials<Refs extends ReqRef>(request: Request<Refs>): ApiCredentials {
  const api = apiCredentials(request);
  if (!api) throw new Error('route is not behind the api-key strategy');
  return api;
}

export type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;
export const headersOf = (request: Request): HeaderBag =>
  // eslint-disable-next-line no-restricted-syntax -- Node gives header values as strings (set-cookie as string[]); hapi types them unknown
  request.headers as HeaderBag;
