// The report model: the contract between the rule catalogue, the checks, the runner and the reporters, and
// what outside tools read from a report.
// Kept in one file so that every part of the suite (and the webhook receiver tester, which reports
// the same way) agrees on the shapes without importing each other's internals.

/** How a rule can be verified from outside a deployment. */
export type RuleClass =
  /** Checkable with the API keys of the target file alone. */
  | 'black-box'
  /** Needs the developer dashboard (provisioning keys, subscriptions, delivery history). */
  | 'needs-dashboard'
  /** Needs the target's mail-capture API. */
  | 'needs-mail'
  /** Needs a webhook receiver the suite can read (the mock receiver). */
  | 'needs-webhook'
  /** Cannot be observed from outside (storage, logging, internal queues). */
  | 'not-observable'
  /** The spec says "not shown": deployments may choose; the suite must not fail either choice. */
  | 'not-shown';

export interface Rule {
  /** Stable id, e.g. `AUTH-6`, `RENT-POST-4`, `LIMIT-RATE-3`. Never renumbered once published. */
  readonly id: string;
  /** Spec section path, e.g. `Authentication` or `Endpoints > Rent`. */
  readonly section: string;
  /** The spec's own words (quoted or closely paraphrased). */
  readonly text: string;
  readonly class: RuleClass;
  /** Why a rule of a class other than black-box is not (fully) tested; shown in the requirements export. */
  readonly notTestedReason?: string;
}

export type CheckStatus = 'passed' | 'failed' | 'skipped';

/** What a check needs beyond the API keys. A check whose needs are not met is skipped with the reason. */
export type CheckNeed = 'dashboard' | 'mail' | 'webhook' | 'otherLandlord' | 'portfolio' | 'professional' | 'revoked' | 'sandbox' | 'readOnly';

/** One HTTP exchange the suite made, recorded so failures can be reproduced by someone who was not there. */
export interface RecordedExchange {
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    /** Text body as sent (JSON or a description of a multipart body). */
    readonly body?: string;
    /** Multipart parts, so a reproduction can rebuild the form (`curl -F`). */
    readonly multipart?: readonly RecordedPart[];
  };
  readonly response?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    /** Body text, truncated for reports. */
    readonly body: string;
  };
  readonly error?: string;
  readonly durationMs: number;
}

/** One part of a multipart request as recorded: a field value, or a file summarised by name, type and size. */
export interface RecordedPart {
  readonly name: string;
  readonly value?: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly size?: number;
  /** Small files only (up to 8 KiB), so the curl reproduction can send the same bytes. */
  readonly base64?: string;
}

export interface CheckResult {
  readonly id: string;
  readonly title: string;
  readonly group: string;
  readonly rules: readonly string[];
  readonly status: CheckStatus;
  /** Passed: a short summary. Failed: expected vs. got. Skipped: why. */
  readonly message: string;
  /** A command that reproduces a failure (curl, with keys masked unless --show-secrets). */
  readonly reproduction?: string;
  readonly durationMs: number;
  /** Property-based checks: the seed, path and shrunk counterexample, so `--seed` replays it. */
  readonly seed?: number;
  readonly path?: string;
  readonly counterexample?: string;
  /** Set when a baseline file lists this check as a known failure. */
  readonly expectedFailure?: { readonly reason: string };
  readonly exchanges?: readonly RecordedExchange[];
  /** Failed: the two halves of `message`, kept apart so reports can lay them out (no rule ids in them). */
  readonly expected?: string;
  readonly got?: string;
  /** Property-based failures: the name given to `ctx.property`. */
  readonly property?: string;
  /** A command line that re-runs just this check (with its seed when it used one). */
  readonly command?: string;
}

/** The JSON report of `../shared/interfaces.md`, extended with run metadata and coverage. */
export interface SuiteReport {
  readonly summary: { readonly passed: number; readonly failed: number; readonly skipped: number; readonly expectedFailures?: number };
  readonly checks: ReadonlyArray<{
    readonly id: string;
    readonly rules: readonly string[];
    readonly status: CheckStatus;
    readonly message: string;
    readonly reproduction?: string;
    readonly [extra: string]: unknown;
  }>;
  readonly [extra: string]: unknown;
}

export type ReportFormat = 'json' | 'junit' | 'html';

/** `--report FORMAT:PATH`, repeatable. */
export interface ReportSpec {
  readonly format: ReportFormat;
  readonly path: string;
}

/** Facts about a run shown in every report. */
export interface RunMeta {
  /** e.g. "Property Portfolio API conformance" or "Webhook receiver test". */
  readonly title: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly target?: string;
  readonly seed?: number;
  readonly profile?: string;
  readonly [extra: string]: unknown;
}

/**
 * Implemented by `conformance/src/reporters/index.ts`; also used by the webhook receiver tester so both tools
 * report the same way.
 */
export type WriteReports = (results: readonly CheckResult[], specs: readonly ReportSpec[], meta: RunMeta) => Promise<void>;
