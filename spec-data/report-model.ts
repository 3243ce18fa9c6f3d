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
  /** The requirement level the spec's wording gives the rule; a failed SHOULD is a warning unless `--strict`. */
  readonly level: RuleLevel;
  /**
   * The spec's words, verbatim (a sentence, part of one, or a table row), when `text` restates them in other words:
   * a heading's aside, a row read with its header, a statement split into several rules.
   */
  readonly quote?: string;
}

/**
 * MUST: the spec states a rule, a code or a limit. SHOULD: guidance ("receivers should...", "treat 5xx as
 * transient"). MAY: a permission. `not-shown`: the spec leaves it to the deployment (nothing to fail).
 */
export type RuleLevel = 'MUST' | 'SHOULD' | 'MAY' | 'not-shown';

/**
 * `passed`, `failed` (the deployment broke the spec) and `skipped` (the target cannot offer what the check needs)
 * are interfaces.md's; `error` (the suite or the network broke: never a failure of the deployment), `disabled`
 * (switched off in the target file) and `blocked` (could not run because an operation every deployment must
 * support failed: `blockedBy` names the check that failed it; the run exits 1) are its additive extensions.
 */
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'error' | 'disabled' | 'blocked';

/** One exchange as a trace shows it: secrets redacted, volatile values replaced by stable placeholders. */
export interface TraceExchange {
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body?: string;
  };
  readonly response?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: string;
  };
  readonly error?: string;
}

/** What a check needs beyond the API keys. A check whose needs are not met is skipped with the reason. */
export type CheckNeed =
  | 'dashboard'
  | 'mail'
  | 'webhook'
  | 'otherLandlord'
  | 'portfolio'
  | 'professional'
  | 'revoked'
  | 'sandbox'
  | 'readOnly';

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
  readonly expectedFailure?: { readonly reason: string; readonly issue?: string };
  /** Set when the baseline's known-flaky list names this check: its failure or error never fails the run. */
  readonly knownFlaky?: { readonly reason: string; readonly issue?: string };
  /** The strongest level among the rules the verdict is about (all the check's rules, or the failed assertion's). */
  readonly level?: RuleLevel;
  /** A failed check whose rules are SHOULD or weaker, without `--strict`: reported, not counted as failed. */
  readonly warning?: boolean;
  /** Failed: the rules the failing assertion proves (the check's rules unless the assertion named fewer). */
  readonly failedRules?: readonly string[];
  /** Error: how many times the check ran (an error is retried once before it is reported). */
  readonly attempts?: number;
  /** Disabled or skipped because of the target's capability profile: the capability or the target file entry. */
  readonly disabledBy?: string;
  /** Blocked: the id of the required-operation check whose operation failed, so this check could not run. */
  readonly blockedBy?: string;
  /** Whether the check proves a Core rule (one the spec states for every deployment). */
  readonly core?: boolean;
  /** Every exchange, redacted and with volatile values replaced, so two runs' reports diff cleanly (bounded). */
  readonly trace?: readonly TraceExchange[];
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
  readonly summary: {
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
    readonly expectedFailures?: number;
    readonly errored?: number;
    readonly disabled?: number;
    readonly warnings?: number;
    /** Known-flaky checks that failed or errored (never counted against the run). */
    readonly flaky?: number;
    /** Checks that could not run because a required operation failed (they fail the run). */
    readonly blocked?: number;
  };
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

/** `summary` and `badge` are the publishable forms: a small verdict document and a shields.io endpoint JSON. */
export type ReportFormat = 'json' | 'junit' | 'html' | 'summary' | 'badge';

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
export type WriteReports = (
  results: readonly CheckResult[],
  specs: readonly ReportSpec[],
  meta: RunMeta,
) => Promise<void>;
