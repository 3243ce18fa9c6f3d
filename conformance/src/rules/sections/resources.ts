// "Resources and their fields": conventions, the response envelope and every resource's field table
// and notes. One rule per field row (split where a row holds several facts).
import type { Rule } from '../../model';
import { inSection, quoting } from '../define';

const conventions = inSection('Resources');
const envelope = inSection('Resources > Response envelope');

export const ENVELOPE_RULES: readonly Rule[] = [
  conventions.blackBox('ENVELOPE-1', 'Conventions: ids are UUID strings.'),
  conventions.blackBox('ENVELOPE-2', 'Conventions: dates are `YYYY-MM-DD`.'),
  conventions.blackBox('ENVELOPE-3', 'Conventions: timestamps are ISO 8601 date-times.'),
  envelope.blackBox('ENVELOPE-4', 'Success: the body is `{ data: <object or array>, meta?: { ... } }`.'),
  envelope.blackBox(
    'ENVELOPE-5',
    '`meta` appears on list responses, shaped `{ page: integer, limit: integer, total: integer, hasNextPage?: boolean }`.',
  ),
  envelope.blackBox('ENVELOPE-6', 'Error: the body is `{ error: string, code: string }`.'),
  envelope.blackBox('ENVELOPE-7', 'Sandbox write: `data` is a mock and carries `sandbox: true`.'),
];

const prop = inSection('Resources > Property');

export const RES_PROP_RULES: readonly Rule[] = [
  quoting(
    prop.blackBox('RES-PROP-1', 'Property list items and detail have the identical shape.'),
    'Property (list items and detail have the identical shape)',
  ),
  prop.blackBox('RES-PROP-2', 'Property `id` is a string (uuid).'),
  prop.blackBox('RES-PROP-3', 'Property `address` is a string: the full address.'),
  prop.blackBox('RES-PROP-4', 'Property `shortName` is a string.'),
  prop.blackBox('RES-PROP-5', 'Property `addressLine1` is a string.'),
  prop.blackBox('RES-PROP-6', 'Property `city` is a string.'),
  prop.blackBox('RES-PROP-7', 'Property `postcode` is a string.'),
  prop.blackBox('RES-PROP-8', 'Property `propertyType` is a string.'),
  prop.blackBox('RES-PROP-9', 'Property `bedrooms` is an integer.'),
  prop.blackBox('RES-PROP-10', 'Property `bathrooms` is an integer.'),
  prop.blackBox('RES-PROP-11', 'Property `status` is a string, one of `Occupied`, `Vacant`, `Maintenance`.'),
  prop.blackBox('RES-PROP-12', 'Property `rentAmount` is a number.'),
  prop.blackBox('RES-PROP-13', 'Property `rentAmount` is read-only; derived from contracts.'),
  prop.blackBox(
    'RES-PROP-14',
    'Property `tenantName` is a string.',
    'Whether a property without tenants carries null, an empty string or no `tenantName` is not said; checks accept all three. An Occupied property has tenants (its status derives from its contract in effect): its `tenantName` is held a non-empty string.',
  ),
  prop.blackBox('RES-PROP-15', 'Property `tenantName` is read-only.'),
  prop.blackBox('RES-PROP-16', 'Property `compliance` is an object that contains `items`.'),
  prop.blackBox('RES-PROP-17', 'Property `compliance` is read-only.'),
  prop.blackBox('RES-PROP-18', 'Property `image` is a string (URL): a public URL, present after an image upload.'),
  prop.blackBox(
    'RES-PROP-19',
    'Write-only/patchable renewal fields on a property: `gscRenewal`, `eicrRenewal`, `epcRenewal`, `landlordLicenceRenewal` (dates).',
    '"Write-only" is not checked as absence from responses: the spec does not forbid extra fields on a Property.',
  ),
  prop.notShown('RES-PROP-20', 'Property write bodies: full field list not shown.'),
];

const contract = inSection('Resources > Contract');

