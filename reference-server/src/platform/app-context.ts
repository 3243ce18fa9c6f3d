// What routes and services get from the server: the deps, and per-request helpers that bind the landlord
// scope, the sandbox decision and "today" in one place.
import type { ReqRef, Request, Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ServerConfig } from './config';
import type { Scope } from './scope';
import { requireApiCredentials } from './auth/credentials';
import type { Clock } from './clock';
import type { IdempotencyStore } from './idempotency/store';
import type { RateLimitStore } from './limits/store';
import type { Mailer } from './mail/mailer';
import type { CaptureMailer } from './mail/capture-mailer';
import { markSandbox, runWrite, type WriteContext } from './sandbox/unit-of-work';
import { localDate } from './time/dates';
import type { LandlordVersions } from './landlord-versions';
import type { CredentialChanges } from './auth/credential-changes';
import type { ResponseCache } from './read-cache/response-cache';
import { noteCachedAnswer } from './read-cache/plugin';
import { serviceModeOf } from './transport/service-mode';
import type { Metrics } from './metrics/metrics';

/** Each check resolves when its dependency answers, and rejects (or is cut off by server/readiness.ts's timeout) otherwise. */
export type ReadinessChecks = Readonly<Record<string, () => Promise<void>>>;

export interface AppDeps {
  readonly config: ServerConfig;
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly rateLimits: RateLimitStore;
  readonly idempotency: IdempotencyStore;
  readonly mailer: Mailer;
  /** Set when mail is captured in process (no SMTP_URL): the dashboard exposes it. */
  readonly mailCapture?: CaptureMailer;
  /** Bumped by every committed live write; the read cache keys answers by it. */
  readonly dataVersions: LandlordVersions;
  /** Where revocations, plan changes and landlord deletions are announced to the credential caches. */
  readonly credentialChanges: CredentialChanges;
  readonly responseCache: ResponseCache;
  readonly metrics: Metrics;
  /** What /readyz checks: each dependency the process needs to answer requests, by name. */
  readonly readiness: ReadinessChecks;
}

const DEPS = Symbol('app-deps');

export function attachDeps(server: Server, deps: AppDeps): void {
  (server.app as Record<symbol, AppDeps>)[DEPS] = deps;
}

export function depsOf<Refs extends ReqRef = ReqRef>(requestOrServer: Request<Refs> | Server): AppDeps {
  const server = 'server' in requestOrServer ? plain(requestOrServer).server : requestOrServer;
  const deps = (server.app as Record<symbol, AppDeps | undefined>)[DEPS];
  if (!deps) throw new Error('server deps not attached');
  return deps;
}

/**
 * Typed routes (resources/route.ts) give handlers a `Request<Refs>`; hapi's Request is invariant in its refs, and
 * the helpers here read only the server, the route and the credentials, which do not depend on them.
 */
export const plain = <Refs extends ReqRef>(request: Request<Refs>): Request => request as unknown as Request;

/** The landlord scope for reads: the authenticated key's landlord, on the base connection. */
export function readScope<Refs extends ReqRef>(request: Request<Refs>): Scope {
  return { landlordId: requireApiCredentials(plain(request)).landlordId, db: depsOf(plain(request)).knex };
}

/** Today in the landlord's time zone. */
export function todayFor<Refs extends ReqRef>(request: Request<Refs>): string {
  return localDate(depsOf(plain(request)).clock, requireApiCredentials(plain(request)).timezone);
}

export const isSandbox = <Refs extends ReqRef>(request: Request<Refs>): boolean =>
  serviceModeOf(plain(request)) === 'sandbox';

/**
 * Runs a write in one transaction scoped to the landlord. In sandbox mode it is rolled back and the answer is
 * marked `sandbox: true` here, once, for every write route.
 */
export async function write<T extends object, Refs extends ReqRef = ReqRef>(
  request: Request<Refs>,
  work: (ctx: WriteContext) => Promise<T>,
): Promise<T & { sandbox?: boolean }> {
  const sandbox = isSandbox(plain(request));
  const data = await runWrite(depsOf(plain(request)), requireApiCredentials(plain(request)).landlordId, sandbox, work);
  return markSandbox(data, sandbox);
}

/**
 * A read answer served from the response cache when the landlord's data has not changed since it was computed.
 * The key is the route, its params and validated query, the landlord, their data version and "today" (derived
 * fields such as status and compliance move with the date); `variant` adds what else the answer depends on
 * (the public base URL of links, say). When the version store cannot answer, the read is simply not cached.
 */
export async function cachedRead<T extends object, Refs extends ReqRef = ReqRef>(
  typed: Request<Refs>,
  variant: readonly string[],
  compute: () => Promise<T>,
): Promise<T> {
  const request = plain(typed);
  const { responseCache, dataVersions } = depsOf(request);
  if (!responseCache.enabled) return compute();
  const { landlordId } = requireApiCredentials(request);
  // Read along by the limiter in its round trip when both live in one Redis; asked for here otherwise.
  const version = request.app.dataVersion ?? (await dataVersions.current(landlordId).catch(() => undefined));
  if (version === undefined) return compute();
  const key = JSON.stringify([
    landlordId,
    version,
    todayFor(request),
    request.route.path,
    request.params,
    request.query,
    variant,
  ]);
  const answer = responseCache.get(key) ?? responseCache.set(key, await compute());
  noteCachedAnswer(request, answer);
  return answer.value as T;
}
