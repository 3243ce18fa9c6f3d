// The spec's event catalogue as data: for each event type, exactly the `data` fields it carries,
// with their kinds. Builders, validation at dispatch, samples for test deliveries and the documentation
// all read this one table, so the field set cannot drift between them.
import type { EventType } from '../event-types';

/** Value kinds of `data` fields. Ids are UUID strings, dates `YYYY-MM-DD`, timestamps ISO 8601. */
export interface KindValues {
  id: string;
  string: string;
  number: number;
  integer: number;
  date: string;
  timestamp: string;
  ids: string[];
  strings: string[];
  /** meter_reading.recorded `registers`: `{ register, value, unit }` items. */
  registers: Array<{ register: string; value: number; unit: string }>;
  /** meter_reading.recorded `contracts`: `{ contract_id, role }` items. */
  contractLinks: Array<{ contract_id: string; role: 'check_in' | 'check_out' }>;
  /** An array the spec does not describe further (meter_reading.recorded `warnings`). */
  array: unknown[];
}
export type Kind = keyof KindValues;

export interface PlainField<K extends Kind = Kind> {
  readonly kind: K;
  /** Null allowed: the spec says "nullable", or the value is optional in the domain (documented). */
  readonly nullable?: true;
}
/** A field whose value the spec fixes for this event (e.g. `status` `Deleted`): builders fill it in. */
export interface LiteralField<V extends string = string> {
  readonly kind: 'literal';
  readonly value: V;
}
export type Field = PlainField | LiteralField;

const ID = { kind: 'id' } as const;
const STR = { kind: 'string' } as const;
const NUM = { kind: 'number' } as const;
const INT = { kind: 'integer' } as const;
const DATE = { kind: 'date' } as const;
const TS = { kind: 'timestamp' } as const;
const IDS = { kind: 'ids' } as const;
const nullable = <K extends Kind>(field: { readonly kind: K }) => ({ kind: field.kind, nullable: true }) as const;
const literal = <V extends string>(value: V) => ({ kind: 'literal', value }) as const;

// Shared field groups, named after the catalogue's "same as" rows.
const contractFields = {
  contract_id: ID,
  property_id: ID,
  property_name: STR,
  tenancy_id: ID,
  main_tenant_id: ID,
  status: STR,
  start_date: DATE,
  end_date: nullable(DATE),
  rent_amount: NUM,
} as const;
const maintenanceFields = {
  issue_id: ID,
  property_id: ID,
  property_name: STR,
  title: STR,
  description: nullable(STR),
  priority: STR,
  status: STR,
} as const;
const inspectionFields = {
  inspection_id: ID,
  property_id: ID,
  property_name: STR,
  inspection_date: DATE,
  inspection_type: STR,
  status: STR,
} as const;
const propertyFields = {
  property_id: ID,
  address: STR,
  short_name: STR,
  status: STR,
  rent_amount: NUM,
  city: STR,
  postcode: STR,
} as const;
const tenantFields = {
  tenant_id: ID,
  property_id: nullable(ID),
  first_name: STR,
  last_name: STR,
  email: nullable(STR),
  phone: nullable(STR),
  status: STR,
} as const;
const contactFields = {
  contact_id: ID,
  name: STR,
  company: nullable(STR),
  email: nullable(STR),
  mobile: nullable(STR),
  categories: { kind: 'strings' },
} as const;
const mortgageFields = {
  mortgage_id: ID,
  lender: STR,
  reference: STR,
  balance: NUM,
  interest_rate: NUM,
  monthly_payment: NUM,
  property_ids: IDS,
  status: STR,
} as const;
const rentFields = {
  rent_payment_id: ID,
  contract_id: ID,
  property_id: ID,
  tenant_id: ID,
  amount: NUM,
  due_date: DATE,
  status: STR,
  period: STR,
} as const;
const meterFields = {
  meter_id: ID,
  property_id: ID,
  utility_type: STR,
  unit: STR,
  tariff_structure: nullable(STR),
  payment_mode: nullable(STR),
  mpan: nullable(STR),
  location_description: nullable(STR),
  removed_date: nullable(DATE),
} as const;

