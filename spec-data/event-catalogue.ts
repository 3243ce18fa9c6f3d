// The spec's Event catalog as data (event-catalogue.json) with its types. Data only: each consumer (the receiver,
// the suite, the reference server's tests) looks events up on its own; test/event-catalogue.test.ts holds the
// JSON to these types field by field, so the assertion below cannot hide a bad edit.
import catalogueJson from './event-catalogue.json';

export const FIELD_TYPES = [
  'string',
  'uuid',
  'date',
  'timestamp',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The element of an array field; object elements list their own fields. */
export interface ItemSpec {
  readonly type: FieldType;
  readonly values?: readonly string[];
  readonly fields?: readonly FieldSpec[];
}

export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType;
  readonly nullable: boolean;
  /** Values the spec shows for this field ("values seen"); not necessarily all possible values. */
  readonly values?: readonly string[];
  /** Arrays only; absent when the spec does not say what the array holds (meter_reading.recorded `warnings`). */
  readonly items?: ItemSpec;
}

export interface EventSpec {
  readonly event: string;
  readonly firedWhen: string;
  readonly fields: readonly FieldSpec[];
}

/** Webhooks > Subscriptions: one registered endpoint subscribes to at most this many event types. */
export const MAX_EVENT_TYPES_PER_ENDPOINT = 32;

/** JSON cannot carry the literal union types; the shape test proves every entry matches EventSpec. */
export const eventCatalogue = catalogueJson as readonly EventSpec[];

/** How many event types the catalogue holds (its test holds it to the spec's sentence). */
export const EVENT_TYPE_COUNT = eventCatalogue.length;
