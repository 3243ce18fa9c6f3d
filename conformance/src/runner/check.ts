// The check API: one check is one behaviour, named for it, citing the rule ids it proves in one place
// (schemathesis registry + OpenID conformance's rule ids at the call site).

import type { Arbitrary } from 'fast-check';
import type { CheckNeed, RecordedExchange } from '../model';
import type { Clock } from '../http/clock';
import type { HttpClient, HttpResponse, ObservedBody } from '../http/client';
import type { Target } from '../targets/types';
import type { ObserverState, RunResources } from './run-scope';

export type Profile = 'quick' | 'full';

export interface AssertOptions {
  /** The rules this assertion proves, when narrower than the check's own list; named in the failure message. */
  readonly rules?: readonly string[];
}

export interface PropertyOptions<T = unknown> {
  /** Default 25: each run is at least one HTTP request. */
  readonly numRuns?: number;
  /** Inputs tried before the generated ones, in every run whatever the seed: the cases a check must always see. */
  readonly examples?: readonly T[];
}

export interface CheckContext {
  readonly target: Target;
  /** The public API client (base URL = target.baseUrl), paced per key, recording every exchange. */
  readonly http: HttpClient;
  /** The admin API client (base URL = target.dashboard.url, bearer admin token). Skips the check when the target has none. */
  readonly dashboard: HttpClient;
  /** `conformance-<runId>`: put it into every piece of data the check creates, so it is recognisable as the suite's. */
  readonly marker: string;
  readonly runId: string;
  /** The seed property checks use (the run's, or the one recorded for this check by --rerun-failed). */
  readonly seed: number;
  readonly profile: Profile;
  /** Aborted when the check runs out of time; pass to long waits. */
  readonly signal: AbortSignal;
  readonly clock: Clock;

  /** The key for a role (standard or extra). Skips the check when the target has no such key. */
  key(role: string): string;
  hasKey(role: string): boolean;

  /** Fails the check: message "expected: …; got: …", reproduction = curl of `exchange` (default: the last one). */
  fail(expected: string, got: string, exchange?: RecordedExchange, options?: AssertOptions): never;
  /**
   * Fails unless `condition` holds; `got` may be a function so it is only built on failure. An `asserts`
   * signature (it narrows), so TypeScript wants `ctx` explicitly typed where it is called (TS2775): write
   * `async run(ctx: CheckContext)`, or call `assertThat(ctx, …)`, which works with any ctx.
   */
  expect(
    condition: unknown,
    expected: string,
    got: string | (() => string),
    exchange?: RecordedExchange,
    options?: AssertOptions,
  ): asserts condition;
  expectStatus(res: HttpResponse, status: number | readonly number[], options?: AssertOptions): void;
  /** Status, and a JSON body that is exactly `{ error: string, code: <code> }`. */
  expectErrorEnvelope(res: HttpResponse, status: number, code: string, options?: AssertOptions): void;
  /** Status, and a JSON object body with a `data` member; returns the body. */
  expectSuccessEnvelope(
    res: HttpResponse,
    status: number,
    options?: AssertOptions,
  ): { readonly data: unknown; readonly meta?: unknown };
  /** `predicate` gets the header value (undefined when absent); `description` completes "header <name> …". Returns the value. */
  expectHeader(
    res: HttpResponse,
    name: string,
    predicate: (value: string | undefined) => boolean,
    description: string,
    options?: AssertOptions,
  ): string | undefined;

  skip(reason: string): never;
  /**
   * The check cannot run because an operation every deployment must support failed: reported `blocked` by
   * `requiredCheck` (the id of the check that fails on that operation itself), and the run exits 1. Use it for a
   * refused POST /properties and the like, never for what a target may lack (that is a skip).
   */
  block(requiredCheck: string, reason: string): never;
  /** Shown as the passed message (e.g. "checked 12 endpoints"). */
  note(message: string): void;
  /**
   * Runs a fast-check property with the run's seed. A failure carries seed, path and the shrunk counterexample,
   * and `--seed` replays it. The predicate may use the assertion helpers (they throw) or return false.
   */
  property<T>(
    name: string,
    arbitrary: Arbitrary<T>,
    predicate: (value: T) => Promise<boolean | void>,
    options?: PropertyOptions<T>,
  ): Promise<void>;
  /** Runs after the check, last registered first, even when it failed: the suite deletes what it creates. */
  cleanup(fn: () => unknown): void;
  /**
   * What the run shares across checks: values created once (`shared`), cleanups that wait until every check of the
   * run is over (`cleanup`, e.g. deleting a landlord several checks used) and notices about the run (`notice`).
   */
  readonly run: RunResources;
  /** Waits on the injectable clock (rate-limit windows, webhook retries). */
  sleep(ms: number): Promise<void>;
}

/**
 * `ctx.expect` as a function declaration: TypeScript accepts it as an assertion whatever the type annotation of
 * `ctx` (inside a contextually typed `run(ctx)` too).
 */
export function assertThat(
  ctx: Pick<CheckContext, 'expect'>,
  condition: unknown,
  expected: string,
  got: string | (() => string),
  exchange?: RecordedExchange,
  options?: AssertOptions,
): asserts condition {
  ctx.expect(condition, expected, got, exchange, options);
}

