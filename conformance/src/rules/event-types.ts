// The spec's Event catalog (Events > Event catalog) as data, row for row and in the spec's order.
// `firedWhen` and `dataFields` are the spec's cells verbatim, so the rule texts and the receiver's checks
// quote the same words.

export interface EventTypeRow {
  readonly type: string;
  readonly firedWhen: string;
  readonly dataFields: string;
}

export const EVENT_TYPES: readonly EventTypeRow[] = [
  {
    type: 'rent.overdue',
    firedWhen: 'scheduled rent is past due and unpaid',
    dataFields: 'rent_payment_id, contract_id, property_id, property_name, amount, due_date, days_overdue (integer)',
  },
  {
    type: 'contract.expiring',
    firedWhen: 'ahead of a contract end date',
    dataFields: 'contract_id, property_id, property_name, end_date, days_until_expiry (integer)',
  },
  {
    type: 'contract.created',
    firedWhen: 'a contract is added',
    dataFields:
      'contract_id, property_id, property_name, tenancy_id, main_tenant_id, status, start_date, end_date (nullable), rent_amount',
  },
  { type: 'contract.updated', firedWhen: 'a contract is updated', dataFields: 'same as contract.created' },
  {
    type: 'contract.deleted',
    firedWhen: 'a contract is deleted',
    dataFields:
      'contract_id, property_id, property_name, tenancy_id, main_tenant_id, status (`Deleted`), start_date, end_date, deleted_at',
  },
  {
    type: 'contract.ended',
    firedWhen: 'a contract moves to `Ended`',
    dataFields: 'contract_id, property_id, property_name, status, start_date, end_date',
  },
  {
    type: 'maintenance.created',
    firedWhen: 'an issue is opened',
    dataFields:
      'issue_id, property_id, property_name, title, description, priority, status (values seen: `Open`; priority `Medium`, `High`)',
  },
  {
    type: 'maintenance.updated',
    firedWhen: 'an issue changes state or details',
    dataFields: 'same fields (status value seen: `In_Progress`)',
  },
  {
    type: 'maintenance.deleted',
    firedWhen: 'an issue is deleted',
    dataFields: 'issue_id, property_id, property_name, title, priority, status (`Deleted`), deleted_at',
  },
  {
    type: 'inspection.scheduled',
    firedWhen: 'an inspection is booked',
    dataFields: 'inspection_id, property_id, property_name, inspection_date, inspection_type, status',
  },
  {
    type: 'inspection.updated',
    firedWhen: 'an inspection is updated',
    dataFields: 'inspection.scheduled fields plus landlord_actions (string)',
  },
  {
    type: 'inspection.deleted',
    firedWhen: 'an inspection is deleted',
    dataFields:
      'inspection_id, property_id, property_name, inspection_date, inspection_type, status (`deleted`), deleted_at',
  },
  {
    type: 'inspection.completed',
    firedWhen: 'marked complete and report available',
    dataFields: 'inspection_id, property_id, property_name, inspection_date, inspection_type, status (`completed`)',
  },
  {
    type: 'property.created',
    firedWhen: 'a property is created',
    dataFields: 'property_id, address, short_name, status, rent_amount, city, postcode',
  },
  { type: 'property.updated', firedWhen: 'a property is updated', dataFields: 'same as property.created' },
  {
    type: 'property.deleted',
    firedWhen: 'a property is deleted',
    dataFields: 'property_id, address, short_name, status (`Deleted`), deleted_at',
  },
  {
    type: 'tenant.created',
    firedWhen: 'a tenant is created',
    dataFields: 'tenant_id, property_id, first_name, last_name, email, phone, status (`INVITED` seen)',
  },
  { type: 'tenant.updated', firedWhen: 'a tenant is updated', dataFields: 'same (status `ACTIVE` seen)' },
  {
    type: 'tenant.deleted',
    firedWhen: 'a tenant is deleted',
    dataFields: 'tenant_id, property_id, first_name, last_name, email, status (`DELETED`), deleted_at',
  },
  {
    type: 'contact.created',
    firedWhen: 'a contact is created',
    dataFields: 'contact_id, name, company, email, mobile, categories (array of string)',
  },
  { type: 'contact.updated', firedWhen: 'a contact is updated', dataFields: 'same as contact.created' },
  { type: 'contact.deleted', firedWhen: 'a contact is deleted', dataFields: 'contact_id, name, company, deleted_at' },
  {
    type: 'chat.message_sent',
    firedWhen: 'the landlord sends a chat message',
    dataFields:
      'message_id, chat_id, property_id, tenant_id, text, attachment_type (nullable), attachment_name (nullable), sent_at',
  },
  {
    type: 'mortgage.created',
    firedWhen: 'a mortgage is created',
    dataFields: 'mortgage_id, lender, reference, balance, interest_rate, monthly_payment, property_ids (array), status',
  },
  { type: 'mortgage.updated', firedWhen: 'a mortgage is updated', dataFields: 'same as mortgage.created' },
  {
    type: 'mortgage.deleted',
    firedWhen: 'a mortgage is deleted',
    dataFields: 'mortgage_id, lender, reference, balance, property_ids, status (`Deleted`), deleted_at',
  },
  {
    type: 'rent.created',
    firedWhen: 'a rent payment is created',
    dataFields: 'rent_payment_id, contract_id, property_id, tenant_id, amount, due_date, status, period',
  },
  {
    type: 'rent.updated',
    firedWhen: 'a rent payment is updated',
    dataFields: 'rent.created fields plus date_paid, amount_received',
  },
  {
    type: 'rent.invoice_sent',
    firedWhen: 'an invoice or receipt email is sent through the public API',
    dataFields:
      'rent_payment_id, contract_id, property_id, tenant_id, tenant_email, document_type, period, amount, due_date, sent_via',
  },
  {
    type: 'rent.due_soon',
    firedWhen: 'a few days before a pending payment is due',
    dataFields: 'rent_payment_id, contract_id, property_id, property_name, amount, due_date, days_until_due (integer)',
  },
  {
    type: 'property_document.created',
    firedWhen: 'a property document is uploaded',
    dataFields: 'document_id, property_id, name, type, expiry_date, uploaded_at, size_bytes (integer)',
  },
  {
    type: 'property_document.deleted',
    firedWhen: 'a property document is deleted',
    dataFields: 'document_id, property_id, name, type, deleted_at',
  },
  {
    type: 'contract_document.created',
    firedWhen: 'a contract document is uploaded',
    dataFields: 'document_id, contract_id, property_id, name, type, uploaded_at, size_bytes',
  },
  {
    type: 'contract_document.deleted',
    firedWhen: 'a contract document is deleted',
    dataFields: 'document_id, contract_id, property_id, name, type, deleted_at',
  },
  {
    type: 'note.created',
    firedWhen: 'a note is added to a maintenance issue',
    dataFields: 'note_id, issue_id, property_id, text, created_at',
  },
  {
    type: 'document.signed',
    firedWhen: 'an e-signature request is fully signed',
    dataFields:
      'signature_request_id, document_name, signer_email, document_type, status (`signed`), signed_document_url',
  },
  {
    type: 'document.unsigned',
    firedWhen: 'a request is declined or expires unsigned',
    dataFields: 'signature_request_id, document_name, signer_email, document_type, status (`declined` seen)',
  },
  {
    type: 'deposit.updated',
    firedWhen: 'a deposit reaches an outcome: returned, partially returned after deductions, retained or disputed',
    dataFields:
      'deposit_id, contract_id, tenant_id, property_id, property_name, amount, status (`partial_return` seen), deduction_amount, deduction_reason, days_to_return (integer)',
  },
  {
    type: 'payment_plan.created',
    firedWhen: 'a schedule to clear rent arrears is agreed',
    dataFields: 'plan_id, tenant_id, property_id, property_name, outstanding_amount, plan_description, agreed_date',
  },
  {
    type: 'meter.registered',
    firedWhen: 'a utility meter is recorded at a property',
    dataFields:
      'meter_id, property_id, utility_type, unit, tariff_structure, payment_mode, mpan, location_description, removed_date (nullable date)',
  },
  {
    type: 'meter.updated',
    firedWhen: 'meter details change (supply number, unit, location)',
    dataFields: 'same as meter.registered',
  },
  {
    type: 'meter.removed',
    firedWhen: 'a meter is removed; its readings stay attached',
    dataFields: 'same fields, removed_date set',
  },
  {
    type: 'meter_reading.recorded',
    firedWhen: 'a reading is taken',
    dataFields:
      'reading_id, meter_id, property_id, utility_type, reading_date, reason (`changeover` seen), status (`actual` seen), payment_mode, registers (array of { register, value, unit }), contracts (array of { contract_id, role: `check_in` or `check_out` }), warnings (array)',
  },
];

export const EVENT_TYPE_NAMES: readonly string[] = EVENT_TYPES.map((row) => row.type);
