// Runs one check: the target file's switches first (disabled), needs and profile (skip with a reason), then run()
// under a time limit, then its cleanups whatever happened, and turns the outcome into a CheckResult: a
// CheckFailure is `failed` (the deployment broke the spec); a transport error (a well-formed 503 included:
// http/unavailable.ts), the time limit or any other throw is `error` (the suite or the network broke, or the
// deployment was unavailable; runChecks retries it once).

import { randomBytes } from 'node:crypto';
import type { CheckResult, RecordedExchange } from '../model';
import { DeploymentUnavailable, TransportError } from '../http/client';
import { systemClock, type Clock } from '../http/clock';
import { toCurl } from '../http/curl';
import { NO_MASKING, SecretMasker } from '../http/mask';
import { Pacer } from '../http/pacing';
import { allRoleKeys, targetSecrets, unmetNeed } from '../targets/roles';
import type { Target } from '../targets/types';
import type { Check, Profile } from './check';
import { RunningCheck } from './context';
import { maskResult } from './masking';
import { disabledBy, isCore } from './profile';
import { buildTrace } from './trace';
import { CheckBlocked, CheckFailure, CheckSkip } from './outcomes';
import { RunScope } from './run-scope';

export interface RunCheckOptions {
  readonly seed: number;
  readonly profile?: Profile;
  /** Keys in full in messages, reproductions and exchanges. Default false. */
  readonly showSecrets?: boolean;
  /** Default: a fresh random id; the marker is `conformance-<runId>`. */
  readonly runId?: string;
  /** Shared across a run so a key's budget is shared by all checks. Default: a pacer of this call's own. */
  readonly pacer?: Pacer;
  readonly clock?: Clock;
  /** Per request; default 15 s. */
  readonly requestTimeoutMs?: number;
  /** Overrides the check's own time limit (self-tests). */
  readonly checkTimeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** Put into `command` so the rerun line aims at the same target file. */
  readonly targetFile?: string;
  /**
   * The run's shared values and run-level cleanups (runChecks passes one scope to every check and closes it at
   * the end). Absent: a scope of this check's own, closed right after the check's cleanups.
   */
  readonly run?: RunScope;
}

