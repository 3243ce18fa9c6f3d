// "What the service does", including the current-occupants rule and its four steps.
import type { Rule } from '../../model';
import { inSection } from '../define';

const s = inSection('Overview');
const occupants = inSection('Overview > Current occupants');

export const OVERVIEW_RULES: readonly Rule[] = [
  s.blackBox(
    'OVERVIEW-1',
    "The service exposes a landlord's portfolio through a REST API rooted at `{base_url}`, the service host followed by the path prefix `/api/public/v1`. All paths below are relative to `{base_url}`.",
  ),
  s.blackBox(
    'OVERVIEW-2',
    'Resource groups: properties (with image, handbook and documents), contracts (with documents), rent payments (with invoice PDF and invoice email), calendar events, team roster, compliance summary, mortgages, contacts, chat messages, tenants, maintenance issues and inspections, and subscription summary.',
    'Only groups whose paths the spec gives can be probed; the rest are mapped by OTHER-n.',
  ),
  s.blackBox('OVERVIEW-3', 'Every request is made with an API key that identifies one landlord account.'),
  s.blackBox('OVERVIEW-4', 'All data returned or changed belongs to that landlord.'),
  s.blackBox(
    'OVERVIEW-5',
    'A key is either live (real data) or sandbox (real reads, mocked writes; see Authentication).',
  ),
  s.needs(
    'needs-webhook',
    'OVERVIEW-6',
    'The service also sends outbound, HMAC-signed webhook notifications to URLs that the landlord registers.',
  ),
  s.needs(
    'needs-dashboard',
    'OVERVIEW-7',
    'Webhook subscriptions are managed in a developer dashboard, not through this API.',
  ),
  occupants.blackBox(
    'OVERVIEW-8',
    "Current occupants of a property are defined by the property's Active contract: the contract's `mainTenantId` plus every id in `additionalTenantIds`.",
  ),
  occupants.notObservable(
    'OVERVIEW-9',
    "A tenant's `propertyId` and tenant status are not reliable indicators of who lives at a property.",
    'Guidance to clients: it allows tenant records to disagree with contracts, so it asks nothing of a deployment.',
  ),
  occupants.blackBox(
    'OVERVIEW-10',
    "Step 1: call `GET /contracts?propertyId=<property_id>&status=Active` (the answer holds only that property's Active contracts).",
  ),
  occupants.blackBox('OVERVIEW-11', 'Step 2: take `mainTenantId` from the Active contract.'),
  occupants.blackBox('OVERVIEW-12', 'Step 3: add all ids in `additionalTenantIds`, if present.'),
  occupants.blackBox(
    'OVERVIEW-13',
    'Step 4: that set is the current occupants; fetch details with `GET /tenants/{id}` for each.',
  ),
];
