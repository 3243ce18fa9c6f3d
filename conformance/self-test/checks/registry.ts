// Every self-test table, merged: the completeness test holds ALL_CHECKS against it. A check added to ALL_CHECKS
// needs an entry here (its own table file, merged below). Tables may add faults to a check another table has:
// their lists are concatenated.
import { ACCESS_MATRIX_SELF_TESTS } from '../../src/checks/access/matrix.faults';
import { INVARIANT_SELF_TESTS } from '../../src/checks/invariants/global.faults';
import { OWN_DATA_SELF_TESTS } from '../../src/checks/shared/own-data.faults';
import { PLATFORM_SELF_TESTS, type SelfTestTable } from './platform.self-tests';
import { RESOURCE_SELF_TESTS } from './resources.self-tests';
import { WEBHOOK_SELF_TEST_TABLE } from './webhooks.self-tests';

export type { SelfTest, SelfTestTable } from './platform.self-tests';

function merge(...tables: SelfTestTable[]): SelfTestTable {
  const out: Record<string, SelfTestTable[string]> = {};
  for (const table of tables) for (const [id, tests] of Object.entries(table)) out[id] = [...(out[id] ?? []), ...tests];
  return out;
}

export const SELF_TESTS: SelfTestTable = merge(PLATFORM_SELF_TESTS, RESOURCE_SELF_TESTS, WEBHOOK_SELF_TEST_TABLE, OWN_DATA_SELF_TESTS, INVARIANT_SELF_TESTS, ACCESS_MATRIX_SELF_TESTS);
