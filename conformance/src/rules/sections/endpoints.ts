// "Endpoints": the general statements at the top, then Properties and Contracts. Each table row is
// split into its request constraints, its success response and its listed errors.
import type { Rule } from '../../model';
import { inSection, may } from '../define';

const general = inSection('Endpoints');

const QUOTA = 'Storage quota amounts per plan are not shown (LIMIT-20), so the quota cannot be reached on purpose.';

export const ENDPOINTS_RULES: readonly Rule[] = [
  general.blackBox(
    'ENDPOINTS-1',
    'JSON bodies use `Content-Type: application/json`.',
    'Checked on JSON response bodies; what a deployment does with other request content types is not said.',
  ),
  general.blackBox('ENDPOINTS-2', 'Every response carries `X-Service-Mode` (`live` or `sandbox`).'),
  general.blackBox(
    'ENDPOINTS-3',
    'Responses of GET endpoints and of rent and invoice endpoints also carry `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset`.',
  ),
  general.blackBox('ENDPOINTS-4', '`X-RateLimit-Reset` is in Unix seconds.'),
  general.blackBox('ENDPOINTS-5', 'Common query parameters on list endpoints: `page` and `limit` (integers).'),
  general.blackBox('ENDPOINTS-6', '`limit` maximum 500.'),
  general.blackBox('ENDPOINTS-7', 'List responses return `meta` with `page`, `limit`, `total`.'),
  general.blackBox('ENDPOINTS-8', 'On contract lists, `meta` also has `hasNextPage`.'),
  general.notShown('ENDPOINTS-9', 'Defaults and minimums of `page` and `limit`: not shown.'),
  general.blackBox(
    'ENDPOINTS-10',
    'Path parameters `id` and `docId` are UUIDs.',
    'The answer to a non-UUID path parameter is not said; checks accept 400 `VALIDATION_ERROR` or 404 `NOT_FOUND`.',
  ),
  general.blackBox('ENDPOINTS-11', 'Plan and scope: GET endpoints need Portfolio or Enterprise plan.'),
  general.blackBox('ENDPOINTS-12', 'Plan and scope: write endpoints need Enterprise plan and a `read_write` key.'),
  may(
    general.blackBox(
      'ENDPOINTS-13',
      'Status codes that any endpoint above may return: 401, 403, 429, 500, 503 (see Errors).',
    ),
  ),
];

const p = inSection('Endpoints > Properties');

