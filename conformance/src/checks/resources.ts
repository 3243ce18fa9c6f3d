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

/** Invoice PDF checks (the PDF limit check is exclusive: INVOICE_LIMIT_CHECKS). */
export const INVOICE_PDF_CHECKS: readonly Check[] = [invoicePdfIsThePaymentsInvoice, invoicePdfAnswers404ForUnknownAndForeignIds, invoicePdfInSandboxMode];

/**
 * Invoice email checks. The landlord's 10 emails a minute make them wait for each other (shared/invoice-budget),
 * so they are spread through the run (RESOURCE_CHECKS) where their waits overlap the other checks.
 */
export const INVOICE_EMAIL_CHECKS: readonly Check[] = [
  invoiceEmailDedupUnderConcurrency,
  invoiceEmailSentExactlyOnce,
  invoiceEmailSandboxSendsNothing,
  invoiceEmailValidation,
  invoiceEmailIdempotencyKeyReplays,
  invoiceEmailTenantEmailMissing,
];

export const INVOICE_CHECKS: readonly Check[] = [...INVOICE_PDF_CHECKS, ...INVOICE_EMAIL_CHECKS];

export const INVOICE_LIMIT_CHECKS: readonly Check[] = [invoicePdfLimitedTo20PerMinute, invoiceEmailLimitedTo10PerMinute];

export const COMPLIANCE_CHECKS: readonly Check[] = [complianceSummaryShape, complianceSeverityFollowsThresholds, complianceAttentionSortedAndCountsConsistent];

export const CALENDAR_CHECKS: readonly Check[] = [calendarDefaultWindowSortedAndTyped, calendarRangeRules, calendarTypeFilter, calendarPropertyIdFilter];

export const TEAM_CHECKS: readonly Check[] = [teamRosterShape];

export const OTHER_CHECKS: readonly Check[] = [namedEndpointsAnswerTheEnvelope, maintenanceIssuePatchRouteExists];

/** `spread` one at a time, first, then after every `every` checks of `rest`. */
function interleave(spread: readonly Check[], rest: readonly Check[], every: number): Check[] {
  const out: Check[] = [];
  const queue = [...spread];
  rest.forEach((check, i) => {
    if (i % every === 0 && queue.length > 0) out.push(queue.shift() as Check);
    out.push(check);
  });
  return [...out, ...queue];
}

export const RESOURCE_CHECKS: readonly Check[] = [
  ...interleave(
    INVOICE_EMAIL_CHECKS,
    [
      ...PROPERTY_CHECKS,
      ...DOCUMENT_CHECKS,
      ...HANDBOOK_CHECKS,
      ...CONTRACT_CHECKS,
      ...RENT_CHECKS,
      ...INVOICE_PDF_CHECKS,
      ...COMPLIANCE_CHECKS,
      ...CALENDAR_CHECKS,
      ...TEAM_CHECKS,
      ...OTHER_CHECKS,
    ],
    6,
  ),
  ...INVOICE_LIMIT_CHECKS,
];
