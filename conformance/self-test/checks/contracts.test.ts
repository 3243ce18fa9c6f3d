// Self-tests of the contract and current-occupant checks (resource checks): each passes against the reference server and fails against
// every broken deployment of its RESOURCE_SELF_TESTS entry.
import { CONTRACT_CHECKS } from '../../src/checks/resources';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Contract and current-occupant checks', CONTRACT_CHECKS);
