// The CheckContext a check's run() receives, plus the bookkeeping the runner reads afterwards
// (exchanges, notes, cleanups, whether a seed was used).

import type { Arbitrary } from 'fast-check';
import type { RecordedExchange } from '../model';
import { createHttpClient, TransportError, type HttpClient, type HttpResponse } from '../http/client';
import type { Clock } from '../http/clock';
import type { Pacer } from '../http/pacing';
import { createProvisioningClient } from '../provisioning/client';
import { isRoleName, keyForRole, unmetNeed } from '../targets/roles';
import type { Target } from '../targets/types';
import type { AssertOptions, Check, CheckContext, Profile, PropertyOptions } from './check';
import { describeResponse, describeValue } from './describe';
import { CheckBlocked, CheckFailure, CheckSkip } from './outcomes';
import { runProperty } from './property';
import type { RunResources } from './run-scope';

export interface ContextDeps {
  readonly target: Target;
  readonly check: Check;
  readonly runId: string;
  readonly seed: number;
  readonly profile: Profile;
  readonly clock: Clock;
  /** Absent for exclusive checks: they measure the limits, so they must not be paced. */
  readonly pacer?: Pacer;
  readonly requestTimeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly run: RunResources;
}

function statusList(status: number | readonly number[]): readonly number[] {
  return typeof status === 'number' ? [status] : status;
}

export class RunningCheck {
  readonly exchanges: RecordedExchange[] = [];
  readonly notes: string[] = [];
  usedSeed = false;
  /** Set by abort() and never reset (cleanups get a fresh signal, a timed-out property must not resume). */
  private runAborted = false;
  private readonly cleanups: Array<() => unknown> = [];
  private controller = new AbortController();
  private dashboardClient: HttpClient | undefined;
  readonly ctx: CheckContext;

  constructor(private readonly deps: ContextDeps) {
    const http = createHttpClient({
      baseUrl: deps.target.baseUrl,
      resolveKey: (name) => this.resolveKey(name),
      pacer: deps.pacer,
      timeoutMs: deps.requestTimeoutMs,
      signal: () => this.controller.signal,
      onExchange: (e) => this.exchanges.push(e),
      observer: (e, body) => deps.run.observeExchange(e, body),
      fetch: deps.fetch,
    });
    this.ctx = this.buildContext(http);
  }

  /** Check ran out of time: abort its requests and waits. */
  abort(reason: string): void {
    this.runAborted = true;
    this.controller.abort(new Error(reason));
  }

  /** The first transport error a cleanup met: the check could not clean up, and so cannot be reported passed. */
  cleanupTransportError: TransportError | undefined;

  /** Runs cleanups last-first with a fresh signal (the check's may be aborted); returns the failures. */
  async runCleanups(): Promise<string[]> {
    this.controller = new AbortController();
    const problems: string[] = [];
    for (const fn of this.cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (error) {
        if (error instanceof TransportError) this.cleanupTransportError ??= error;
        problems.push(error instanceof Error ? error.message : String(error));
      }
    }
    return problems;
  }

  /** ctx.key: always a role; absent → the check is skipped. */
  private roleKey(role: string): string {
    const key = keyForRole(this.deps.target, role);
    if (key === undefined) throw new CheckSkip(`needs a ${role} key: the target file has none`);
    return key;
  }

  /** request({ key }): a role name when it names one (standard, reserved or configured), else a literal key. */
  private resolveKey(name: string): string {
    return isRoleName(this.deps.target, name) ? this.roleKey(name) : name;
  }

  /** The provisioning contract's client (docs/provisioning/), over HTTP or a command; skips without one. */
  private dashboard(): HttpClient {
    const config = this.deps.target.provisioning;
    if (!config) throw new CheckSkip(unmetNeed(this.deps.target, 'dashboard') ?? 'needs provisioning');
    this.dashboardClient ??= createProvisioningClient(config, {
      timeoutMs: this.deps.requestTimeoutMs,
      signal: () => this.controller.signal,
      onExchange: (e) => this.exchanges.push(e),
      fetch: this.deps.fetch,
    });
    return this.dashboardClient;
  }