export const CATALOGUE = {
  'rent.overdue': {
    rent_payment_id: ID,
    contract_id: ID,
    property_id: ID,
    property_name: STR,
    amount: NUM,
    due_date: DATE,
    days_overdue: INT,
  },
  'contract.expiring': { contract_id: ID, property_id: ID, property_name: STR, end_date: DATE, days_until_expiry: INT },
  'contract.created': contractFields,
  'contract.updated': contractFields,
  'contract.deleted': {
    contract_id: ID,
    property_id: ID,
    property_name: STR,
    tenancy_id: ID,
    main_tenant_id: ID,
    status: literal('Deleted'),
    start_date: DATE,
    end_date: nullable(DATE),
    deleted_at: TS,
  },
  'contract.ended': {
    contract_id: ID,
    property_id: ID,
    property_name: STR,
    status: literal('Ended'),
    start_date: DATE,
    end_date: DATE,
  },
  'maintenance.created': maintenanceFields,
  'maintenance.updated': maintenanceFields,
  'maintenance.deleted': {
    issue_id: ID,
    property_id: ID,
    property_name: STR,
    title: STR,
    priority: STR,
    status: literal('Deleted'),
    deleted_at: TS,
  },
  'inspection.scheduled': inspectionFields,
  'inspection.updated': { ...inspectionFields, landlord_actions: nullable(STR) },
  'inspection.deleted': { ...inspectionFields, status: literal('deleted'), deleted_at: TS },
  'inspection.completed': { ...inspectionFields, status: literal('completed') },
  'property.created': propertyFields,
  'property.updated': propertyFields,
  'property.deleted': { property_id: ID, address: STR, short_name: STR, status: literal('Deleted'), deleted_at: TS },
  'tenant.created': tenantFields,
  'tenant.updated': tenantFields,
  'tenant.deleted': {
    tenant_id: ID,
    property_id: nullable(ID),
    first_name: STR,
    last_name: STR,
    email: nullable(STR),
    status: literal('DELETED'),
    deleted_at: TS,
  },
  'contact.created': contactFields,
  'contact.updated': contactFields,
  'contact.deleted': { contact_id: ID, name: STR, company: nullable(STR), deleted_at: TS },
  'chat.message_sent': {
    message_id: ID,
    chat_id: ID,
    property_id: ID,
    tenant_id: ID,
    text: STR,
    attachment_type: nullable(STR),
    attachment_name: nullable(STR),
    sent_at: TS,
  },
  'mortgage.created': mortgageFields,
  'mortgage.updated': mortgageFields,
  'mortgage.deleted': {
    mortgage_id: ID,
    lender: STR,
    reference: STR,
    balance: NUM,
    property_ids: IDS,
    status: literal('Deleted'),
    deleted_at: TS,
  },
  'rent.created': rentFields,
  'rent.updated': { ...rentFields, date_paid: nullable(DATE), amount_received: nullable(NUM) },
  'rent.invoice_sent': {
    rent_payment_id: ID,
    contract_id: ID,
    property_id: ID,
    tenant_id: ID,
    tenant_email: STR,
    document_type: STR,
    period: STR,
    amount: NUM,
    due_date: DATE,
    sent_via: STR,
  },
  'rent.due_soon': {
    rent_payment_id: ID,
    contract_id: ID,
    property_id: ID,
    property_name: STR,
    amount: NUM,
    due_date: DATE,
    days_until_due: INT,
  },
  'property_document.created': {
    document_id: ID,
    property_id: ID,
    name: STR,
    type: STR,
    expiry_date: nullable(DATE),
    uploaded_at: TS,
    size_bytes: INT,
  },
  'property_document.deleted': { document_id: ID, property_id: ID, name: STR, type: STR, deleted_at: TS },
  'contract_document.created': {
    document_id: ID,
    contract_id: ID,
    property_id: ID,
    name: STR,
    type: STR,
    uploaded_at: TS,
    size_bytes: INT,
  },
  'contract_document.deleted': {
    document_id: ID,
    contract_id: ID,
    property_id: ID,
    name: STR,
    type: STR,
    deleted_at: TS,
  },
  'note.created': { note_id: ID, issue_id: ID, property_id: ID, text: STR, created_at: TS },
  'document.signed': {
    signature_request_id: ID,
    document_name: STR,
    signer_email: STR,
    document_type: STR,
    status: literal('signed'),
    signed_document_url: STR,
  },
  'document.unsigned': {
    signature_request_id: ID,
    document_name: STR,
    signer_email: STR,
    document_type: STR,
    status: STR,
  },
  'deposit.updated': {
    deposit_id: ID,
    contract_id: ID,
    tenant_id: ID,
    property_id: ID,
    property_name: STR,
    amount: NUM,
    status: STR,
    deduction_amount: NUM,
    deduction_reason: nullable(STR),
    days_to_return: INT,
  },
  'payment_plan.created': {
    plan_id: ID,
    tenant_id: ID,
    property_id: ID,
    property_name: STR,
    outstanding_amount: NUM,
    plan_description: STR,
    agreed_date: DATE,
  },
  'meter.registered': meterFields,
  'meter.updated': meterFields,
  'meter.removed': { ...meterFields, removed_date: DATE },
  'meter_reading.recorded': {
    reading_id: ID,
    meter_id: ID,
    property_id: ID,
    utility_type: STR,
    reading_date: DATE,
    reason: STR,
    status: STR,
    payment_mode: nullable(STR),
    registers: { kind: 'registers' },
    contracts: { kind: 'contractLinks' },
    warnings: { kind: 'array' },
  },
} as const satisfies Record<EventType, Readonly<Record<string, Field>>>;

export type Catalogue = typeof CATALOGUE;

type ValueOf<F> = F extends { kind: 'literal'; value: infer V }
  ? V
  : F extends { kind: infer K extends Kind; nullable: true }
    ? KindValues[K] | null
    : F extends { kind: infer K extends Kind }
      ? KindValues[K]
      : never;

/** The exact `data` object of an event type. */
export type EventData<T extends EventType> = { -readonly [K in keyof Catalogue[T]]: ValueOf<Catalogue[T][K]> };

type LiteralKeys<T extends EventType> = {
  [K in keyof Catalogue[T]]: Catalogue[T][K] extends { kind: 'literal' } ? K : never;
}[keyof Catalogue[T]];

/** What a builder needs: every field except the fixed ones (which it fills in); extra keys are dropped. */
export type EventDataInput<T extends EventType> = Omit<EventData<T>, LiteralKeys<T>> &
  Partial<Pick<EventData<T>, LiteralKeys<T>>>;

export const fieldsOf = (type: EventType): Readonly<Record<string, Field>> => CATALOGUE[type];
export const fieldNamesOf = (type: EventType): string[] => Object.keys(CATALOGUE[type]);