export const RES_CONTRACT_RULES: readonly Rule[] = [
  contract.blackBox('RES-CONTRACT-1', 'Contract `id` is a string (uuid).'),
  contract.blackBox('RES-CONTRACT-2', 'Contract `status` is a string: `Active`, `Pending`, `Notice Served`, `Ended`.'),
  contract.blackBox('RES-CONTRACT-3', 'Contract `propertyId` is a string (uuid).'),
  contract.blackBox('RES-CONTRACT-4', 'Contract `mainTenantId` is a string (uuid): the main tenant.'),
  contract.blackBox('RES-CONTRACT-5', 'Contract `additionalTenantIds` is an array of uuid; optional.'),
  contract.blackBox(
    'RES-CONTRACT-6',
    'A contract has a tenancy reference (string), matched by the `search` filter.',
    'Its field name is not given, so checks can only use a reference they can find in the contract body.',
  ),
  quoting(
    contract.notShown('RES-CONTRACT-7', "The tenancy reference's field name is not given (not shown)."),
    '| tenancy reference | string | matched by the `search` filter; its field name is not given |',
  ),
  contract.notShown('RES-CONTRACT-8', 'Contract: fields beyond those listed: not shown.'),
];

const rent = inSection('Resources > Rent payment');

export const RES_RENT_RULES: readonly Rule[] = [
  rent.blackBox('RES-RENT-1', 'Rent payment `propertyId`, `tenantId`, `contractId` are uuids.'),
  rent.blackBox('RES-RENT-2', 'Rent payment `period` is a string, whitespace-normalized.'),
  rent.blackBox('RES-RENT-3', 'Rent payment `period` is unique per contract.'),
  rent.blackBox('RES-RENT-4', 'Rent payment `amount` is a number.'),
  rent.blackBox('RES-RENT-5', 'Rent payment `amount` is immutable after creation.'),
  rent.blackBox('RES-RENT-6', 'Rent payment `status` is one of `Paid`, `Pending`, `Overdue`.'),
  rent.blackBox('RES-RENT-7', 'Rent payment `amountReceived` is a number.'),
  rent.blackBox('RES-RENT-8', 'Rent payment `datePaid` is a date.'),
  quoting(
    rent.notShown('RES-RENT-9', 'A rent payment has a due date (its field name is not given: not shown).'),
    '`datePaid` (date); a due date; a period window. Rent payment: fields beyond those listed: not shown.',
  ),
  quoting(
    rent.notShown('RES-RENT-10', 'A rent payment has a period window (its field names are not given: not shown).'),
    '`datePaid` (date); a due date; a period window. Rent payment: fields beyond those listed: not shown.',
  ),
  rent.notShown('RES-RENT-11', 'Rent payment: fields beyond those listed: not shown.'),
];

const doc = inSection('Resources > Property document and contract document');

export const RES_DOC_RULES: readonly Rule[] = [
  doc.blackBox('RES-DOC-1', 'Document `name` is a string of 1 to 500 characters.'),
  doc.blackBox('RES-DOC-2', 'Document `type` is a string from the document type enumeration.'),
  doc.blackBox('RES-DOC-3', 'Document `expiryDate` is a string (date); optional; nullable.'),
  doc.blackBox('RES-DOC-4', 'Document `downloadUrl` is a string (URL), present on list items.'),
  doc.blackBox(
    'RES-DOC-5',
    'Document `downloadUrl` is time-limited, valid 1 hour.',
    'That the URL stops working after an hour is only observable by waiting; the quick profile checks that it downloads.',
  ),
  doc.blackBox(
    'RES-DOC-6',
    'Property documents are compliance and tenancy documents attached to a property, not to a contract.',
  ),
  doc.blackBox('RES-DOC-7', 'Contract documents are tenancy documents attached to a contract.'),
  doc.notShown(
    'RES-DOC-8',
    'Document type allowed values: not shown beyond the values seen in payloads (`EPC_Certificate`, `GSC_Certificate`, `Contract`).',
  ),
];

const handbook = inSection('Resources > Property handbook');

