// Self-tests of the sandbox and tenant-isolation checks.
import { ISOLATION_CHECKS, SANDBOX_CHECKS } from '../../src/checks/platform';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Sandbox and tenant-isolation checks', [...SANDBOX_CHECKS, ...ISOLATION_CHECKS]);
