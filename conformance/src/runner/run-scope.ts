// What one run shares across its checks: values created once and used by many checks (the suite's own landlord),
// cleanups that must wait until every check is over (deleting that landlord), and notices about the run as a whole
// rather than one check. runChecks closes the scope after the last check, exclusive ones included; a lone
// runCheck gets a scope of its own, closed after its check.

import type { HttpClient, ObservedBody } from '../http/client';
import type { RecordedExchange } from '../model';
import { createProvisioningClient } from '../provisioning/client';
import { NO_MASKING, SecretMasker, type Masker } from '../http/mask';
import { targetSecrets } from '../targets/roles';
import type { Target } from '../targets/types';

export interface RunCleanupTools {
  /** The admin API client (target.dashboard). Its exchanges belong to no check, so no check's report shows them. */
  readonly dashboard: HttpClient;
}

export type RunCleanup = (tools: RunCleanupTools) => unknown;

/** One answer that broke a global invariant, with the exchange that showed it. */
export interface Violation {
  readonly message: string;
  readonly exchange: RecordedExchange;
}

export interface ObservedViolations {
  readonly judged: number;
  readonly total: number;
  readonly found: readonly Violation[];
}

/**
 * What an observer keeps across the answers of one run: the target (to tell its keys' roles apart) and a memo of
 * its own (per-key tallies such as the rate-limit values seen), fresh for every run.
 */
export interface ObserverState {
  readonly target: Target;
  readonly memo: Map<string, unknown>;
}

/** A check that judges every answer of the run (Check.observe). */
export interface RunObserver {
  readonly id: string;
  readonly observe: (exchange: RecordedExchange, body: ObservedBody, state: ObserverState) => string | undefined;
}

/** `ctx.run`: the run-scoped registry a check sees. */
export interface RunResources {
  /**
   * Runs once after every check of the run, last registered first, even when checks failed or timed out. A
   * failure is reported with the run (runChecks: a notice `run cleanup failed: …`), never as a check failure.
   */
  cleanup(fn: RunCleanup): void;
  /** The value under `key`, created on first use and shared by the run's checks; a failed creation is forgotten (the next use retries). */
  shared<T>(key: string, create: () => Promise<T>): Promise<T>;
  /** Something about the run as a whole (not one check's outcome), reported once per `key` (default: the message). */
  notice(message: string, key?: string): void;
  /** Every answer of the deployment under test so far, judged by each observer of the run (observeExchange). */
  observeExchange(exchange: RecordedExchange, body: ObservedBody): void;
  /** The violations the observer check `checkId` recorded (the first ones kept, oldest first; `total` in all) and how many answers it judged. */
  violations(checkId: string): ObservedViolations;
}

export interface RunScopeOptions {
  readonly target: Target;
  readonly requestTimeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** Keys in full in notices. Default false. */
  readonly showSecrets?: boolean;
  /** Called once per notice, as it is given. */
  readonly onNotice?: (message: string) => void;
  /** The run's observer checks (Check.observe); each sees every answer of the deployment under test. */
  readonly observers?: readonly RunObserver[];
}

/** Violations kept per observer: enough to report, bounded so a run of thousands of answers stays small. */
const KEPT_VIOLATIONS = 20;

export class RunScope implements RunResources {
  private readonly cleanups: RunCleanup[] = [];
  private readonly values = new Map<string, Promise<unknown>>();
  private readonly noticeKeys = new Set<string>();
  /** Every notice given, in order (the CLI puts them into the report's meta). */
  readonly notices: string[] = [];
  private readonly masker: Masker;
  private readonly observed = new Map<string, { judged: number; total: number; found: Violation[] }>();
  private readonly memos = new Map<string, Map<string, unknown>>();

  constructor(private readonly options: RunScopeOptions) {
    this.masker = options.showSecrets ? NO_MASKING : new SecretMasker(targetSecrets(options.target));
  }

  observeExchange(exchange: RecordedExchange, body: ObservedBody): void {
    for (const observer of this.options.observers ?? []) {
      const entry = this.observed.get(observer.id) ?? { judged: 0, total: 0, found: [] };
      this.observed.set(observer.id, entry);
      entry.judged++;
      let memo = this.memos.get(observer.id);
      if (!memo) this.memos.set(observer.id, (memo = new Map<string, unknown>()));
      const message = observer.observe(exchange, body, { target: this.options.target, memo });
      if (message === undefined) continue;
      entry.total++;
      if (entry.found.length < KEPT_VIOLATIONS) entry.found.push({ message, exchange });
    }
  }

  violations(checkId: string): ObservedViolations {
    const entry = this.observed.get(checkId);
    return { judged: entry?.judged ?? 0, total: entry?.total ?? 0, found: [...(entry?.found ?? [])] };
  }

  cleanup(fn: RunCleanup): void {
    this.cleanups.push(fn);
  }

  shared<T>(key: string, create: () => Promise<T>): Promise<T> {
    let value = this.values.get(key) as Promise<T> | undefined;
    if (!value) {
      value = create();
      this.values.set(key, value);
      value.catch(() => {
        if (this.values.get(key) === value) this.values.delete(key);
      });
    }
    return value;
  }

  notice(message: string, key = message): void {
    if (this.noticeKeys.has(key)) return;
    this.noticeKeys.add(key);
    const masked = this.masker.mask(message);
    this.notices.push(masked);
    this.options.onNotice?.(masked);
  }

  /** Runs the run's cleanups, last registered first (once: the list is emptied); returns their failures, masked. */
  async close(): Promise<string[]> {
    const problems: string[] = [];
    let client: HttpClient | undefined;
    const { target, requestTimeoutMs, fetch } = this.options;
    const tools: RunCleanupTools = {
      get dashboard(): HttpClient {
        if (!target.provisioning) throw new Error('the target has no "provisioning" section');
        client ??= createProvisioningClient(target.provisioning, { timeoutMs: requestTimeoutMs, fetch });
        return client;
      },
    };
    for (const fn of this.cleanups.splice(0).reverse()) {
      try {
        await fn(tools);
      } catch (error) {
        problems.push(this.masker.mask(error instanceof Error ? error.message : String(error)));
      }
    }
    return problems;
  }
}
