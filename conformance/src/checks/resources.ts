// The resource checks (properties, documents, handbook, contracts and current occupants, rent, invoices,
// compliance, calendar, team, the endpoints named but not detailed), grouped by spec section. The two exclusive
// invoice-limit checks spend a landlord's minute of invoice requests: the runner runs them last, one at a time.
import type { Check } from '../runner/check';
import { calendarDefaultWindowSortedAndTyped, calendarPropertyIdFilter, calendarRangeRules, calendarTypeFilter } from './calendar/calendar';
import { complianceAttentionSortedAndCountsConsistent, complianceSeverityFollowsThresholds, complianceSummaryShape } from './compliance/compliance';
import {
  contractCreationEmailsItsTenants,
  contractFiltersHoldOnEveryItem,
  contractListAndDetailShape,
  contractRoutesAnswer404ForUnknownIds,
  contractSearchMatchesTenancyReference,
  contractStatusDerivedFromDatesUnlessNoticeServed,
} from './contracts/contracts';
import { currentOccupantsResolveThroughActiveContract } from './contracts/occupants';
import {
  contractDocumentsAreApartFromPropertyDocuments,
  documentListItemsCarryAWorkingDownloadUrl,
  documentNameBoundsAndRequiredParts,
  documentOversizeUploadCarriesFileTooLarge,
  documentsExpiringWithinDaysBounds,
  documentsExpiringWithinDaysFilter,
  documentUploadThenSoftDelete,
} from './documents/documents';
import { handbookErrors, handbookShapeOnEveryProperty } from './handbook/handbook';
import {
  invoiceEmailDedupUnderConcurrency,
  invoiceEmailIdempotencyKeyReplays,
  invoiceEmailLimitedTo10PerMinute,
  invoiceEmailSandboxSendsNothing,
  invoiceEmailSentExactlyOnce,
  invoiceEmailTenantEmailMissing,
  invoiceEmailValidation,
} from './invoices/email';
import { invoicePdfAnswers404ForUnknownAndForeignIds, invoicePdfInSandboxMode, invoicePdfIsThePaymentsInvoice, invoicePdfLimitedTo20PerMinute } from './invoices/pdf';
import { maintenanceIssuePatchRouteExists, namedEndpointsAnswerTheEnvelope } from './other/named';
import { propertyRenewalContradictingCertificateIsRefused } from './properties/certificates';
import { propertyImageUploadGivesAPublicUrl } from './properties/image';
import {
  propertyListAndDetailShareTheFullShape,
  propertyListRejectsInvalidQueries,
  propertyRoutesAnswer404ForUnknownIds,
  propertySearchIsCaseInsensitiveContainsOnAddress,
  propertyStatusFilterHoldsOnEveryItem,
} from './properties/read';
import {
  propertyCreateSetsOnlyMaintenance,
  propertyDeleteIsSoft,
  propertyDeleteRefusedWhileContractIsLive,
  propertyMaintenanceIsSetAndClearedToDerivedStatus,
  propertyReadOnlyFieldsCannotBePatched,
  propertyRenewalWithoutCertificateIsAccepted,
} from './properties/writes';
import { rentCreateNormalisesPeriodAndDefaultsPaid, rentCreateRefusesMismatchedIds, rentDuplicatePeriodAnswers409, rentListRejectsInvalidQueries, rentListShapeAndFilters, rentPatchRules, rentSandboxWritesNothing } from './rent/rent';
import { teamRosterShape } from './team/team';

export const PROPERTY_CHECKS: readonly Check[] = [
  propertyListAndDetailShareTheFullShape,
  propertyStatusFilterHoldsOnEveryItem,
  propertySearchIsCaseInsensitiveContainsOnAddress,
  propertyListRejectsInvalidQueries,
  propertyRoutesAnswer404ForUnknownIds,
  propertyCreateSetsOnlyMaintenance,
  propertyMaintenanceIsSetAndClearedToDerivedStatus,
  propertyReadOnlyFieldsCannotBePatched,
  propertyDeleteIsSoft,
  propertyDeleteRefusedWhileContractIsLive,
  propertyRenewalWithoutCertificateIsAccepted,
  propertyRenewalContradictingCertificateIsRefused,
  propertyImageUploadGivesAPublicUrl,
];

export const DOCUMENT_CHECKS: readonly Check[] = [
  documentListItemsCarryAWorkingDownloadUrl,
  documentsExpiringWithinDaysFilter,
  documentsExpiringWithinDaysBounds,
  documentUploadThenSoftDelete,
  documentNameBoundsAndRequiredParts,
  documentOversizeUploadCarriesFileTooLarge,
  contractDocumentsAreApartFromPropertyDocuments,
];

export const HANDBOOK_CHECKS: readonly Check[] = [handbookShapeOnEveryProperty, handbookErrors];

export const CONTRACT_CHECKS: readonly Check[] = [
  contractListAndDetailShape,
  contractFiltersHoldOnEveryItem,
  contractSearchMatchesTenancyReference,
  contractStatusDerivedFromDatesUnlessNoticeServed,
  contractRoutesAnswer404ForUnknownIds,
  contractCreationEmailsItsTenants,
  currentOccupantsResolveThroughActiveContract,
];

export const RENT_CHECKS: readonly Check[] = [
  rentListShapeAndFilters,
  rentListRejectsInvalidQueries,
  rentCreateNormalisesPeriodAndDefaultsPaid,
  rentDuplicatePeriodAnswers409,
  rentCreateRefusesMismatchedIds,
  rentSandboxWritesNothing,
  rentPatchRules,
];

/** Ordinary invoice checks; the two limit checks are exclusive (INVOICE_LIMIT_CHECKS). */
export const INVOICE_CHECKS: readonly Check[] = [
  invoicePdfIsThePaymentsInvoice,
  invoicePdfAnswers404ForUnknownAndForeignIds,
  invoicePdfInSandboxMode,
  invoiceEmailValidation,
  invoiceEmailTenantEmailMissing,
  invoiceEmailSandboxSendsNothing,
  invoiceEmailDedupUnderConcurrency,
  invoiceEmailSentExactlyOnce,
  invoiceEmailIdempotencyKeyReplays,
];

export const INVOICE_LIMIT_CHECKS: readonly Check[] = [invoicePdfLimitedTo20PerMinute, invoiceEmailLimitedTo10PerMinute];

export const COMPLIANCE_CHECKS: readonly Check[] = [complianceSummaryShape, complianceSeverityFollowsThresholds, complianceAttentionSortedAndCountsConsistent];

export const CALENDAR_CHECKS: readonly Check[] = [calendarDefaultWindowSortedAndTyped, calendarRangeRules, calendarTypeFilter, calendarPropertyIdFilter];

export const TEAM_CHECKS: readonly Check[] = [teamRosterShape];

export const OTHER_CHECKS: readonly Check[] = [namedEndpointsAnswerTheEnvelope, maintenanceIssuePatchRouteExists];

export const RESOURCE_CHECKS: readonly Check[] = [
  ...PROPERTY_CHECKS,
  ...DOCUMENT_CHECKS,
  ...HANDBOOK_CHECKS,
  ...CONTRACT_CHECKS,
  ...RENT_CHECKS,
  ...INVOICE_CHECKS,
  ...COMPLIANCE_CHECKS,
  ...CALENDAR_CHECKS,
  ...TEAM_CHECKS,
  ...OTHER_CHECKS,
  ...INVOICE_LIMIT_CHECKS,
];
