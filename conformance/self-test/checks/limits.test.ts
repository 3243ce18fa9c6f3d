// Self-tests of the rate-limit checks. Their target has no rateLimit key, so every run provisions fresh keys
// through the dashboard with the plan's default limits (never the raised ones the other self-tests use).
import { LIMIT_CHECKS } from '../../src/checks/platform';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Rate-limit checks', LIMIT_CHECKS);
