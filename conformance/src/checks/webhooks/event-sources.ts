// Which of the catalogue's event types a write through the API can fire, read from the spec: the catalogue's
// "Fired when" cell, the endpoint tables (which writes have a path, parameters and body the spec shows) and the
// States table. A type a shown write fires is held on a real write of the suite's own (`heldBy`: the check that
// makes the write and compares the delivery with what it wrote); every other type says why no API write of the
// suite can produce it. Every type is still seen through a dashboard test delivery (the catalogue's fields).

import { EVENT_TYPE_NAMES } from '../../rules/event-types';

export type EventSource =
  /** A write whose route the spec shows fires it; `heldBy` makes that write and checks the delivery's data. */
  | { readonly kind: 'api-write'; readonly writes: readonly string[]; readonly heldBy: string }
  /** Fired by a write the spec names without its path or body ("Endpoints named but not detailed"). */
  | { readonly kind: 'named-write'; readonly reason: string }
  /** Fired by the passing of time (a date), not by a request. */
  | { readonly kind: 'scheduled'; readonly reason: string }
  /** Fired by something the public API has no route for at all. */
  | { readonly kind: 'outside-api'; readonly reason: string };

export const VALUES_CHECK = 'webhooks.writtenEventDataEqualsTheResourceReadBack';
export const INVOICE_CHECK = 'webhooks.invoiceSentFollowsALiveInvoiceEmailNeverASandboxOne';

const NAMED = (what: string): string =>
  `${what} writes are among the "Endpoints named but not detailed": "Paths, parameters and payloads of these endpoints: not shown", so no request the suite builds is one a deployment must accept`;
const NO_ROUTE = (what: string): string =>
  `${what}: the spec names no route that records it (the resource groups of "What the service does" have none), so only a dashboard test delivery shows it`;

export const EVENT_SOURCES: Readonly<Record<string, EventSource>> = {
  'rent.overdue': {
    kind: 'scheduled',
    reason:
      'fired when scheduled rent is past due and unpaid: a date passing, and the Pending to Overdue move is not shown (STATE-GAP-5)',
  },
  'contract.expiring': {
    kind: 'scheduled',
    reason: 'fired ahead of a contract end date, with a lead time that is not shown (EVT-GAP-3)',
  },
  'contract.created': { kind: 'api-write', writes: ['POST /contracts'], heldBy: VALUES_CHECK },
  'contract.updated': { kind: 'api-write', writes: ['PATCH /contracts/{id}'], heldBy: VALUES_CHECK },
  'contract.deleted': { kind: 'api-write', writes: ['DELETE /contracts/{id}'], heldBy: VALUES_CHECK },
  'contract.ended': {
    kind: 'scheduled',
    reason:
      "fired on the date-derived move to Ended (STATE-18): an end date passing in the landlord's time zone, which a run cannot wait for; a contract created with a past end date is created Ended, not moved",
  },
  'maintenance.created': { kind: 'named-write', reason: NAMED('Maintenance issue') },
  'maintenance.updated': { kind: 'named-write', reason: NAMED('Maintenance issue') },
  'maintenance.deleted': { kind: 'named-write', reason: NAMED('Maintenance issue') },
  'inspection.scheduled': { kind: 'named-write', reason: NAMED('Inspection') },
  'inspection.updated': { kind: 'named-write', reason: NAMED('Inspection') },
  'inspection.deleted': { kind: 'named-write', reason: NAMED('Inspection') },
  'inspection.completed': { kind: 'named-write', reason: NAMED('Inspection') },
  'property.created': { kind: 'api-write', writes: ['POST /properties'], heldBy: VALUES_CHECK },
  'property.updated': { kind: 'api-write', writes: ['PATCH /properties/{id}'], heldBy: VALUES_CHECK },
  'property.deleted': { kind: 'api-write', writes: ['DELETE /properties/{id}'], heldBy: VALUES_CHECK },
  'tenant.created': { kind: 'named-write', reason: NAMED('Tenant') },
  'tenant.updated': { kind: 'named-write', reason: NAMED('Tenant') },
  'tenant.deleted': { kind: 'named-write', reason: NAMED('Tenant') },
  'contact.created': { kind: 'named-write', reason: NAMED('Contact') },
  'contact.updated': { kind: 'named-write', reason: NAMED('Contact') },
  'contact.deleted': { kind: 'named-write', reason: NAMED('Contact') },
  'chat.message_sent': {
    kind: 'named-write',
    reason: `${NAMED('Chat message')} (its multipart field names are not shown either)`,
  },
  'mortgage.created': { kind: 'named-write', reason: NAMED('Mortgage') },
  'mortgage.updated': { kind: 'named-write', reason: NAMED('Mortgage') },
  'mortgage.deleted': { kind: 'named-write', reason: NAMED('Mortgage') },
  'rent.created': { kind: 'api-write', writes: ['POST /rent'], heldBy: VALUES_CHECK },
  'rent.updated': { kind: 'api-write', writes: ['PATCH /rent/{id}'], heldBy: VALUES_CHECK },
  'rent.invoice_sent': { kind: 'api-write', writes: ['POST /rent/{id}/invoice/email'], heldBy: INVOICE_CHECK },
  'rent.due_soon': {
    kind: 'scheduled',
    reason: 'fired a few days before a pending payment is due, with a lead time that is not shown (EVT-GAP-3)',
  },
  'property_document.created': {
    kind: 'api-write',
    writes: ['POST /properties/{id}/documents'],
    heldBy: VALUES_CHECK,
  },
  'property_document.deleted': {
    kind: 'api-write',
    writes: ['DELETE /properties/{id}/documents/{docId}'],
    heldBy: VALUES_CHECK,
  },
  'contract_document.created': {
    kind: 'api-write',
    writes: ['POST /contracts/{id}/documents'],
    heldBy: VALUES_CHECK,
  },
  'contract_document.deleted': {
    kind: 'api-write',
    writes: ['DELETE /contracts/{id}/documents/{docId}'],
    heldBy: VALUES_CHECK,
  },
  'note.created': { kind: 'named-write', reason: NAMED('Maintenance issue note (issue creation, Tasks group)') },
  'document.signed': { kind: 'outside-api', reason: NO_ROUTE('An e-signature request') },
  'document.unsigned': { kind: 'outside-api', reason: NO_ROUTE('An e-signature request') },
  'deposit.updated': { kind: 'outside-api', reason: NO_ROUTE('A deposit outcome') },
  'payment_plan.created': { kind: 'outside-api', reason: NO_ROUTE('An arrears payment plan') },
  'meter.registered': { kind: 'outside-api', reason: NO_ROUTE('A utility meter') },
  'meter.updated': { kind: 'outside-api', reason: NO_ROUTE('A utility meter') },
  'meter.removed': { kind: 'outside-api', reason: NO_ROUTE('A utility meter') },
  'meter_reading.recorded': {
    kind: 'outside-api',
    reason: `${NO_ROUTE('A meter reading')}; RES-HANDBOOK-12: readings are neither exposed nor recordable`,
  },
};

/** The event types a shown API write fires, in catalogue order. */
export const API_FIRED: readonly string[] = EVENT_TYPE_NAMES.filter((t) => EVENT_SOURCES[t]?.kind === 'api-write');