export const PROP_RULES: readonly Rule[] = [
  // GET /properties
  p.blackBox('PROP-1', '`GET /properties` answers 200 `{ data: [Property], meta }`.'),
  p.blackBox('PROP-2', '`GET /properties` query `status` (`Occupied`, `Vacant`, `Maintenance`) filters by status.'),
  p.blackBox(
    'PROP-3',
    '`GET /properties` query `search` (string, 1 to 200 chars) is a case-insensitive contains on address.',
  ),
  p.blackBox(
    'PROP-4',
    '`GET /properties` answers 400 on an invalid query (e.g. `search` outside 1 to 200 chars, unknown `status`).',
  ),
  // POST /properties
  p.blackBox('PROP-5', '`POST /properties` with a JSON body answers 201 `{ data: Property }`.'),
  p.blackBox('PROP-6', '`POST /properties`: only `status: Maintenance` may be set.'),
  p.blackBox(
    'PROP-7',
    '`POST /properties`: images are uploaded separately.',
    'Checked as: a created property has no `image` until `POST /properties/{id}/image`.',
  ),
  p.blackBox('PROP-8', '`POST /properties` answers 400 on an invalid body.'),
  // GET /properties/{id}
  p.blackBox('PROP-9', '`GET /properties/{id}` answers 200 `{ data: Property }`.'),
  p.blackBox('PROP-10', '`GET /properties/{id}` answers 404 for an unknown id.'),
  // PATCH /properties/{id}
  p.blackBox('PROP-11', '`PATCH /properties/{id}` with a partial JSON body answers 200 `{ data: Property }`.'),
  p.blackBox('PROP-12', '`PATCH /properties/{id}`: `status` is `Maintenance` or `null`.'),
  p.blackBox(
    'PROP-13',
    '`PATCH /properties/{id}`: `rentAmount` cannot be changed (change it through contracts).',
    'Whether the field is rejected (400) or ignored is not said; checks assert only that `rentAmount` is unchanged.',
  ),
  p.blackBox(
    'PROP-14',
    '`PATCH /properties/{id}` may contain `gscRenewal`, `eicrRenewal`, `epcRenewal`, `landlordLicenceRenewal`.',
  ),
  p.blackBox('PROP-15', '`PATCH /properties/{id}` answers 400 on an invalid body and 404 for an unknown id.'),
  // DELETE /properties/{id}
  p.blackBox(
    'PROP-16',
    '`DELETE /properties/{id}` is a soft delete answering 200 `{ data: { deleted: true, id: uuid, sandbox?: boolean } }`.',
  ),
  p.blackBox('PROP-17', '`DELETE /properties/{id}` answers 404 for an unknown id.'),
  p.blackBox('PROP-18', '`DELETE /properties/{id}` answers 409 `CONFLICT` (see STATE-29).'),
  // POST /properties/{id}/image
  p.blackBox(
    'PROP-19',
    '`POST /properties/{id}/image` (multipart `file`) answers 200 `{ data: Property }` with public `image` URL.',
  ),
  p.blackBox('PROP-20', '`POST /properties/{id}/image`: `file` (binary) is required.'),
  p.blackBox('PROP-21', '`POST /properties/{id}/image`: image types only.'),
  p.blackBox(
    'PROP-22',
    '`POST /properties/{id}/image`: max 10 MB.',
    'The row lists 400 and 404 only, but 413 `FILE_TOO_LARGE` is the code for oversize uploads; checks accept 400 or 413.',
  ),
  p.blackBox('PROP-23', '`POST /properties/{id}/image` answers 404 for an unknown property.'),
  p.notObservable('PROP-24', '`POST /properties/{id}/image`: storage quota enforced.', QUOTA),
  // GET /properties/{id}/handbook
  p.blackBox('PROP-25', '`GET /properties/{id}/handbook` answers 200 `{ data: Handbook }` (see Resources).'),
  p.blackBox('PROP-26', '`GET /properties/{id}/handbook` answers 401, 404, 429.'),
  // GET /properties/{id}/documents
  p.blackBox(
    'PROP-27',
    '`GET /properties/{id}/documents` answers 200 with a list of property documents, each with `downloadUrl`.',
  ),
  p.blackBox(
    'PROP-28',
    '`GET /properties/{id}/documents` query `expiringWithinDays` is an integer 0 to 3650 (else 400).',
  ),
  p.blackBox('PROP-29', '`GET /properties/{id}/documents` answers 404 for an unknown property.'),
  // POST /properties/{id}/documents
  p.blackBox(
    'PROP-30',
    '`POST /properties/{id}/documents` (multipart: `file` (required), `name` (required, 1 to 500), `type` (required), `expiryDate` (date, optional)) answers 201 with one property document.',
  ),
  p.blackBox('PROP-31', '`POST /properties/{id}/documents` answers 400 when a required part is missing or invalid.'),
  p.blackBox('PROP-32', '`POST /properties/{id}/documents` answers 404 for an unknown property.'),
  p.blackBox(
    'PROP-33',
    '`POST /properties/{id}/documents` answers 413 `FILE_TOO_LARGE`.',
    'The size limit is not shown (LIMIT-19): checks can only require that a 413, when it comes, carries `FILE_TOO_LARGE`.',
  ),
  p.notObservable('PROP-34', '`POST /properties/{id}/documents`: storage quota enforced.', QUOTA),
  // DELETE /properties/{id}/documents/{docId}
  p.blackBox(
    'PROP-35',
    '`DELETE /properties/{id}/documents/{docId}` is a soft delete answering 200 `{ data: { deleted: true, id, sandbox? } }`.',
  ),
  p.notObservable(
    'PROP-36',
    '`DELETE /properties/{id}/documents/{docId}`: stored objects retained.',
    'Object storage is not visible through the API. A downloadUrl issued before the delete is no window on it: the spec does not say such a link keeps working once its document is deleted (the reference server answers it 404), so neither a download nor a refusal tells whether the object was kept.',
  ),
  p.blackBox('PROP-37', '`DELETE /properties/{id}/documents/{docId}` answers 404 for an unknown document.'),
  // Rules
  p.blackBox(
    'PROP-38',
    '`CERTIFICATE_DERIVED_FIELD` (409): a renewal field sent on PATCH contradicts the certificate held for that property.',
    "Needs a property with a certificate on file in the target's data; skipped when none is found.",
  ),
  p.blackBox(
    'PROP-39',
    'A value equal to what the certificate implies is accepted.',
    "Needs a property with a certificate on file; the implied date is read from its documents' `expiryDate`.",
  ),
  p.blackBox('PROP-40', 'A date for a certificate type with no certificate on file is accepted.'),
  p.blackBox(
    'PROP-41',
    'Retrying an identical body keeps failing until the certificate changes.',
    'Needs a property with a certificate on file.',
  ),
  p.blackBox(
    'PROP-42',
    '`expiringWithinDays=N` returns only documents whose `expiryDate` is non-null and on or before today (UTC) plus N calendar days, including already expired ones.',
  ),
  p.notShown(
    'PROP-43',
    'Request body field names for `POST /properties` and `PATCH /properties/{id}`, beyond those named: not shown.',
  ),
];

