// Self-tests of the Errors, Response envelope, rate-limit header and removed-route checks.
import { DEPRECATION_CHECKS, ENVELOPE_CHECKS, ERROR_CHECKS, HEADER_CHECKS } from '../../src/checks/platform';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Errors, envelope, headers and removed-route checks', [...ERROR_CHECKS, ...ENVELOPE_CHECKS, ...HEADER_CHECKS, ...DEPRECATION_CHECKS]);
