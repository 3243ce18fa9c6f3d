// What one run shares across its checks: values created once and used by many checks (the suite's own landlord),
// cleanups that must wait until every check is over (deleting that landlord), and notices about the run as a whole
// rather than one check. runChecks closes the scope after the last check, exclusive ones included; a lone
// runCheck gets a scope of its own, closed after its check.

import type { HttpClient } from '../http/client';
import { createProvisioningClient } from '../provisioning/client';
import { NO_MASKING, SecretMasker, type Masker } from '../http/mask';
import { targetSecrets } from '../targets/roles';
import type { Target } from '../targets/types';

export interface RunCleanupTools {
  /** The admin API client (target.dashboard). Its exchanges belong to no check, so no check's report shows them. */
  readonly dashboard: HttpClient;
}

export type RunCleanup = (tools: RunCleanupTools) => Promise<unknown> | unknown;

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
}

export interface RunScopeOptions {
  readonly target: Target;
  readonly requestTimeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** Keys in full in notices. Default false. */
  readonly showSecrets?: boolean;
  /** Called once per notice, as it is given. */
  readonly onNotice?: (message: string) => void;
}

export class RunScope implements RunResources {
  private readonly cleanups: RunCleanup[] = [];
  private readonly values = new Map<string, Promise<unknown>>();
  private readonly noticeKeys = new Set<string>();
  /** Every notice given, in order (the CLI puts them into the report's meta). */
  readonly notices: string[] = [];
  private readonly masker: Masker;

  constructor(private readonly options: RunScopeOptions) {
    this.masker = options.showSecrets ? NO_MASKING : new SecretMasker(targetSecrets(options.target));
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
