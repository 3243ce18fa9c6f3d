// Self-tests of the compliance summary checks (resource checks): each passes against the reference server and fails against
// every broken deployment of its RESOURCE_SELF_TESTS entry.
import { COMPLIANCE_CHECKS } from '../../src/checks/resources';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Compliance summary checks', COMPLIANCE_CHECKS);
