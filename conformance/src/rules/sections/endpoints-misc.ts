// "Endpoints > Calendar, team, compliance", "Endpoints named but not detailed" and the 410 route.
import type { Rule } from '../../model';
import { inSection } from '../define';

const cal = inSection('Endpoints > Calendar, team, compliance');

export const CAL_RULES: readonly Rule[] = [
  cal.blackBox('CAL-1', '`GET /events` answers 200 `{ data: [CalendarEvent], meta }`.'),
  cal.blackBox('CAL-2', '`GET /events` items are sorted by `date` ascending then `id`.'),
  cal.blackBox('CAL-3', '`GET /events` answers 400 on invalid query.'),
  cal.blackBox('CAL-4', '`GET /events` query `from` (date) and `to` (date) must be sent together.'),
  cal.blackBox(
    'CAL-5',
    'When `from` and `to` are both omitted the window is 7 days in the past through 90 days in the future (inclusive, local dates).',
    "Whose local time zone is not said; checks learn the local today (the UTC date of the answer's `Date`, or the day either side, as every UTC offset allows) and hold both edges to that one day.",
  ),
  cal.blackBox('CAL-6', 'When both `from` and `to` are given the range must not exceed 400 days.'),
  cal.blackBox('CAL-7', '`propertyId` (uuid) returns only events that carry that property id.'),
  cal.blackBox('CAL-8', '`GET /events` query `type` is a string of max 500 chars.'),
  cal.blackBox(
    'CAL-9',
    '`GET /events` query `type` holds comma-separated values from `Task`, `Property`, `Contract`, `Tenant`, `Rent`, `Compliance`, `Insurance`, `Schedule`, `Inspection`.',
    'The answer to a value outside the list is not said; checks only require that returned items have one of the requested types.',
  ),
  cal.blackBox('CAL-10', '`GET /events` takes the common query parameters `page` and `limit`.'),
];

export const TEAM_RULES: readonly Rule[] = [
  cal.blackBox(
    'TEAM-1',
    '`GET /team` (no parameters) answers 200 `{ data: [TeamMember] }`.',
    'The row shows no `meta`, unlike other lists; checks accept it with or without `meta`.',
  ),
];

export const COMPLIANCE_RULES: readonly Rule[] = [
  cal.blackBox('COMPLIANCE-1', '`GET /compliance/summary` (no parameters) answers 200 `{ data: ComplianceSummary }`.'),
];

const other = inSection('Endpoints > Endpoints named but not detailed');
const EXISTS_ONLY = 'Its shape is not given: only that it answers 200 with the `{ data }` envelope is checked.';
/** The route is named; what it takes is not (OTHER-19). */
const NO_PAYLOAD =
  'Its multipart field names are not shown (OTHER-19), so the suite cannot build a request a deployment must accept.';

export const OTHER_RULES: readonly Rule[] = [
  other.blackBox('OTHER-1', '`GET /subscription` exists.', EXISTS_ONLY),
  other.blackBox('OTHER-2', '`GET /mortgages` exists.', EXISTS_ONLY),
  other.notShown('OTHER-3', 'Mortgage writes exist; their paths, parameters and payloads: not shown.'),
  other.blackBox('OTHER-4', '`GET /tenants` exists.', EXISTS_ONLY),
  other.blackBox('OTHER-5', '`GET /tenants/{id}` exists.', EXISTS_ONLY),
  other.notShown('OTHER-6', 'Tenant writes exist; their paths, parameters and payloads: not shown.'),
  other.needs(
    'needs-mail',
    'OTHER-7',
    'Tenant `POST` sends a portal invitation when the tenant has no account.',
    'Observed on a tenant the suite creates with an address new to the deployment (so without an account), with a body built from the field names of GET /tenants (not shown): skipped when the deployment refuses that body.',
  ),
  other.blackBox('OTHER-8', '`GET /contacts` exists.', EXISTS_ONLY),
  other.notShown(
    'OTHER-9',
    'Contact detail with optional `includeHistory=true` (paginated work history from maintenance issues assigned to the contact); its path: not shown.',
  ),
  other.notShown('OTHER-10', 'Contact writes exist; their paths, parameters and payloads: not shown.'),
  other.blackBox(
    'OTHER-11',
    '`GET /chat/messages` exists, with filters `conversationId` or `propertyId`.',
    `${EXISTS_ONLY} The filters are checked only for acceptance.`,
  ),
  other.notObservable(
    'OTHER-12',
    '`POST /chat/messages` takes multipart text and/or file attachment, 10 MB max, sent as the account owner.',
    NO_PAYLOAD,
  ),
  other.notObservable('OTHER-13', '`POST /chat/messages`: sandbox returns a mock message.', NO_PAYLOAD),
  other.blackBox('OTHER-14', '`GET /maintenance/issues` exists.', EXISTS_ONLY),
  other.blackBox(
    'OTHER-15',
    '`PATCH /maintenance/issues/{id}` exists.',
    'Its payload is not shown: checked only as not answering 404 for a known issue or 410.',
  ),
  other.blackBox('OTHER-16', '`GET /maintenance/inspections` exists.', EXISTS_ONLY),
  other.notShown(
    'OTHER-17',
    'Maintenance and inspection writes exist; their paths, parameters and payloads: not shown.',
  ),
  other.notShown('OTHER-18', 'Issue creation (Tasks group) exists; its path, parameters and payload: not shown.'),
  other.notShown('OTHER-19', 'Paths, parameters and payloads of these endpoints: not shown.'),
];

export const DEPRECATED_RULES: readonly Rule[] = [
  other.blackBox('DEPRECATED-1', '`PATCH /maintenance/{id}` is removed and returns `410 ENDPOINT_DEPRECATED`.'),
  other.blackBox('DEPRECATED-2', 'The 410 message names `PATCH /maintenance/issues/{id}` as the successor.'),
  other.blackBox('DEPRECATED-3', 'The `Link` header names `PATCH /maintenance/issues/{id}` as the successor.'),
];
