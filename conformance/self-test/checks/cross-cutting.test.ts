// Self-tests of the cross-cutting checks (versioned root, id/date/timestamp conventions, requests without a key,
// malformed JSON, non-UUID path ids, where subscriptions are managed): each passes against the reference server and
// fails against every broken deployment of its PLATFORM_SELF_TESTS entry.
import { CROSS_CUTTING_CHECKS } from '../../src/checks/cross-cutting';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Cross-cutting checks', CROSS_CUTTING_CHECKS);