export function newRunId(): string {
  return `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** Pacer over the target's keys; keys are paced by the role they belong to. */
export function pacerFor(target: Target, clock: Clock = systemClock): Pacer {
  const roleByKey = new Map<string, string>();
  for (const [role, key] of allRoleKeys(target)) if (!roleByKey.has(key)) roleByKey.set(key, role);
  return new Pacer(target.pacing, (key) => roleByKey.get(key), clock);
}

export function rerunCommand(check: Pick<Check, 'id'>, seed: number | undefined, targetFile?: string): string {
  const target = targetFile ? ` --target ${targetFile}` : '';
  return `npm run conformance --${target} --only ${check.id}${seed !== undefined ? ` --seed ${seed}` : ''}`;
}

/** The check's own time limit ran out: the suite cannot tell a slow deployment from a stuck check, so `error`. */
class CheckTimeout extends Error {
  override readonly name = 'CheckTimeout';
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

export async function runCheck(check: Check, target: Target, options: RunCheckOptions): Promise<CheckResult> {
  const started = performance.now();
  const profile = options.profile ?? 'quick';
  const base = { id: check.id, title: check.title, group: check.group, rules: check.rules, core: isCore(check) };
  const secrets = targetSecrets(target);
  const masker = options.showSecrets ? NO_MASKING : new SecretMasker(secrets);
  const elapsed = (): number => Math.round(performance.now() - started);
  const skipped = (message: string): CheckResult => ({
    ...base,
    status: 'skipped',
    message,
    durationMs: elapsed(),
    command: rerunCommand(check, undefined, options.targetFile),
  });

  const off = disabledBy(check, target);
  if (off)
    return {
      ...base,
      status: 'disabled',
      message: off.reason,
      disabledBy: off.by,
      durationMs: elapsed(),
      command: rerunCommand(check, undefined, options.targetFile),
    };
  if (check.profile === 'full' && profile === 'quick')
    return skipped('full-profile check (waits minutes); run with --profile full');
  for (const need of check.needs) {
    const reason = unmetNeed(target, need);
    if (reason !== undefined) return skipped(reason);
  }

  const clock = options.clock ?? systemClock;
  // A lone check (no run given) observes its own answers when it is an observer.
  const observers = check.observe ? [{ id: check.id, observe: check.observe }] : [];
  const run =
    options.run ??
    new RunScope({
      target,
      requestTimeoutMs: options.requestTimeoutMs,
      fetch: options.fetch,
      showSecrets: options.showSecrets,
      observers,
    });
  const ownsRun = options.run === undefined;
  const runId = options.runId ?? newRunId();
  const running = new RunningCheck({
    target,
    check,
    runId,
    seed: options.seed,
    profile,
    clock,
    pacer: check.exclusive ? undefined : (options.pacer ?? pacerFor(target, clock)),
    requestTimeoutMs: options.requestTimeoutMs,
    fetch: options.fetch,
    run,
  });

  const limitMs = options.checkTimeoutMs ?? check.timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limitMs);
  });
  let outcome: unknown = undefined;
  try {
    const winner = await Promise.race([check.run(running.ctx).then(() => 'done' as const), timedOut]);
    if (winner === 'timeout') {
      running.abort(`check exceeded ${limitMs} ms`);
      outcome = new CheckTimeout(`the check was still running after ${Math.round(limitMs / 1000)} s; aborted`);
    }
  } catch (error) {
    outcome = error;
  } finally {
    clearTimeout(timer);
  }
  const cleanupProblems = await running.runCleanups();
  // A broken connection in a cleanup leaves the check's data behind: the run cannot call it passed (or skipped
  // quietly), nor is it a verdict on the deployment. A failure found before the cleanup stands.
  if ((outcome === undefined || outcome instanceof CheckSkip) && running.cleanupTransportError)
    outcome = running.cleanupTransportError;
  // A lone check's run ends with it: its run-level cleanups are its own, reported like its other cleanups.
  if (ownsRun) cleanupProblems.push(...(await run.close()));
  const runNotes = ownsRun && run.notices.length ? ` (note: ${run.notices.join('; ')})` : '';
  const cleanupNote = (cleanupProblems.length ? ` (cleanup failed: ${cleanupProblems.join('; ')})` : '') + runNotes;

  const usedSeed = running.usedSeed ? options.seed : undefined;
  const exchanges: readonly RecordedExchange[] = running.exchanges;
  const curl = (e: RecordedExchange | undefined): string | undefined =>
    e ? toCurl(e, { showSecrets: options.showSecrets, secrets }) : undefined;
  let result: CheckResult;

  if (outcome === undefined) {
    const summary = running.notes.length
      ? running.notes.join('; ')
      : `${exchanges.length} exchange${exchanges.length === 1 ? '' : 's'} as expected`;
    result = {
      ...base,
      status: 'passed',
      message: summary + cleanupNote,
      durationMs: elapsed(),
      exchanges,
      command: rerunCommand(check, usedSeed, options.targetFile),
    };
  } else if (outcome instanceof CheckSkip) {
    result = { ...skipped(outcome.reason + cleanupNote), exchanges };
  } else if (outcome instanceof CheckBlocked) {
    const exchange = exchanges[exchanges.length - 1];
    result = {
      ...base,
      status: 'blocked',
      blockedBy: outcome.blockedBy,
      message: `blocked by ${outcome.blockedBy}: ${outcome.reason}${cleanupNote}`,
      ...(exchange ? { reproduction: curl(exchange) } : {}),
      durationMs: elapsed(),
      exchanges,
      command: rerunCommand(check, usedSeed, options.targetFile),
    };
  } else {
    // Only a CheckFailure is a verdict on the deployment; anything else means the suite could not judge.
    const status = outcome instanceof CheckFailure ? 'failed' : 'error';
    let expected = 'the check to run to completion';
    let got = describeError(outcome);
    let exchange = exchanges[exchanges.length - 1];
    let extra: Partial<CheckResult> = {};
    let failedRules: readonly string[] = check.rules;
    if (outcome instanceof CheckFailure) {
      const d = outcome.details;
      ({ expected, got } = d);
      exchange = d.exchange ?? exchange;
      if (d.rules) failedRules = d.rules;
      extra = {
        ...(d.property !== undefined ? { property: d.property } : {}),
        ...(d.seed !== undefined ? { seed: d.seed } : {}),
        ...(d.path !== undefined ? { path: d.path } : {}),
        ...(d.counterexample !== undefined ? { counterexample: d.counterexample } : {}),
      };
    } else if (outcome instanceof TransportError) {
      expected = outcome instanceof DeploymentUnavailable ? 'an answer from an available deployment' : 'a response';
      got = outcome.message;
      exchange = outcome.exchange;
    }
    const seed = extra.seed ?? usedSeed;
    result = {
      ...base,
      status,
      message: `${status === 'error' ? 'error: ' : ''}expected: ${expected}; got: ${got} [${failedRules.join(', ')}]${cleanupNote}`,
      failedRules,
      expected,
      got,
      ...extra,
      ...(seed !== undefined ? { seed } : {}),
      reproduction: curl(exchange) ?? '(the check made no request)',
      durationMs: elapsed(),
      exchanges,
      command: rerunCommand(check, seed, options.targetFile),
    };
  }
  if (result.status !== 'failed' && usedSeed !== undefined) result = { ...result, seed: usedSeed };
  // The trace is built from the raw exchanges and always redacted: --show-secrets never reaches it.
  return { ...maskResult(result, masker), trace: buildTrace(exchanges, target, { runId }) };
}
