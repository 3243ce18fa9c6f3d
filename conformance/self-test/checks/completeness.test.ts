// Every check in ALL_CHECKS has at least one self-test (a fault it must fail against), every self-test names a
// check that exists, and every platform check is run by one of the self-test files.
import { ALL_CHECKS } from '../../src/checks';
import { PLATFORM_CHECKS } from '../../src/checks/platform';
import { registryProblems } from '../../src/runner';
import { RULES } from '../../src/rules';
import { SELF_TESTS } from './registry';

describe('check self-test completeness', () => {
  const tested = ALL_CHECKS.filter((c) => (SELF_TESTS[c.id] ?? []).length > 0);

  it('every check in ALL_CHECKS has a self-test entry', () => {
    const share = ALL_CHECKS.length === 0 ? 100 : Math.round((tested.length / ALL_CHECKS.length) * 1000) / 10;
    process.stdout.write(`self-tested checks: ${tested.length}/${ALL_CHECKS.length} (${share}%)\n`);
    expect(ALL_CHECKS.filter((c) => !(c.id in SELF_TESTS) || (SELF_TESTS[c.id] ?? []).length === 0).map((c) => c.id)).toEqual([]);
  });

  it('every self-test entry names a registered check', () => {
    const ids = new Set(ALL_CHECKS.map((c) => c.id));
    expect(Object.keys(SELF_TESTS).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('the platform checks are all registered, with known rule ids and no duplicates', () => {
    const ids = new Set(ALL_CHECKS.map((c) => c.id));
    expect(PLATFORM_CHECKS.filter((c) => !ids.has(c.id)).map((c) => c.id)).toEqual([]);
    expect(registryProblems(PLATFORM_CHECKS, RULES)).toEqual([]);
  });
});
