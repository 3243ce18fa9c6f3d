// Self-tests of the team checks (resource checks): each passes against the reference server and fails against
// every broken deployment of its RESOURCE_SELF_TESTS entry.
import { TEAM_CHECKS } from '../../src/checks/resources';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Team checks', TEAM_CHECKS);
