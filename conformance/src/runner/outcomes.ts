// Outcomes are exceptions, as in Inferno: a check throws CheckFailure (with expected and got) or CheckSkip,
// and the runner maps them to results. Anything else thrown is a fault in the check and also fails it.

import type { RecordedExchange } from '../model';

export interface FailureDetails {
  readonly expected: string;
  readonly got: string;
  /** The exchange that showed the failure; its curl becomes the reproduction. */
  readonly exchange?: RecordedExchange;
  /** The rules this particular assertion proves, when narrower than the check's rules. */
  readonly rules?: readonly string[];
  /** Property-based failures. */
  readonly property?: string;
  readonly seed?: number;
  readonly path?: string;
  readonly counterexample?: string;
}

export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  constructor(readonly details: FailureDetails) {
    super(`expected: ${details.expected}; got: ${details.got}`);
  }
}

export class CheckSkip extends Error {
  override readonly name = 'CheckSkip';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The check cannot run because an operation every deployment must support failed (POST /properties refused, …).
 * Not a skip: the target lacks nothing the spec lets it lack. `blockedBy` is the id of the check that fails on that
 * operation itself; the blocked check is reported `blocked` and the run exits 1.
 */
export class CheckBlocked extends Error {
  override readonly name = 'CheckBlocked';
  constructor(
    readonly blockedBy: string,
    readonly reason: string,
  ) {
    super(`blocked by ${blockedBy}: ${reason}`);
  }
}

/** Errors that stop the whole run before or instead of running checks (exit status 2). */
export class CannotRunError extends Error {
  override readonly name: string = 'CannotRunError';
}