export const RES_HANDBOOK_RULES: readonly Rule[] = [
  quoting(
    handbook.blackBox(
      'RES-HANDBOOK-1',
      'The handbook (response of `GET /properties/{id}/handbook`) has `propertyId`, a string (uuid).',
    ),
    'Property handbook (response of `GET /properties/{id}/handbook`)\n\n| Field | Type | Notes |\n| --- | --- | --- |\n| propertyId | string (uuid) | |',
  ),
  handbook.blackBox(
    'RES-HANDBOOK-2',
    'Handbook `knowledge` is an object or null: null when nothing has been recorded yet; this is normal, not an error.',
  ),
  handbook.blackBox(
    'RES-HANDBOOK-3',
    'Handbook `completeness` is an object: `filled` integer, `total` integer, `missing` array of string.',
  ),
  handbook.blackBox('RES-HANDBOOK-4', 'Handbook `meters` is an array of meter items.'),
  handbook.blackBox(
    'RES-HANDBOOK-5',
    'Handbook `suppliers` is an array with items `{ utilityType: string, supplierName: string }`.',
  ),
  handbook.blackBox(
    'RES-HANDBOOK-6',
    'Meter item `utilityType` is a string: `electricity`, `gas`, `water`, `heat_network`, `oil`.',
  ),
  handbook.blackBox('RES-HANDBOOK-7', 'Meter item `locationDescription` is a string or null.'),
  handbook.blackBox('RES-HANDBOOK-8', 'Meter item `unit` is a string: `kWh`, `m3`, `ft3`, `litres`.'),
  handbook.notObservable(
    'RES-HANDBOOK-9',
    'Meter unit `ft3` is one hundred cubic feet per dial unit, not one.',
    'The meaning of a unit is not visible in a response.',
  ),
  handbook.blackBox(
    'RES-HANDBOOK-10',
    'Meter item `mpan`, `mprn`, `serialNumber` (supply numbers / serial) are each a string or null.',
  ),
  handbook.blackBox(
    'RES-HANDBOOK-11',
    'Meter item `openingReading` is an object or null: `{ readingDate: date, registers: [ { register: single, day, night, export or heat; value: number } ] }`.',
  ),
  handbook.notObservable(
    'RES-HANDBOOK-12',
    '`openingReading` is the most recent check-in or changeover reading on the meter.',
    'Meter readings are neither exposed nor recordable through the REST API, so the choice of reading cannot be compared.',
  ),
  handbook.blackBox(
    'RES-HANDBOOK-13',
    'Supplier account numbers are never included.',
    'Checked by looking for account-number keys in supplier items; a number hidden under another name cannot be recognised.',
  ),
];

const compliance = inSection('Resources > Compliance summary');
const SEVERITY_RULES =
  'Severity rules for statutory required items (gas safety certificate, electrical inspection report, energy performance certificate, and the landlord licence where the property requires one):';

export const RES_COMPLIANCE_RULES: readonly Rule[] = [
  compliance.blackBox(
    'RES-COMPLIANCE-1',
    'Severity values (response of `GET /compliance/summary`): `expired`, `missing`, `critical`, `urgent`, `due_soon`, `ok`.',
  ),
  compliance.blackBox('RES-COMPLIANCE-2', '`generatedAt` is a date-time.'),
  compliance.blackBox(
    'RES-COMPLIANCE-3',
    '`portfolio.propertyCount`, `requiredItemsTotal`, `attentionCount` are integers.',
  ),
  compliance.blackBox('RES-COMPLIANCE-4', '`portfolio.worstSeverity` is a severity or null.'),
  compliance.blackBox(
    'RES-COMPLIANCE-5',
    '`portfolio.counts` is an object with integer keys `expired`, `missing`, `critical`, `due_soon`, `urgent`, `ok`.',
  ),
  compliance.blackBox(
    'RES-COMPLIANCE-6',
    '`epc` has `rated`, `unrated`, `cOrAbove`, `belowC` integers and `distribution`, an object mapping band to integer.',
  ),
  compliance.blackBox(
    'RES-COMPLIANCE-7',
    '`attention` is an array, a severity-sorted watch list.',
    'The sort direction is not stated; checks assume most severe first, in the order `expired`, `missing`, `critical`, `urgent`, `due_soon`, `ok`.',
  ),
  compliance.blackBox(
    'RES-COMPLIANCE-8',
    '`attention` items have `propertyId`, `propertyName`, `code`, `dueDate` (nullable), `daysUntil` (integer, nullable), `severity`.',
  ),
  compliance.blackBox(
    'RES-COMPLIANCE-9',
    '`properties` is an array of `id`, `name`, `address` (nullable), `status` (nullable), `epc` { `rating`, `band` nullable strings, `score` nullable integer, `renewal` nullable string, `compliant` nullable boolean }, `items`.',
  ),
  quoting(
    compliance.blackBox(
      'RES-COMPLIANCE-10',
      '`properties[].items` is an array of { `code`, `required` boolean, `dueDate` nullable, `daysUntil` nullable integer, `state` (`missing`, `valid`, `expired`), `severity` }.',
    ),
    '`items` array of { `code`, `required` boolean, `dueDate` nullable, `daysUntil` nullable integer, `state` (`missing`, `valid`, `expired`), `severity` }',
  ),
  compliance.blackBox(
    'RES-COMPLIANCE-11',
    `${SEVERITY_RULES} \`expired\` = past due or required but missing.`,
    'The value set also has `missing`, which this rule never assigns; checks accept `expired` or `missing` for a required item in state `missing`.',
  ),
  compliance.blackBox('RES-COMPLIANCE-12', `${SEVERITY_RULES} \`critical\` = due in 30 days or fewer.`),
  compliance.blackBox('RES-COMPLIANCE-13', `${SEVERITY_RULES} \`urgent\` = 60 or fewer.`),
  compliance.blackBox('RES-COMPLIANCE-14', `${SEVERITY_RULES} \`due_soon\` = 90 or fewer.`),
  compliance.blackBox('RES-COMPLIANCE-15', `${SEVERITY_RULES} \`ok\` = more than 90.`),
];

