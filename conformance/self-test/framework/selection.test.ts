// --only globs (check id or rule id), result order, the concurrency pool, and the real registry's health.

import { ALL_CHECKS } from '../../src/registry';
import { RULES } from '../../src/rules';
import { defineCheck, globToRegExp, mapPool, checkSetProblems, selectChecks } from '../../src/runner';

const checks = [
  defineCheck({
    id: 'auth.revokedKeyIsRejected',
    title: 't',
    group: 'Authentication',
    rules: ['AUTH-6'],
    run: async () => undefined,
  }),
  defineCheck({
    id: 'limits.rateLimitExceededCarriesRetryAfter',
    title: 't',
    group: 'Limits',
    rules: ['LIMIT-RATE-3', 'ERR-9'],
    run: async () => undefined,
  }),
  defineCheck({
    id: 'rent.duplicatePeriodConflicts',
    title: 't',
    group: 'Endpoints > Rent',
    rules: ['RENT-POST-4'],
    run: async () => undefined,
  }),
];
const ids = (only: string | string[]) => selectChecks(checks, only).map((c) => c.id);

describe('--only', () => {
  it.each([
    ['AUTH-*', ['auth.revokedKeyIsRejected']],
    ['auth-*', ['auth.revokedKeyIsRejected']],
    ['limits.*', ['limits.rateLimitExceededCarriesRetryAfter']],
    ['ERR-9', ['limits.rateLimitExceededCarriesRetryAfter']],
    ['RENT-POST-?', ['rent.duplicatePeriodConflicts']],
    ['AUTH-6,RENT-*', ['auth.revokedKeyIsRejected', 'rent.duplicatePeriodConflicts']],
    ['*', checks.map((c) => c.id)],
    ['AUTH', []],
  ])('%s selects %j', (only, expected) => {
    expect(ids(only)).toEqual(expected);
  });

  it('treats regex characters literally', () => {
    expect(globToRegExp('a.b').test('axb')).toBe(false);
    expect(globToRegExp('(x)+').test('(x)+')).toBe(true);
  });
});

describe('mapPool', () => {
  it('keeps input order and never runs more than the pool size at once', async () => {
    let running = 0;
    let peak = 0;
    const resolvers: Array<() => void> = [];
    const done = mapPool([1, 2, 3, 4, 5, 6], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => resolvers.push(resolve));
      running--;
      return n * 10;
    });
    // Release tasks one by one as they arrive; no timers involved.
    while (resolvers.length || running) {
      await Promise.resolve();
      resolvers.shift()?.();
    }
    expect(await done).toEqual([10, 20, 30, 40, 50, 60]);
    expect(peak).toBe(2);
  });
});

describe('the real registry', () => {
  it('ALL_CHECKS have unique ids and cite only rules in the catalogue', () => {
    expect(checkSetProblems(ALL_CHECKS, RULES)).toEqual([]);
  });
});
