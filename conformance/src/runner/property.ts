// ctx.property: fast-check with the run's seed. fast-check shrinks by re-running the predicate; the final
// counterexample is the last input that failed, so we keep that run's failure and exchange for the report.

import fc, { type Arbitrary } from 'fast-check';
import type { RecordedExchange } from '../model';
import { CheckFailure, CheckSkip } from './outcomes';
import { describeValue } from './describe';

export const DEFAULT_NUM_RUNS = 25;

export interface PropertyRun<T> {
  readonly name: string;
  readonly arbitrary: Arbitrary<T>;
  readonly predicate: (value: T) => Promise<boolean | void>;
  readonly seed: number;
  readonly numRuns?: number;
  /** Tried first, whatever the seed. */
  readonly examples?: readonly T[];
  /** The check's exchange log, to find the exchange made by the failing run. */
  readonly exchanges: readonly RecordedExchange[];
  /** True once the check ran out of time: stop generating (the remaining runs pass without requests). */
  readonly aborted?: () => boolean;
}

interface FailedRun {
  /** undefined: the predicate returned false. */
  readonly error: unknown;
  readonly exchange?: RecordedExchange;
}

export async function runProperty<T>(run: PropertyRun<T>): Promise<void> {
  let lastFailure: FailedRun | undefined;
  let skip: CheckSkip | undefined;
  // Anything but a verdict (a reset connection, a timeout, the suite's own bug) says nothing about the input:
  // it is not a counterexample to shrink but the run's end, rethrown as is so the check reports `error`.
  let broken: unknown;
  let isBroken = false;

  const property = fc.asyncProperty(run.arbitrary, async (value: T) => {
    if (skip || isBroken || run.aborted?.()) return true;
    const before = run.exchanges.length;
    const exchangeOfThisRun = (): RecordedExchange | undefined =>
      run.exchanges.length > before ? run.exchanges[run.exchanges.length - 1] : undefined;
    try {
      const outcome = await run.predicate(value);
      if (outcome === false) lastFailure = { error: undefined, exchange: exchangeOfThisRun() };
      return outcome;
    } catch (error) {
      // A skip is not a counterexample: stop generating and report the skip.
      if (error instanceof CheckSkip) {
        skip = error;
        return true;
      }
      if (!(error instanceof CheckFailure)) {
        broken = error;
        isBroken = true;
        return true;
      }
      lastFailure = {
        error,
        exchange: error.details.exchange ?? exchangeOfThisRun(),
      };
      throw error;
    }
  });

  const details = await fc.check(property, {
    seed: run.seed,
    numRuns: run.numRuns ?? DEFAULT_NUM_RUNS,
    examples: (run.examples ?? []).map((e): [T] => [e]),
  });
  if (isBroken) throw broken;
  if (skip) throw skip;
  if (!details.failed) return;

  const counterexample = details.counterexample ? fc.stringify(details.counterexample[0]) : '(none)';
  const path = details.counterexamplePath ?? undefined;
  const error = lastFailure ? lastFailure.error : details.errorInstance;
  let expected = `property "${run.name}" holds for every input`;
  let got = 'the predicate returned false';
  let rules: readonly string[] | undefined;
  if (error instanceof CheckFailure) {
    ({ expected, got } = error.details);
    rules = error.details.rules;
  } else if (error instanceof Error) {
    got = `${error.name}: ${error.message}`;
  } else if (error !== undefined && error !== null) {
    got = describeValue(error);
  }
  throw new CheckFailure({
    expected,
    got: `${got} (counterexample ${counterexample})`,
    exchange: lastFailure?.exchange,
    ...(rules ? { rules } : {}),
    property: run.name,
    seed: details.seed,
    ...(path !== undefined ? { path } : {}),
    counterexample,
  });
}
