// Every self-test table, merged: the completeness test holds ALL_CHECKS against it. A check added to ALL_CHECKS
// needs an entry here (its own table file, merged below).
import { PLATFORM_SELF_TESTS, type SelfTestTable } from './platform.self-tests';
import { RESOURCE_SELF_TESTS } from './resources.self-tests';
import { WEBHOOK_SELF_TEST_TABLE } from './webhooks.self-tests';

export type { SelfTest, SelfTestTable } from './platform.self-tests';

export const SELF_TESTS: SelfTestTable = { ...PLATFORM_SELF_TESTS, ...RESOURCE_SELF_TESTS, ...WEBHOOK_SELF_TEST_TABLE };
