// Tolerance self-tests: the suite must PASS a deployment that is correct but chose differently wherever the spec,
// HTTP or JSON leave a choice (docs/conformance-tolerances.md). The deployment is the reference server behind a
// proxy that makes the other choices (./other-choices.ts): all of them at once against every check, and each
// one alone against the checks its choice concerns.
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ALL_CHECKS } from '../../src/registry';
import { TINY_PNG } from '../../src/checks/shared/files';
import type { Check } from '../../src/runner';
import { startBrokenDeployment, type Fault } from '../support/broken';
import { PREFIX, apiPath } from '../support/faults';
import { plusDays, today } from '../support/resource-fault-helpers';
import { explain, runAll } from '../support/run';
import { expectedAgainstReference } from '../support/suite';
import { useReferenceServer } from '../support/use-reference-server';
import { TOLERANCES, otherChoices, targetFor } from './other-choices';
import { EXCLUSIVE_RUN, NOT_RUN, SHARED_RUN, WEBHOOK_RUN } from './reach';
import { envelope, modeOf, type Tolerance } from './tolerance';

/** For each choice alone, the checks whose verdict it could move most (the run with all choices covers every check). */
const CONCERNED: Readonly<Record<string, readonly string[]>> = {
  'extra-fields': [
    'properties.listAndDetailShareTheFullShape',
    'contracts.listAndDetailShape',
    'rent.listShapeAndFilters',
    'envelope.successBodiesAreDataWithMetaOnLists',
    'compliance.summaryShape',
    'invariants.writeAnswersHoldTheResourceFieldTable',
    'invariants.successBodyIsDataWithMetaOnEveryAnswer',
  ],
  'json-form': [
    'properties.readOnlyFieldsCannotBePatched',
    'contracts.listAndDetailShape',
    'envelope.idsDatesAndTimestampsFollowTheConventions',
  ],
  'content-type-parameters': [
    'envelope.successBodiesAreDataWithMetaOnLists',
    'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
    'invoices.pdfIsThePaymentsInvoice',
  ],
  transport: [
    'envelope.successBodiesAreDataWithMetaOnLists',
    'auth.bearerAndXApiKeyBothAuthenticate',
    'documents.uploadThenSoftDeleteRemovesFromList',
  ],
  'unknown-query-parameters': [
    'pagination.queryValuesValidatedOnEveryListEndpoint',
    'properties.listRejectsInvalidQueries',
    'rent.listRejectsInvalidQueries',
    'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
  ],
  'non-uuid-id-is-404': [
    'errors.nonUuidPathIdsAnswer400Or404',
    'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
  ],
  'unlisted-methods-405': [
    'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
    'auth.roleRouteMethodMatrixMatchesSpec',
  ],
  'unlisted-method-invalid-id': [
    'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
    'errors.nonUuidPathIdsAnswer400Or404',
    'auth.roleRouteMethodMatrixMatchesSpec',
  ],
  'message-wording': [
    'errors.unknownIdsAnswer404NamingResourceKind',
    'errors.validationErrorListsFirstTenIssuesWithFieldPaths',
    'deprecation.patchMaintenanceAnswers410NamingSuccessor',
  ],
  'rate-limit-window': ['headers.rateLimitHeadersOnGetAndRentResponses', 'headers.rateLimitRemainingDecreasesWithUse'],
  'page-defaults': [
    'pagination.pagesPartitionEveryList',
    'pagination.contractsHasNextPageMatchesTotal',
    'properties.statusFilterHoldsOnEveryItem',
    'invariants.listMetaSaysThePageAndLimitAsked',
  ],
  'service-mode-header-off-rent': [
    'invariants.serviceModeSaysTheModeTheRequestImplies',
    'auth.serviceModeHeaderOnEveryResponseFollowsKeyPrefix',
  ],
  'service-mode-of-refused-keys': [
    'invariants.serviceModeSaysTheModeTheRequestImplies',
    'auth.serviceModeHeaderOnEveryResponseFollowsKeyPrefix',
    'auth.everyRouteRefusesARequestWithoutAKey',
  ],
  'rate-limit-invoice-budget': [
    'invariants.rateLimitLimitSaysOneOfTheKeysTwoWindows',
    'invariants.rateLimitHeadersOnEveryGetRentAndInvoiceAnswer',
    'invoices.pdfIsThePaymentsInvoice',
  ],
  'rate-limit-reset-rounding': [
    'invariants.rateLimitHeadersOnEveryGetRentAndInvoiceAnswer',
    'headers.rateLimitHeadersOnGetAndRentResponses',
    'headers.rateLimitRemainingDecreasesWithUse',
  ],
  'foreign-body-id-status': [
    'generated.foreignIdsInEveryWriteBodyAreRefused',
    'invariants.errorCodeIsTheErrorsTablesForTheStatus',
  ],
  'sandbox-read-volatile': ['generated.sandboxReadsEqualLiveFieldByField', 'compliance.summaryShape'],
  // The suite sends If-None-Match, OPTIONS and PUT only in its fuzzers.
  'conditional-requests': [
    'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
    'errors.serverErrorsCarryNoStackTraces',
  ],
  'options-answers': ['errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped', 'errors.serverErrorsCarryNoStackTraces'],
  // Every answer is framed so: the checks that read headers and bodies of many kinds.
  'interim-responses': [
    'envelope.successBodiesAreDataWithMetaOnLists',
    'headers.rateLimitHeadersOnGetAndRentResponses',
    'invoices.pdfIsThePaymentsInvoice',
    'documents.uploadThenSoftDeleteRemovesFromList',
  ],
  'header-name-case': [
    'headers.rateLimitHeadersOnGetAndRentResponses',
    'auth.serviceModeHeaderOnEveryResponseFollowsKeyPrefix',
    'envelope.successBodiesAreDataWithMetaOnLists',
    'invoices.pdfIsThePaymentsInvoice',
  ],
  'unimplemented-methods-501': [
    'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
    'errors.serverErrorsCarryNoStackTraces',
  ],
  // Every answer is coded so: the checks that read bodies of every kind, PDF bytes and downloads included.
  'content-coding-gzip': [
    'envelope.successBodiesAreDataWithMetaOnLists',
    'invoices.pdfIsThePaymentsInvoice',
    'documents.listItemsCarryAWorkingDownloadUrl',
    'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
  ],
  'content-coding-deflate': [
    'envelope.successBodiesAreDataWithMetaOnLists',
    'invoices.pdfIsThePaymentsInvoice',
    'properties.imageUploadGivesAPublicUrl',
  ],
  // Connections are closed under whatever the checks send next: writes and reads alike.
  'idle-connections-closed': [
    'access.credentialRulesOnEveryRoute',
    'access.sandboxKeyPersistsNothingOnEveryWrite',
    'rent.duplicatePeriodAnswers409',
    'pagination.pagesPartitionEveryList',
  ],
  'idle-connection-408': [
    'access.credentialRulesOnEveryRoute',
    'access.sandboxKeyPersistsNothingOnEveryWrite',
    'invariants.serviceModeOnEveryAnswer',
    'invariants.errorCodeIsTheErrorsTablesForTheStatus',
    'pagination.pagesPartitionEveryList',
  ],
  'upload-refused-from-its-head': [
    'properties.imageUploadGivesAPublicUrl',
    'properties.imageOfExactly10MBAcceptedOneByteMoreAndNonImagesRefused',
  ],
  'link-header-forms': ['deprecation.patchMaintenanceAnswers410NamingSuccessor'],
  'extra-response-headers': [
    'auth.missingOrMalformedCredentialsAnswer401Unauthorized',
    'deprecation.patchMaintenanceAnswers410NamingSuccessor',
    'headers.rateLimitHeadersOnGetAndRentResponses',
  ],
  'unnamed-fields-spelled-otherwise': [
    'errors.unknownIdsAnswer404NamingResourceKind',
    'required.contractCreateAnswers201',
    'required.rentCreateAnswers201',
    'contracts.searchMatchesTenancyReference',
    'contracts.statusDerivedFromDatesUnlessNoticeServed',
    'contracts.creationEmailsItsTenants',
    'pagination.filtersHoldOnEveryItem',
    'envelope.idsDatesAndTimestampsFollowTheConventions',
    'invoices.emailWithoutTenantAddressAnswers400TenantEmailMissing',
    'invoices.emailSentExactlyOnceWithThePdf',
    'generated.invalidBodyOnEveryWriteIsRefused',
    'access.sandboxKeyPersistsNothingOnEveryWrite',
    'calendar.defaultWindowEdgesExact',
    'tenants.creationSendsPortalInvitation',
  ],
  'extension-names-like-conventions': [
    'envelope.idsDatesAndTimestampsFollowTheConventions',
    'invariants.idsDatesAndTimestampsCanonicalOnEverySuccess',
    'compliance.summaryShape',
  ],
  'calendar-property-elsewhere': [
    'calendar.propertyIdFilter',
    'calendar.defaultWindowEdgesExact',
    'pagination.filtersHoldOnEveryItem',
  ],
  'has-next-page-on-every-list': ['pagination.pagesPartitionEveryList', 'envelope.successBodiesAreDataWithMetaOnLists'],
  'live-writes-say-sandbox-false': [
    'invariants.writeAnswersHoldTheResourceFieldTable',
    'sandbox.createAnswersMockAndPersistsNothing',
    'properties.createSetsOnlyMaintenance',
  ],
  'optional-members-omitted': [
    'contracts.listAndDetailShape',
    'overview.currentOccupantsResolveThroughActiveContract',
    'documents.listItemsCarryAWorkingDownloadUrl',
  ],
  'timestamps-with-offset': [
    'envelope.idsDatesAndTimestampsFollowTheConventions',
    'compliance.summaryShape',
    'compliance.severityFollowsThresholds',
    'generated.sandboxReadsEqualLiveFieldByField',
  ],
  'rate-limit-headers-where-endpoints-say': [
    'invariants.rateLimitHeadersOnEveryGetRentAndInvoiceAnswer',
    'headers.rateLimitHeadersOnGetAndRentResponses',
  ],
  'pdf-generated-per-request': ['invoices.pdfIsThePaymentsInvoice', 'invoices.pdfFollowsRentPatch'],
  'download-url-elsewhere': [
    'documents.listItemsCarryAWorkingDownloadUrl',
    'documents.uploadThenSoftDeleteRemovesFromList',
  ],
  'upload-limit-decimal-megabytes': ['properties.imageOfExactly10MBAcceptedOneByteMoreAndNonImagesRefused'],
  'sandbox-conflicts-as-live': [
    'access.sandboxKeyPersistsNothingOnEveryWrite',
    'sandbox.deleteAnswersMockAndDeletesNothing',
    'invariants.serviceModeSaysTheModeTheRequestImplies',
    'invariants.errorCodeIsTheErrorsTablesForTheStatus',
    'invariants.errorEnvelopeOnEveryError',
  ],
  'storage-quota-refused-403': [
    'documents.oversizeUploadAnswers413FileTooLarge',
    'properties.imageUploadGivesAPublicUrl',
    'properties.imageOfExactly10MBAcceptedOneByteMoreAndNonImagesRefused',
  ],
  // The limit checks themselves are exclusive: invoice-minutes.test.ts and exclusive.test.ts run them.
  'invoice-limits-fixed-minutes': ['invoices.pdfIsThePaymentsInvoice', 'invoices.emailSentExactlyOnceWithThePdf'],
  'calendar-range-counted-inclusively': ['calendar.fromAndToTogetherAtMost400Days', 'calendar.propertyIdFilter'],
  // The fuzzers send long searches on every route; the observers judge what the deployment answers them.
  'characters-as-utf16-units': [
    'limits.searchLengthCountsCharacters',
    'documents.nameEdgeOnPropertyAndContractDocuments',
    'errors.serverErrorsCarryNoStackTraces',
    'invariants.rateLimitHeadersOnEveryGetRentAndInvoiceAnswer',
  ],
  // The fuzzer alone sends an Accept without JSON; the observers judge what the deployment answers it.
  'not-acceptable-406': [
    'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped',
    'invariants.errorCodeIsTheErrorsTablesForTheStatus',
    'invariants.rateLimitHeadersOnEveryGetRentAndInvoiceAnswer',
  ],
  'location-on-created': [
    'properties.createSetsOnlyMaintenance',
    'required.rentCreateAnswers201',
    'documents.uploadThenSoftDeleteRemovesFromList',
    'invariants.successBodyIsDataWithMetaOnEveryAnswer',
  ],
  'compliance-codes-spelled-otherwise': [
    'compliance.daysUntilExactOnRenewalDates',
    'compliance.attentionSortedAndCountsConsistent',
    'properties.renewalContradictingCertificateIsRefused',
    'properties.everyRenewalFieldCheckedAgainstItsCertificate',
  ],
  // Every check that follows a link the API gives.
  'image-type-left-to-its-bytes': ['properties.imageUploadGivesAPublicUrl'],
  'media-links-redirect': [
    'properties.imageUploadGivesAPublicUrl',
    'documents.listItemsCarryAWorkingDownloadUrl',
    'documents.contractDocumentsAreApartFromPropertyDocuments',
  ],
};

