// Self-tests of the Authentication checks (including the HTTPS check against a production reference server).
import { AUTH_CHECKS } from '../../src/checks/platform';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Authentication checks', AUTH_CHECKS, { production: true });
