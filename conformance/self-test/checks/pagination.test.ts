// Self-tests of the list-endpoint checks (page, limit, filters).
import { PAGINATION_CHECKS } from '../../src/checks/platform';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Pagination and filter checks', PAGINATION_CHECKS);