/** What a check is aimed at: a deployment (a target file) or a webhook receiver (a URL and its secret). */
export type CheckContextKind = 'target' | 'receiver-tester';

export interface CheckDefinition<C = CheckContext> {
  /** Stable, e.g. `auth.revokedKeyIsRejected`. Letters, digits, `.`, `_`, `-`. */
  readonly id: string;
  readonly title: string;
  /** Spec section path, e.g. `Authentication` or `Endpoints > Rent`; groups the progress output and JUnit suites. */
  readonly group: string;
  readonly rules: readonly string[];
  /** `full`: must wait minutes (retry timing, 24 h windows); skipped under the default `quick` profile. */
  readonly profile?: Profile;
  readonly needs?: readonly CheckNeed[];
  /** Rate-limit checks: run last, one at a time, without client pacing, on a key of their own. */
  readonly exclusive?: boolean;
  /**
   * Takes long whatever the target: many requests on a paced key of the target's, or waits on deliveries. Such
   * checks are started first, so the run does not end with one of them running alone. Start order only.
   */
  readonly long?: boolean;
  /**
   * Waits on a per-minute budget it shares with the other `spread` checks (a landlord's 10 invoice emails a
   * minute): the registry spreads such checks through the run order, so their waits overlap other checks'
   * work instead of filling the pool at once. Start order only.
   */
  readonly spread?: boolean;
  /** Default 5 minutes. */
  readonly timeoutMs?: number;
  /**
   * A global response invariant: called on every answer of the deployment under test that any check of the run
   * receives (its public API client only); a returned message is a violation, kept with the exchange for the
   * check's run (ctx.run.violations). Such checks are `afterAll`.
   */
  readonly observe?: (exchange: RecordedExchange, body: ObservedBody, state: ObserverState) => string | undefined;
  /** Run after every other check, exclusive ones included (they judge what the whole run saw). */
  readonly afterAll?: boolean;
  run(ctx: C): Promise<void>;
}

export interface Check<C = CheckContext> extends CheckDefinition<C> {
  /** `target` for defineCheck, `receiver` for defineReceiverCheck (src/receiver-tester). */
  readonly context: CheckContextKind;
  readonly profile: Profile;
  readonly needs: readonly CheckNeed[];
  readonly exclusive: boolean;
  readonly afterAll: boolean;
  readonly timeoutMs: number;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 5 * 60_000;
const CHECK_ID = /^[A-Za-z][A-Za-z0-9._-]*$/;
const NEEDS: readonly CheckNeed[] = [
  'dashboard',
  'mail',
  'webhook',
  'otherLandlord',
  'portfolio',
  'professional',
  'revoked',
  'sandbox',
  'readOnly',
];

/** Validates eagerly (at import time) so a malformed check breaks the build, not a nightly run. */
export function defineCheck(definition: CheckDefinition): Check {
  return registerCheck(definition, 'target');
}

/** The validation and registration every check kind shares (defineCheck, defineReceiverCheck). */
export function registerCheck<C>(definition: CheckDefinition<C>, context: CheckContextKind): Check<C> {
  const where = `defineCheck(${JSON.stringify(definition.id)})`;
  if (!CHECK_ID.test(definition.id)) throw new Error(`${where}: id must match ${CHECK_ID}`);
  if (definition.title.trim().length === 0) throw new Error(`${where}: title is empty`);
  if (definition.group.trim().length === 0) throw new Error(`${where}: group is empty`);
  if (definition.rules.length === 0) throw new Error(`${where}: rules is empty; every check proves at least one rule`);
  if (new Set(definition.rules).size !== definition.rules.length) throw new Error(`${where}: rules repeat`);
  for (const need of definition.needs ?? [])
    if (!NEEDS.includes(need)) throw new Error(`${where}: unknown need "${need}"`);
  if (definition.timeoutMs !== undefined && !(definition.timeoutMs > 0))
    throw new Error(`${where}: timeoutMs must be positive`);
  const check: Check<C> = Object.freeze({
    ...definition,
    context,
    rules: Object.freeze([...definition.rules]),
    profile: definition.profile ?? 'quick',
    needs: Object.freeze([...(definition.needs ?? [])]),
    exclusive: definition.exclusive ?? false,
    afterAll: definition.afterAll ?? definition.observe !== undefined,
    timeoutMs: definition.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS,
  });
  DEFINED.set(check, DEFINED.size);
  return check;
}

/** Every check defineCheck made, with its definition order (the registry runs a module's checks in it). */
const DEFINED = new Map<object, number>();

/** True for a value defineCheck returned: what the registry collects from a check module's exports. */
export function isCheck(value: unknown): value is Check<unknown> {
  return typeof value === 'object' && value !== null && DEFINED.has(value);
}

/** A check aimed at a deployment (defineCheck), as the target runner takes it. */
export function isTargetCheck(check: Check<unknown>): check is Check {
  return check.context === 'target';
}

/** The order in which `check` was defined (modules in load order, checks in source order). */
export function definitionOrder(check: Check<unknown>): number {
  return DEFINED.get(check) ?? Number.MAX_SAFE_INTEGER;
}
