// "States and transitions": value sets, every row of "Moves that are shown", the rules on states and
// the gaps. A move row whose "Also happens" cell needs mail or a receiver is split off into its own rule.
import type { Rule } from '../../model';
import { inSection, may } from '../define';

const values = inSection('States and transitions > Value sets');
const moves = inSection('States and transitions > Moves that are shown');
const rules = inSection('States and transitions > Rules on states');
const gaps = inSection('States and transitions > Gaps');

const SEEN_ONLY = 'The values are "seen in webhooks", not a closed set: checks must not reject other values.';
const RETRY_TIMING =
  "Retry timing is checked only in the full profile (it waits minutes, or uses the target's shortened delays).";

export const STATE_RULES: readonly Rule[] = [
  // Value sets
  values.blackBox('STATE-1', 'Property status: `Occupied`, `Vacant`, `Maintenance`.'),
  values.blackBox('STATE-2', 'Contract status: `Active`, `Pending`, `Notice Served`, `Ended`.'),
  values.needs('needs-webhook', 'STATE-3', 'A deleted contract is reported as `Deleted` in its webhook.'),
  values.blackBox('STATE-4', 'Rent payment status: `Pending`, `Paid`, `Overdue`.'),
  values.needs(
    'needs-webhook',
    'STATE-5',
    'Maintenance issue status (seen in webhooks): `Open`, `In_Progress`, `Deleted`.',
    SEEN_ONLY,
  ),
  values.needs(
    'needs-webhook',
    'STATE-6',
    'Inspection status (seen in webhooks): `in_progress`, `completed`, `deleted`.',
    SEEN_ONLY,
  ),
  values.needs(
    'needs-webhook',
    'STATE-7',
    'Tenant status (seen in webhooks): `INVITED`, `ACTIVE`, `DELETED`.',
    SEEN_ONLY,
  ),
  values.notObservable(
    'STATE-8',
    'Invoice-email dedup record: `pending`, `failed`, and a stored success.',
    'The record is internal; only its effects are visible (STATE-31 to STATE-34).',
  ),
  values.needs(
    'needs-dashboard',
    'STATE-9',
    'Webhook delivery: attempt pending, succeeded, retry scheduled, permanently failed.',
    'The states are visible only in the delivery history.',
  ),

  // Moves that are shown: one rule per row, "Also happens" split off where it needs more than API keys.
  moves.blackBox(
    'STATE-10',
    'From any property state, `POST /properties` with `status`: only `Maintenance` is settable on create; the property is `Maintenance`.',
  ),
  moves.blackBox(
    'STATE-11',
    'From any property state, `PATCH /properties/{id}` with `status` value `Maintenance` moves it to `Maintenance`; the maintenance flag is set.',
  ),
  moves.blackBox(
    'STATE-12',
    'From `Maintenance`, `PATCH /properties/{id}` with `status: null` moves it to the state derived from contracts; the maintenance flag is cleared.',
  ),
  moves.blackBox('STATE-13', '(new) `POST /contracts`: status derived from start and end dates.'),
  moves.needs('needs-mail', 'STATE-14', '(new) `POST /contracts`: assignment emails sent to tenants.'),
  moves.blackBox(
    'STATE-15',
    'From any contract state, `POST /contracts` or `PATCH /contracts/{id}` with body `status` `Notice Served` moves it to `Notice Served`.',
  ),
  moves.blackBox(
    'STATE-16',
    'From any contract state, `PATCH /contracts/{id}` with no `Notice Served` in the body: status recalculated from dates.',
  ),
  may(
    moves.notObservable(
      'STATE-17',
      '`PATCH /contracts/{id}`: changing tenants may trigger assignment emails.',
      'A permission ("may"): a deployment that sends assignment emails on a tenant change and one that sends none both conform, and the spec says nothing of whom or what they would carry, so no observation can fail a deployment. The PATCH itself is STATE-16.',
    ),
  ),
  moves.needs(
    'needs-webhook',
    'STATE-18',
    'A contract not `Ended` takes a date-derived move to `Ended`; event `contract.ended`.',
    "The move happens when an end date passes, which a run cannot wait for; observed only when a date-derived move happens during the run. A contract the suite creates ending today does not help: the end date is a day of the tenancy, so the contract is still Active (not Ended) until that date is over in the landlord's time zone, at the earliest the next local midnight, hours after a quick run ends; one created with an end date already past is created Ended, a creation rather than a move.",
  ),
  moves.blackBox('STATE-19', '(new) `POST /rent` with any allowed status: the payment has the given status.'),
  moves.blackBox(
    'STATE-20',
    'From `Pending`, `PATCH /rent/{id}` with `status`, `amountReceived`, `datePaid` (reconciliation) moves it to `Paid`.',
  ),
  moves.blackBox(
    'STATE-21',
    '(new) `POST /rent` with status `Paid` and `amountReceived` omitted: `Paid`; `amountReceived` defaults to `amount`.',
  ),
  moves.blackBox(
    'STATE-22',
    '(new) `POST /rent` with status `Paid` and `datePaid` omitted: `Paid`; `datePaid` defaults to today (UTC).',
  ),
  moves.needs(
    'needs-webhook',
    'STATE-23',
    'Webhook delivery: attempt 1 failed (non-2xx, timeout or network error): retry scheduled, about 15 minutes later.',
    RETRY_TIMING,
  ),
  moves.needs(
    'needs-webhook',
    'STATE-24',
    'Webhook delivery: attempt 2 failed (same): retry scheduled, about 60 minutes later (jitter applied).',
    RETRY_TIMING,
  ),
  moves.needs(
    'needs-webhook',
    'STATE-25',
    'Webhook delivery: attempt 3 failed (same): permanently failed.',
    `${RETRY_TIMING} "Permanently failed" is seen as no fourth attempt (and in the dashboard's delivery history).`,
  ),
  moves.needs('needs-webhook', 'STATE-26', 'Webhook delivery: any attempt answered with 2xx: succeeded.'),
  moves.blackBox('STATE-27', 'Contract, property, document: `DELETE` in live mode soft-deletes it.'),
  moves.needs(
    'needs-webhook',
    'STATE-28',
    'Contract, property, document: `DELETE` in live mode also fires the matching `*.deleted` event.',
  ),

  // Rules on states
  rules.blackBox(
    'STATE-29',
    '`DELETE /properties/{id}` fails with `409 CONFLICT` while an Active, Pending or Notice Served contract is linked.',
  ),
  rules.blackBox('STATE-30', 'Contract-derived property statuses (occupied, vacant) are read-only.'),
  rules.blackBox(
    'STATE-31',
    'Invoice-email dedup: while the record is `pending`, a concurrent request gets `409 INVOICE_EMAIL_IN_PROGRESS`.',
    'Depends on two requests overlapping; RENT-EMAIL-2 also allows `200` with the stored payload for concurrent requests, so checks accept either.',
  ),
  rules.needs(
    'needs-mail',
    'STATE-32',
    'Invoice-email dedup: when `failed`, a new request gets `409 INVOICE_EMAIL_FAILED`.',
    "Also needs a way to make the target's mail transport fail.",
  ),
  rules.blackBox(
    'STATE-33',
    'Invoice-email dedup: after a stored success, a repeat request gets `200` with the stored payload.',
  ),
  rules.needs(
    'needs-mail',
    'STATE-34',
    'Invoice-email dedup: after a stored success, a repeat request sends no second email.',
  ),
];

export const STATE_GAP_RULES: readonly Rule[] = [
  gaps.notShown('STATE-GAP-1', 'Maintenance issue transitions. Transitions: not shown.'),
  gaps.notShown('STATE-GAP-2', 'Inspection transitions. Transitions: not shown.'),
  gaps.notShown('STATE-GAP-3', 'Tenant transitions. Transitions: not shown.'),
  gaps.notShown(
    'STATE-GAP-4',
    'Property `Occupied` and `Vacant` moves, beyond being derived from contracts. Transitions: not shown.',
  ),
  gaps.notShown('STATE-GAP-5', 'Rent `Pending` to `Overdue` and back. Transitions: not shown.'),
  gaps.notShown('STATE-GAP-6', 'Invoice-email dedup record moves. Transitions: not shown.'),
];