const c = inSection('Endpoints > Contracts');

export const CONTRACT_RULES: readonly Rule[] = [
  // GET /contracts
  c.blackBox('CONTRACT-1', '`GET /contracts` answers 200 `{ data: [Contract], meta }`.'),
  c.blackBox(
    'CONTRACT-2',
    '`GET /contracts` query `status` (`Active`, `Pending`, `Notice Served`, `Ended`) filters by status.',
  ),
  c.blackBox('CONTRACT-3', '`GET /contracts` query `propertyId` (uuid) filters by property.'),
  c.blackBox('CONTRACT-4', '`GET /contracts` query `tenantId` (uuid) matches the main tenant.'),
  c.blackBox(
    'CONTRACT-5',
    '`GET /contracts` query `search` (1 to 200 chars) is a case-insensitive contains on tenancy reference.',
    "The tenancy reference's field name is not given, so only the length bounds and result subsets are checked unless a reference is found.",
  ),
  c.blackBox('CONTRACT-6', '`GET /contracts` answers 400 on an invalid query.'),
  // POST /contracts
  c.blackBox(
    'CONTRACT-7',
    '`POST /contracts` with a JSON body (no document upload here) answers 201 `{ data: Contract }`.',
    'Contract body field names are not shown (CONTRACT-23): checks build bodies from the Contract fields and skip when a deployment needs others.',
  ),
  c.blackBox(
    'CONTRACT-8',
    '`POST /contracts`: status derived from start and end dates unless `status` is `Notice Served`.',
    'The start and end date field names are not shown (CONTRACT-23).',
  ),
  c.blackBox('CONTRACT-9', '`POST /contracts` answers 400 on an invalid body and 409 on a conflict.'),
  // GET /contracts/{id}
  c.blackBox('CONTRACT-10', '`GET /contracts/{id}` answers 200 `{ data: Contract }`.'),
  c.blackBox('CONTRACT-11', '`GET /contracts/{id}` answers 404 for an unknown id.'),
  // PATCH /contracts/{id}
  c.blackBox('CONTRACT-12', '`PATCH /contracts/{id}` with a partial JSON body answers 200 `{ data: Contract }`.'),
  c.blackBox('CONTRACT-13', '`PATCH /contracts/{id}`: status recalculated unless `Notice Served` is set.'),
  c.blackBox(
    'CONTRACT-14',
    '`PATCH /contracts/{id}` answers 400 on an invalid body, 404 for an unknown id, 409 on a conflict.',
  ),
  // DELETE /contracts/{id}
  c.blackBox(
    'CONTRACT-15',
    '`DELETE /contracts/{id}` is a soft delete answering 200 `{ data: { deleted: true, id, sandbox? } }`.',
  ),
  c.blackBox('CONTRACT-16', '`DELETE /contracts/{id}` answers 404 for an unknown id.'),
  // GET /contracts/{id}/documents
  c.blackBox(
    'CONTRACT-17',
    '`GET /contracts/{id}/documents` answers 200 with a list of contract documents with `downloadUrl`.',
  ),
  c.blackBox('CONTRACT-18', '`GET /contracts/{id}/documents` answers 404 for an unknown contract.'),
  // POST /contracts/{id}/documents
  c.blackBox(
    'CONTRACT-19',
    '`POST /contracts/{id}/documents` (multipart: `file`, `name` (1 to 500), `type`, optional `expiryDate` (date)) answers 201 with one contract document.',
  ),
  c.blackBox(
    'CONTRACT-20',
    '`POST /contracts/{id}/documents` answers 400 on an invalid part, 404 for an unknown contract, 413 for an oversize file.',
    'The size limit is not shown (LIMIT-19): the 413 part is checked only when a deployment produces one.',
  ),
  // DELETE /contracts/{id}/documents/{docId}
  c.blackBox(
    'CONTRACT-21',
    '`DELETE /contracts/{id}/documents/{docId}` is a soft delete answering 200 `{ data: { deleted: true, id, sandbox? } }`.',
  ),
  c.blackBox('CONTRACT-22', '`DELETE /contracts/{id}/documents/{docId}` answers 404 for an unknown document.'),
  c.notShown('CONTRACT-23', 'Contract POST and PATCH body field names: not shown.'),
];
