// Self-tests of the global response invariants: each passes against the reference server (judging its own probes)
// and fails against every broken deployment of its INVARIANT_SELF_TESTS entry.
import { INVARIANT_CHECKS } from '../../src/checks/invariants/global';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Global response invariant checks', INVARIANT_CHECKS);
