// Self-tests of the property and contract document checks (resource checks): each passes against the reference server and fails against
// every broken deployment of its RESOURCE_SELF_TESTS entry.
import { DOCUMENT_CHECKS } from '../../src/checks/resources';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Property and contract document checks', DOCUMENT_CHECKS);
