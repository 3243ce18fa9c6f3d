// The 43 event types of the spec's event catalogue.
export const EVENT_TYPES = [
  'rent.overdue', 'contract.expiring', 'contract.created', 'contract.updated', 'contract.deleted', 'contract.ended',
  'maintenance.created', 'maintenance.updated', 'maintenance.deleted',
  'inspection.scheduled', 'inspection.updated', 'inspection.deleted', 'inspection.completed',
  'property.created', 'property.updated', 'property.deleted',
  'tenant.created', 'tenant.updated', 'tenant.deleted',
  'contact.created', 'contact.updated', 'contact.deleted',
  'chat.message_sent',
  'mortgage.created', 'mortgage.updated', 'mortgage.deleted',
  'rent.created', 'rent.updated', 'rent.invoice_sent', 'rent.due_soon',
  'property_document.created', 'property_document.deleted',
  'contract_document.created', 'contract_document.deleted',
  'note.created', 'document.signed', 'document.unsigned', 'deposit.updated', 'payment_plan.created',
  'meter.registered', 'meter.updated', 'meter.removed', 'meter_reading.recorded',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** One registered endpoint can subscribe to at most this many event types. */
export const MAX_EVENT_TYPES_PER_SUBSCRIPTION = 32;
