// Self-tests of the checks of the endpoints named but not detailed (resource checks): each passes against the reference server and fails against
// every broken deployment of its RESOURCE_SELF_TESTS entry.
import { OTHER_CHECKS } from '../../src/checks/resources';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Checks of the endpoints named but not detailed', OTHER_CHECKS);