  private buildContext(http: HttpClient): CheckContext {
    const self = this;
    const deps = this.deps;
    const last = (): RecordedExchange | undefined => self.exchanges[self.exchanges.length - 1];
    const fail = (expected: string, got: string, exchange?: RecordedExchange, options?: AssertOptions): never => {
      throw new CheckFailure({
        expected,
        got,
        exchange: exchange ?? last(),
        ...(options?.rules ? { rules: options.rules } : {}),
      });
    };
    const expectStatus = (res: HttpResponse, status: number | readonly number[], options?: AssertOptions): void => {
      const wanted = statusList(status);
      if (!wanted.includes(res.status))
        fail(`status ${wanted.join(' or ')}`, describeResponse(res), res.exchange, options);
    };

    return {
      target: deps.target,
      http,
      get dashboard() {
        return self.dashboard();
      },
      marker: `conformance-${deps.runId}`,
      runId: deps.runId,
      get seed() {
        self.usedSeed = true;
        return deps.seed;
      },
      profile: deps.profile,
      get signal() {
        return self.controller.signal;
      },
      clock: deps.clock,

      key: (role) => self.roleKey(role),
      hasKey: (role) => keyForRole(deps.target, role) !== undefined,

      fail,
      expect(condition, expected, got, exchange, options): asserts condition {
        if (!condition) fail(expected, typeof got === 'function' ? got() : got, exchange, options);
      },
      expectStatus,
      expectErrorEnvelope(res, status, code, options) {
        const expected = `${status} with body exactly { "error": <string>, "code": "${code}" }`;
        if (res.status !== status) fail(expected, describeResponse(res), res.exchange, options);
        const body = res.json;
        const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
        if (!isObject)
          fail(
            expected,
            `${res.status} with a body that is not a JSON object: ${describeResponse(res)}`,
            res.exchange,
            options,
          );
        const record = body as Record<string, unknown>;
        const keys = Object.keys(record).sort();
        if (keys.length !== 2 || keys[0] !== 'code' || keys[1] !== 'error') {
          fail(
            expected,
            `${res.status} with members ${JSON.stringify(keys)}: ${describeValue(body)}`,
            res.exchange,
            options,
          );
        }
        if (typeof record.error !== 'string')
          fail(expected, `"error" is ${describeValue(record.error)}`, res.exchange, options);
        if (record.code !== code)
          fail(expected, `${res.status} with code ${describeValue(record.code)}`, res.exchange, options);
      },
      expectSuccessEnvelope(res, status, options) {
        expectStatus(res, status, options);
        const body = res.json;
        if (typeof body !== 'object' || body === null || Array.isArray(body) || !('data' in body)) {
          fail(`${status} with a JSON object body holding "data"`, describeResponse(res), res.exchange, options);
        }
        return body as { data: unknown; meta?: unknown };
      },
      expectHeader(res, name, predicate, description, options) {
        const value = res.headers[name.toLowerCase()];
        if (!predicate(value))
          fail(
            `header ${name} ${description}`,
            value === undefined ? `no ${name} header (status ${res.status})` : `${name}: ${value}`,
            res.exchange,
            options,
          );
        return value;
      },

      skip(reason): never {
        throw new CheckSkip(reason);
      },
      block(requiredCheck, reason): never {
        throw new CheckBlocked(requiredCheck, reason);
      },
      note: (message) => {
        self.notes.push(message);
      },
      property<T>(
        name: string,
        arbitrary: Arbitrary<T>,
        predicate: (value: T) => Promise<boolean | void>,
        options?: PropertyOptions<T>,
      ) {
        self.usedSeed = true;
        return runProperty({
          name,
          arbitrary,
          predicate,
          seed: deps.seed,
          numRuns: options?.numRuns,
          examples: options?.examples,
          exchanges: self.exchanges,
          aborted: () => self.runAborted,
        });
      },
      cleanup: (fn) => {
        self.cleanups.push(fn);
      },
      run: deps.run,
      sleep: (ms) => deps.clock.sleep(ms, self.controller.signal),
    };
  }
}
