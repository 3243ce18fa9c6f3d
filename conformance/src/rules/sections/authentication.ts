// "Authentication": AUTH-1..AUTH-9 are the spec's numbered items, word for word.
import type { Rule } from '../../model';
import { inSection } from '../define';

const a = inSection('Authentication');

export const AUTH_RULES: readonly Rule[] = [
  a.blackBox(
    'AUTH-1',
    'Credentials: send the API key as `Authorization: Bearer <API_KEY>` (recommended) or as header `x-api-key: <API_KEY>`. Keys are generated in the developer dashboard.',
    "Key generation needs the dashboard; both header forms are checked with the target's keys.",
  ),
  a.blackBox(
    'AUTH-2',
    'Key prefixes: `svc_live_` keys operate on real data. `svc_sandbox_` keys return real data on GET endpoints but never write on POST, PATCH or DELETE; those responses are mocks containing `sandbox: true`.',
  ),
  a.blackBox('AUTH-3', 'Every response carries `X-Service-Mode` with value `live` or `sandbox`.'),
  a.blackBox(
    'AUTH-4',
    'Scope: each key is `read_only` or `read_write`. A `read_only` key on a write route returns `403 INSUFFICIENT_SCOPE`.',
  ),
  a.blackBox(
    'AUTH-5',
    'Plan: Portfolio or Enterprise is needed for any API access and for GET endpoints and webhook delivery; Enterprise is needed for all write endpoints. Essential, Professional, Free, or no active subscription returns `403 PLAN_UPGRADE_REQUIRED`. A non-GET call on a Portfolio plan returns `403 WRITE_REQUIRES_ENTERPRISE`.',
    'Webhook delivery by plan needs a receiver; Essential, Free and no-subscription keys are checked only when the target file provides them.',
  ),
  a.blackBox(
    'AUTH-6',
    'Missing, non-Bearer, malformed or unknown key returns `401 UNAUTHORIZED`; a revoked key returns `401 REVOKED_KEY` and must not be retried.',
  ),
  a.blackBox(
    'AUTH-7',
    'In production, plain HTTP is rejected with `403 HTTPS_REQUIRED`; only TLS is accepted.',
    'Checked only when the target declares production mode: `HTTPS_REQUIRED` is observable only against a production deployment reached over plain HTTP.',
  ),
  a.blackBox(
    'AUTH-8',
    'A resource that does not exist or belongs to another landlord returns `404 NOT_FOUND`, never 403.',
  ),
  a.needs(
    'needs-dashboard',
    'AUTH-9',
    'Webhook authentication: outbound deliveries are signed with a per-subscription signing secret (`<SIGNING_SECRET>`), shown once when the subscription is created (see Events).',
    'Creating a subscription and seeing its secret once needs the dashboard; the signature itself is checked by EVT-REQ rules.',
  ),
];
