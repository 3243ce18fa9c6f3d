// Self-tests of the invoice PDF and email checks (resource checks): each passes against the reference server and fails against
// every broken deployment of its RESOURCE_SELF_TESTS entry.
import { INVOICE_CHECKS } from '../../src/checks/resources';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Invoice PDF and email checks', INVOICE_CHECKS);
