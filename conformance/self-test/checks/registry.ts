// Every self-test table, merged: the completeness test holds ALL_CHECKS against it. A check added to ALL_CHECKS
// needs an entry here (its own table file, merged below).
import { PLATFORM_SELF_TESTS, type SelfTestTable } from './platform.self-tests';
import { RESOURCE_SELF_TESTS } from './resources.self-tests';
import { WEBHOOK_SELF_TEST_TABLE } from './webhooks.self-tests';
import { CALENDAR_EDGE_SELF_TESTS } from '../../src/checks/calendar/window-edges.faults';
import { DAYS_UNTIL_SELF_TESTS } from '../../src/checks/compliance/days-until.faults';
import { EDGE_SELF_TESTS } from '../../src/checks/limits/edges.faults';
import { OBSERVED_SELF_TESTS } from '../../src/checks/other/observed.faults';
import { STATE_PATH_SELF_TESTS } from '../../src/checks/properties/state-paths.faults';
import { TEAM_OWNER_SELF_TESTS } from '../../src/checks/team/owner.faults';

export type { SelfTest, SelfTestTable } from './platform.self-tests';

export const SELF_TESTS: SelfTestTable = { ...PLATFORM_SELF_TESTS, ...RESOURCE_SELF_TESTS, ...WEBHOOK_SELF_TEST_TABLE, ...EDGE_SELF_TESTS, ...STATE_PATH_SELF_TESTS, ...DAYS_UNTIL_SELF_TESTS, ...TEAM_OWNER_SELF_TESTS, ...OBSERVED_SELF_TESTS, ...CALENDAR_EDGE_SELF_TESTS };