const team = inSection('Resources > Team member');

export const RES_TEAM_RULES: readonly Rule[] = [
  team.blackBox('RES-TEAM-1', 'A team member has `name`, `email`, `role`, `status`.'),
  team.blackBox(
    'RES-TEAM-2',
    'The list contains the account owner and current members.',
    'No field marks the owner; on a landlord the suite creates through the dashboard the owner is known by the address it was created with (team.listsTheAccountOwner), elsewhere checks only assert that the list is not empty.',
  ),
];

const calendar = inSection('Resources > Calendar event');

export const RES_CAL_RULES: readonly Rule[] = [
  quoting(
    calendar.blackBox(
      'RES-CAL-1',
      'Calendar events are derived read-only from properties, contracts, rent, maintenance, compliance, inspections and related modules.',
    ),
    'Derived read-only from properties, contracts, rent, maintenance, compliance, inspections and related modules.',
  ),
  calendar.blackBox(
    'RES-CAL-2',
    'Calendar event `type` is one of `Task`, `Property`, `Contract`, `Tenant`, `Rent`, `Compliance`, `Insurance`, `Schedule`, `Inspection`.',
  ),
  calendar.blackBox('RES-CAL-3', 'Calendar event items have a `date` and an `id` (sort keys).'),
  quoting(
    calendar.notShown(
      'RES-CAL-4',
      'Calendar event items may carry a property id (its field name is not given: not shown).',
    ),
    'Items have a `date` and an `id` (sort keys) and may carry a property id. Calendar event item fields beyond those: not shown.',
  ),
  calendar.notShown('RES-CAL-5', 'Calendar event item fields beyond those: not shown.'),
];

const other = inSection('Resources > Other resources');

export const RES_OTHER_RULES: readonly Rule[] = [
  other.notShown(
    'RES-OTHER-1',
    'Mortgage (lender, balance, rate, monthly payment, product end dates, linked properties): REST field list not shown.',
  ),
  other.notShown(
    'RES-OTHER-2',
    'Contact (business contact such as contractor, agent, service): REST field list not shown.',
  ),
  other.notShown('RES-OTHER-3', 'Chat message: REST field list not shown.'),
  other.notShown(
    'RES-OTHER-4',
    'Tenant (contact details, compliance fields, property assignment): REST field list not shown.',
  ),
  other.notShown('RES-OTHER-5', 'Maintenance issue: REST field list not shown.'),
  quoting(
    other.notShown('RES-OTHER-6', 'Inspection: REST field list not shown.'),
    'maintenance issue, inspection, subscription summary (plan, property limits and usage, storage usage, next billing date when available): REST field lists not shown.',
  ),
  other.notShown(
    'RES-OTHER-7',
    'Subscription summary (plan, property limits and usage, storage usage, next billing date when available): REST field list not shown.',
  ),
];