/**
 * Checks run here: all but the exclusive ones (a key of their own, minutes of requests: exclusive.test.ts) and those
 * that need a webhook receiver (../../mutation/webhook-variants.test.ts); see ./reach.ts.
 */
const RUNNABLE = SHARED_RUN;
const concerned = (t: Tolerance): Check[] => RUNNABLE.filter((c) => (CONCERNED[t.id] ?? []).includes(c.id));

describe('a correct deployment that chose differently passes', () => {
  const server = useReferenceServer();

  async function verdictsAgainst(tolerances: readonly Tolerance[], checks: readonly Check[]): Promise<string[]> {
    const deployment = await startBrokenDeployment(server.reference.origin, otherChoices(tolerances));
    try {
      const results = await runAll(checks, { ...targetFor(tolerances, server.target), baseUrl: deployment.baseUrl });
      return results
        .filter((r) => r.status !== expectedAgainstReference(checks.find((c) => c.id === r.id) as Check))
        .map(explain);
    } finally {
      await deployment.stop();
    }
  }

  // Each deployment really makes its choice (a proxy that changed nothing would pass every check trivially).
  const PROBES: Readonly<
    Record<
      string,
      {
        /** The path, or how to make it from a first read (`before`, through the deployment or the reference). */
        readonly path: string | ((first: unknown) => string);
        readonly before?: { readonly path: string; readonly direct?: boolean };
        readonly method?: string;
        readonly key?: 'enterpriseLive' | 'enterpriseSandbox';
        readonly headers?: Readonly<Record<string, string>>;
        readonly body?: (first: unknown) => unknown;
        /** A multipart body instead of JSON. */
        readonly form?: () => FormData;
        readonly shows: (
          status: number,
          headers: Record<string, string>,
          text: string,
          first: Record<string, string>,
        ) => boolean;
      }
    >
  > = {
    'extra-fields': {
      path: '/properties?limit=1',
      // Nested objects too: the first property's `compliance` and the meta.
      shows: (_s, _h, t) => {
        const body = JSON.parse(t) as { data: Array<{ compliance?: Record<string, unknown> }>; meta: object };
        return 'vendorExtension' in (body.data[0]?.compliance ?? {}) && 'vendorExtension' in body.meta;
      },
    },
    'json-form': {
      path: '/properties?limit=1',
      shows: (_s, _h, t) => t.startsWith('{\n  "') && /"meta":[\s\S]*"data":/.test(t),
    },
    'content-type-parameters': {
      path: '/properties?limit=1',
      shows: (_s, h) => h['content-type'] === 'Application/JSON;Charset="UTF-8"',
    },
    transport: {
      path: '/properties?limit=1',
      shows: (_s, h) => h['transfer-encoding'] === 'chunked' && h.connection === 'close' && h.etag !== undefined,
    },
    'unknown-query-parameters': { path: '/properties?limit=1&notAParameter=1', shows: (s) => s === 200 },
    'non-uuid-id-is-404': { path: '/properties/not-a-uuid', shows: (s, _h, t) => s === 404 && t.includes('NOT_FOUND') },
    'unlisted-methods-405': {
      path: '/compliance/summary',
      method: 'DELETE',
      shows: (s, h) => s === 405 && h.allow === 'GET',
    },
    'unlisted-method-invalid-id': {
      path: '/rent/not-a-uuid',
      method: 'DELETE',
      shows: (s, _h, t) => s === 400 && t.includes('VALIDATION_ERROR'),
    },
    'message-wording': {
      path: '/properties/00000000-0000-4000-8000-000000000000',
      shows: (s, _h, t) => s === 404 && t.includes('We could not find that property'),
    },
    'rate-limit-window': {
      path: '/properties?limit=1',
      shows: (_s, h) => Number(h['x-ratelimit-reset']) - Date.now() / 1000 > 3600,
    },
    'page-defaults': {
      path: '/properties',
      shows: (_s, _h, t) => (JSON.parse(t) as { meta: { limit: number } }).meta.limit === 20,
    },
    'conditional-requests': {
      path: '/properties?limit=1',
      headers: { 'if-none-match': '*' },
      shows: (s, _h, t) => s === 304 && t === '',
    },
    'options-answers': {
      path: '/properties',
      method: 'OPTIONS',
      shows: (s, h, t) => s === 200 && h.allow === 'GET, POST, OPTIONS' && !t.startsWith('{'),
    },
    'unimplemented-methods-501': {
      path: '/properties',
      method: 'PUT',
      shows: (s, _h, t) => s === 501 && t.includes('NOT_IMPLEMENTED'),
    },
    'service-mode-header-off-rent': {
      path: '/properties?limit=1',
      headers: { 'x-service-mode': 'sandbox' },
      shows: (s, h) => s === 200 && h['x-service-mode'] === 'live',
    },
    'service-mode-of-refused-keys': {
      path: '/properties?limit=1',
      headers: { authorization: 'Bearer svc_live_not_a_key_this_deployment_issued' },
      shows: (s, h) => s === 401 && h['x-service-mode'] === 'sandbox',
    },
    'rate-limit-invoice-budget': {
      before: { path: '/rent?limit=1' },
      path: (first) => `/rent/${firstId(first)}/invoice/pdf`,
      shows: (s, h, _t, first) =>
        s === 200 && h['x-ratelimit-limit'] === first['x-ratelimit-limit'] && first['x-ratelimit-limit'] !== undefined,
    },
    'rate-limit-reset-rounding': {
      // The minute window's Reset is when its oldest request leaves it: the same for two requests in a row.
      before: { path: '/properties?limit=1', direct: true },
      path: '/properties?limit=1',
      shows: (_s, h, _t, first) => Number(h['x-ratelimit-reset']) === Number(first['x-ratelimit-reset']) - 1,
    },
    'foreign-body-id-status': {
      before: { path: '/contracts?limit=1' },
      path: '/rent',
      method: 'POST',
      // A property no account has, in an otherwise well-formed body.
      body: (first) => {
        const contract = firstItem(first);
        return {
          propertyId: '00000000-0000-4000-8000-000000000000',
          tenantId: contract.mainTenantId,
          contractId: contract.id,
          period: 'Probe period',
          amount: 1,
          dueDate: '2026-01-01',
          status: 'Pending',
        };
      },
      shows: (s, _h, t) => s === 409 && t.includes('CONFLICT'),
    },
    'sandbox-read-volatile': {
      path: '/compliance/summary',
      key: 'enterpriseSandbox',
      shows: (s, _h, t) => {
        const at = Date.parse((JSON.parse(t) as { data: { generatedAt: string } }).data.generatedAt);
        return s === 200 && Date.now() - at >= 1000;
      },
    },
    'link-header-forms': {
      path: '/maintenance/00000000-0000-4000-8000-000000000000',
      method: 'PATCH',
      body: () => ({}),
      shows: (s, h) =>
        s === 410 && (h.link ?? '').startsWith('<https://docs.example.com/api/deprecations>; rel="help"'),
    },
    'extra-response-headers': {
      path: '/properties?limit=1',
      shows: (_s, h) => h.server === 'other-choices/1.0' && h['x-request-id'] !== undefined,
    },
    'unnamed-fields-spelled-otherwise': {
      path: '/contracts?limit=1',
      shows: (s, _h, t) => {
        const contract = firstItem(JSON.parse(t));
        return s === 200 && 'ref' in contract && !('tenancyReference' in contract);
      },
    },
    'extension-names-like-conventions': {
      path: '/properties?limit=1',
      shows: (_s, _h, t) => firstItem(JSON.parse(t)).externalId === 'crm-00042',
    },
    'calendar-property-elsewhere': {
      path: '/events',
      shows: (s, _h, t) => {
        const events = listOf(JSON.parse(t));
        return s === 200 && events.length > 0 && events.every((e) => !('propertyId' in e) && isObject(e.property));
      },
    },
    'has-next-page-on-every-list': {
      path: '/properties?limit=1',
      shows: (_s, _h, t) =>
        typeof (JSON.parse(t) as { meta: { hasNextPage?: unknown } }).meta.hasNextPage === 'boolean',
    },
    'sandbox-conflicts-as-live': {
      before: { path: '/contracts?status=Active&limit=1' },
      path: (first) => `/properties/${String(firstItem(first).propertyId)}`,
      method: 'DELETE',
      key: 'enterpriseSandbox',
      shows: (s, h, t) => s === 409 && h['x-service-mode'] === 'sandbox' && t.includes('"CONFLICT"'),
    },
    'live-writes-say-sandbox-false': {
      // A PATCH that changes nothing: the status the property already has as far as the flag goes.
      before: { path: '/properties?limit=1' },
      path: (first) => `/properties/${firstId(first)}`,
      method: 'PATCH',
      body: (first) => ({ status: firstItem(first).status === 'Maintenance' ? 'Maintenance' : null }),
      shows: (s, _h, t) => s === 200 && (JSON.parse(t) as { data: { sandbox?: unknown } }).data.sandbox === false,
    },
    'optional-members-omitted': {
      path: '/contracts?limit=100',
      shows: (s, _h, t) => s === 200 && listOf(JSON.parse(t)).some((c) => !('additionalTenantIds' in c)),
    },
    'timestamps-with-offset': {
      path: '/contracts?limit=1',
      shows: (_s, _h, t) => /"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+02:00"/.test(t),
    },
    'rate-limit-headers-where-endpoints-say': {
      path: '/properties/00000000-0000-4000-8000-000000000000',
      method: 'DELETE',
      shows: (s, h) => s === 404 && h['x-ratelimit-limit'] === undefined,
    },
    'pdf-generated-per-request': {
      before: { path: '/rent?limit=1' },
      path: (first) => `/rent/${firstId(first)}/invoice/pdf`,
      shows: (s, _h, t) => s === 200 && /% generated [0-9a-f-]{36}\n$/.test(t),
    },
    'download-url-elsewhere': {
      before: { path: '/properties?limit=1' },
      path: (first) => `/properties/${firstId(first)}/documents`,
      shows: (s, _h, t) => s === 200 && listOf(JSON.parse(t)).some((d) => String(d.downloadUrl).includes('/signed/')),
    },
    'upload-limit-decimal-megabytes': {
      path: '/properties/00000000-0000-4000-8000-000000000000/image',
      method: 'POST',
      // One byte over 10,000,000: under the reference server's 10,485,760.
      form: () => {
        const form = new FormData();
        form.append('file', new Blob([Buffer.alloc(10_000_001)], { type: 'image/png' }), 'large.png');
        return form;
      },
      shows: (s, _h, t) => s === 413 && t.includes('FILE_TOO_LARGE'),
    },
    'storage-quota-refused-403': {
      before: { path: '/properties?limit=1' },
      path: (first) => `/properties/${firstId(first)}/documents`,
      method: 'POST',
      // 26 MB: over the room left in the deployment's quota (10 MiB), refused before it goes further.
      form: () => {
        const form = new FormData();
        form.append('file', new Blob([Buffer.alloc(26 * 1024 * 1024)], { type: 'application/pdf' }), 'large.pdf');
        form.append('name', 'quota probe');
        form.append('type', 'Contract');
        return form;
      },
      shows: (s, _h, t) => s === 403 && t.includes('FORBIDDEN'),
    },
    'calendar-range-counted-inclusively': {
      // 400 days apart: accepted by the reference server, 401 days counting both ends.
      path: () => `/events?from=${today()}&to=${plusDays(today(), 400)}`,
      shows: (s, _h, t) => s === 400 && t.includes('VALIDATION_ERROR'),
    },
    'not-acceptable-406': {
      path: '/properties?limit=1',
      headers: { accept: 'text/html' },
      shows: (s, _h, t) => s === 406 && t.includes('NOT_ACCEPTABLE'),
    },
    'location-on-created': {
      // A property of the probe's own (a PATCH cannot show a 201).
      path: '/properties',
      method: 'POST',
      body: () => ({
        shortName: 'Location probe',
        addressLine1: '1 Probe Street',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        propertyType: 'Flat',
        bedrooms: 1,
        bathrooms: 1,
      }),
      shows: (s, h) => s === 201 && /^\/api\/public\/v1\/properties\/[0-9a-f-]{36}$/.test(h.location ?? ''),
    },
    'compliance-codes-spelled-otherwise': {
      path: '/compliance/summary',
      shows: (s, _h, t) => s === 200 && t.includes('"LGSR"') && !t.includes('"GAS_SAFETY"'),
    },
    'image-type-left-to-its-bytes': {
      before: { path: '/properties?limit=1' },
      path: (first) => `/properties/${firstId(first)}/image`,
      method: 'POST',
      form: () => {
        const form = new FormData();
        form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'probe.png');
        return form;
      },
      shows: (s, _h, t) =>
        s === 200 && String((JSON.parse(t) as { data: { image?: unknown } }).data.image).includes('/store/'),
    },
    'media-links-redirect': {
      before: { path: '/properties?limit=1' },
      path: (first) => `/properties/${firstId(first)}/documents`,
      shows: (s, _h, t) =>
        s === 200 && listOf(JSON.parse(t)).some((d) => String(d.downloadUrl).includes('/moved/307/')),
    },
    'characters-as-utf16-units': {
      // 150 characters outside the BMP: 150 code points (accepted by the reference server), 300 UTF-16 units.
      path: `/properties?search=${encodeURIComponent('\u{1F3E0}'.repeat(150))}`,
      shows: (s, _h, t) => s === 400 && t.includes('VALIDATION_ERROR'),
    },
  };

  /** What fetch hides (interim answers, header name case, content codings), read off the wire with node:http. */
  interface RawAnswer {
    readonly status: number;
    readonly interim: readonly number[];
    readonly names: readonly string[];
    readonly headers: IncomingHttpHeaders;
  }
  const RAW_PROBES: Readonly<Record<string, (answer: RawAnswer) => boolean>> = {
    'interim-responses': (a) => a.interim.includes(103) && a.status === 200,
    'header-name-case': (a) => a.names.includes('X-RATELIMIT-LIMIT') && a.names.includes('CONTENT-TYPE'),
    'content-coding-gzip': (a) => a.status === 200 && a.headers['content-encoding'] === 'gzip',
    'content-coding-deflate': (a) => a.status === 200 && a.headers['content-encoding'] === 'deflate',
  };
  function rawGet(url: string, authorization: string): Promise<RawAnswer> {
    return new Promise((resolveAnswer, reject) => {
      const interim: number[] = [];
      const headers = { authorization, 'accept-encoding': 'gzip, deflate' };
      const req = httpGet(url, { headers }, (res) => {
        res.resume();
        res.on('end', () =>
          resolveAnswer({
            status: res.statusCode ?? 0,
            interim,
            names: res.rawHeaders.filter((_, i) => i % 2 === 0),
            headers: res.headers,
          }),
        );
      });
      req.on('information', (info) => interim.push(info.statusCode));
      req.on('error', reject);
    });
  }

  /**
   * What only the connection shows (idle closes, an answer before the body): the request head written on a socket
   * of its own (`{auth}` replaced by the key), and everything the deployment sends until it closes the connection.
   */
  const SOCKET_PROBES: Readonly<Record<string, { readonly head: string; readonly shows: (wire: string) => boolean }>> =
    {
      // No Keep-Alive timeout announced, then closed (the reference's own proxy announces `timeout=2`).
      'idle-connections-closed': {
        head: `GET ${PREFIX}/properties?limit=1 HTTP/1.1\r\nHost: probe\r\nAuthorization: {auth}\r\n\r\n`,
        shows: (wire) =>
          wire.startsWith('HTTP/1.1 200') && !/keep-alive: timeout/i.test(wire) && !wire.includes(' 408 '),
      },
      'idle-connection-408': {
        head: `GET ${PREFIX}/properties?limit=1 HTTP/1.1\r\nHost: probe\r\nAuthorization: {auth}\r\n\r\n`,
        shows: (wire) => wire.startsWith('HTTP/1.1 200') && wire.includes('HTTP/1.1 408 Request Timeout'),
      },
      // 20 MB announced and none of it sent: only a server answering from the head answers at all.
      'upload-refused-from-its-head': {
        head: `POST ${PREFIX}/properties/00000000-0000-4000-8000-000000000000/image HTTP/1.1\r\nHost: probe\r\nAuthorization: {auth}\r\nContent-Type: multipart/form-data; boundary=probe\r\nContent-Length: 20000000\r\n\r\n`,
        shows: (wire) => wire.startsWith('HTTP/1.1 413') && wire.includes('FILE_TOO_LARGE'),
      },
    };
  function untilClosed(origin: string, head: string): Promise<string> {
    const { hostname, port } = new URL(origin);
    return new Promise((resolveWire, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(Number(port), hostname, () => socket.write(head));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolveWire(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', reject);
    });
  }

  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
  function listOf(body: unknown): Array<Record<string, unknown>> {
    const data = isObject(body) ? body.data : undefined;
    return Array.isArray(data) ? data.filter(isObject) : [];
  }

  const firstItem = (first: unknown): Record<string, unknown> => listOf(first)[0] ?? {};
  const firstId = (first: unknown): string => String(firstItem(first).id);

  /**
   * Choices that show only over a minute of requests, each proven where its minutes run on the suite's clock (one
   * request cannot show them).
   */
  const PROVEN_APART: Readonly<Record<string, string>> = {
    'invoice-limits-fixed-minutes':
      "invoice-minutes.test.ts: a minute begins inside the limit checks' first burst, whose last request is served",
  };

  it.each(TOLERANCES.map((t) => [t.id, t] as const))(
    'the deployment choosing %s really answers otherwise',
    async (id, tolerance) => {
      const apart = PROVEN_APART[id];
      if (apart !== undefined) {
        expect(existsSync(join(__dirname, apart.split(':')[0] ?? ''))).toBe(true);
        return;
      }
      const onSocket = SOCKET_PROBES[id];
      if (onSocket) {
        const deployment = await startBrokenDeployment(server.reference.origin, otherChoices([tolerance]));
        try {
          const head = onSocket.head.replace('{auth}', `Bearer ${server.target.keys.enterpriseLive}`);
          const wire = await untilClosed(deployment.origin, head);
          expect({ id, shows: onSocket.shows(wire), wire: wire.slice(0, 300) }).toMatchObject({ id, shows: true });
        } finally {
          await deployment.stop();
        }
        return;
      }
      const raw = RAW_PROBES[id];
      if (raw) {
        const deployment = await startBrokenDeployment(server.reference.origin, otherChoices([tolerance]));
        try {
          const answer = await rawGet(
            `${deployment.baseUrl}/properties?limit=1`,
            `Bearer ${server.target.keys.enterpriseLive}`,
          );
          expect({ id, shows: raw(answer), answer }).toMatchObject({ id, shows: true });
        } finally {
          await deployment.stop();
        }
        return;
      }
      const probe = PROBES[id];
      expect(probe).toBeDefined();
      if (!probe) return;
      const deployment = await startBrokenDeployment(server.reference.origin, otherChoices([tolerance]));
      try {
        const authorization = `Bearer ${server.target.keys[probe.key ?? 'enterpriseLive']}`;
        let first: unknown;
        let firstHeaders: Record<string, string> = {};
        if (probe.before) {
          const base = probe.before.direct ? server.target.baseUrl : deployment.baseUrl;
          const res = await fetch(`${base}${probe.before.path}`, { headers: { authorization } });
          firstHeaders = Object.fromEntries(res.headers.entries());
          first = await res.json();
        }
        const path = typeof probe.path === 'string' ? probe.path : probe.path(first);
        const res = await fetch(`${deployment.baseUrl}${path}`, {
          method: probe.method ?? 'GET',
          headers: {
            authorization,
            ...(probe.body ? { 'content-type': 'application/json' } : {}),
            ...probe.headers,
          },
          ...(probe.body ? { body: JSON.stringify(probe.body(first)) } : {}),
          ...(probe.form ? { body: probe.form() } : {}),
        });
        const headers = Object.fromEntries(res.headers.entries());
        const text = await res.text();
        expect({ id, shows: probe.shows(res.status, headers, text, firstHeaders), status: res.status }).toMatchObject({
          id,
          shows: true,
        });
      } finally {
        await deployment.stop();
      }
    },
  );

  it('every check is reached by a tolerance run, or is left out with a written reason', () => {
    const reached = new Set([...SHARED_RUN, ...EXCLUSIVE_RUN, ...WEBHOOK_RUN].map((c) => c.id));
    const unreached = ALL_CHECKS.filter((c) => !reached.has(c.id));
    expect(unreached.filter((c) => (NOT_RUN[c.id] ?? '').trim().length === 0).map((c) => c.id)).toEqual([]);
    // A reason for a check that does not exist, or that a run reaches anyway, is stale.
    const known = new Set(ALL_CHECKS.map((c) => c.id));
    expect(Object.keys(NOT_RUN).filter((id) => !known.has(id) || reached.has(id))).toEqual([]);
    expect(EXCLUSIVE_RUN.length).toBeGreaterThan(0);
    expect(WEBHOOK_RUN.length).toBeGreaterThan(0);
  });

  it('every tolerance names the checks it concerns, each a check of the run', () => {
    const tolerances = new Set(TOLERANCES.map((t) => t.id));
    expect(Object.keys(CONCERNED).filter((id) => !tolerances.has(id))).toEqual([]);
    const ids = new Set(RUNNABLE.map((c) => c.id));
    for (const t of TOLERANCES)
      expect({ id: t.id, unknown: (CONCERNED[t.id] ?? ['(none)']).filter((id) => !ids.has(id)) }).toEqual({
        id: t.id,
        unknown: [],
      });
  });

  it('every check passes against a deployment making all the other choices at once', async () => {
    expect(await verdictsAgainst(TOLERANCES, RUNNABLE)).toEqual([]);
  }, 900_000);

  it.each(TOLERANCES.map((t) => [t.id, t] as const))(
    'the checks concerned pass when the deployment chooses %s alone',
    async (_id, tolerance) => {
      expect(await verdictsAgainst([tolerance], concerned(tolerance))).toEqual([]);
    },
    600_000,
  );

  // Room in the storage quota is not something the suite can make (the amounts are "not shown"): a deployment
  // refusing every image as over its quota leaves the image checks nothing to hold, and they say so; they do not fail.
  it('a landlord with no storage room left: the image checks skip, naming the quota', async () => {
    const full: Fault = {
      description: 'every image upload refused as over the storage quota',
      request: (req) =>
        req.method === 'POST' && /\/image$/.test(apiPath(req) ?? '')
          ? envelope(403, 'FORBIDDEN', 'This upload would exceed your storage quota', modeOf(req))
          : undefined,
    };
    const checks = RUNNABLE.filter((c) => c.id.startsWith('properties.image'));
    expect(checks).toHaveLength(2);
    const deployment = await startBrokenDeployment(server.reference.origin, full);
    try {
      const results = await runAll(checks, { ...server.target, baseUrl: deployment.baseUrl });
      expect(results.map((r) => ({ id: r.id, status: r.status, quota: r.message.includes('storage quota') }))).toEqual(
        checks.map((c) => ({ id: c.id, status: 'skipped', quota: true })),
      );
    } finally {
      await deployment.stop();
    }
  }, 300_000);
});
