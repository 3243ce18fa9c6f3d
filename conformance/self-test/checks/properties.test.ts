// Self-tests of the property checks (resource checks): each passes against the reference server and fails against
// every broken deployment of its RESOURCE_SELF_TESTS entry.
import { PROPERTY_CHECKS } from '../../src/checks/resources';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Property checks', PROPERTY_CHECKS);
