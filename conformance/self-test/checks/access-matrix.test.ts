// Self-tests of the access matrix (every route under every Authentication rule and the 404 rule): each check passes
// against the reference server and fails against every broken deployment of its ACCESS_MATRIX_SELF_TESTS entry.
import { ACCESS_MATRIX_CHECKS } from '../../src/checks/access/matrix';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Access matrix checks', ACCESS_MATRIX_CHECKS);
