// The spec's Event catalog as data (fixtures/event-catalogue.json), typed and checked once on load so the
// tester's generators and the tests can trust its shape.
import catalogueJson from '../../../fixtures/event-catalogue.json';

export const FIELD_TYPES = ['string', 'uuid', 'date', 'timestamp', 'number', 'integer', 'boolean', 'array', 'object'] as const;
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

export const EVENT_TYPE_COUNT = 43;

export const eventCatalogue: readonly EventSpec[] = parseCatalogue(catalogueJson);

export function eventTypes(): string[] {
  return eventCatalogue.map((e) => e.event);
}

export function findEvent(event: string): EventSpec | undefined {
  return eventCatalogue.find((e) => e.event === event);
}

/** Throws with the path of the first problem; the fixture is project data, so a bad edit should fail loudly. */
export function parseCatalogue(input: unknown): EventSpec[] {
  if (!Array.isArray(input)) throw new Error('event catalogue: expected an array');
  return input.map((entry: unknown, i) => {
    const at = `event catalogue[${i}]`;
    const o = asObject(entry, at);
    return {
      event: asString(o.event, `${at}.event`),
      firedWhen: asString(o.firedWhen, `${at}.firedWhen`),
      fields: asArray(o.fields, `${at}.fields`).map((f, j) => parseField(f, `${at}.fields[${j}]`)),
    };
  });
}

function parseField(input: unknown, at: string): FieldSpec {
  const o = asObject(input, at);
  const type = parseType(o.type, `${at}.type`);
  if (typeof o.nullable !== 'boolean') throw new Error(`${at}.nullable: expected a boolean`);
  const field: { -readonly [K in keyof FieldSpec]: FieldSpec[K] } = { name: asString(o.name, `${at}.name`), type, nullable: o.nullable };
  if (o.values !== undefined) field.values = asArray(o.values, `${at}.values`).map((v, k) => asString(v, `${at}.values[${k}]`));
  if (o.items !== undefined) {
    if (type !== 'array') throw new Error(`${at}.items: only array fields have items`);
    field.items = parseItem(o.items, `${at}.items`);
  }
  return field;
}

function parseItem(input: unknown, at: string): ItemSpec {
  const o = asObject(input, at);
  const item: { -readonly [K in keyof ItemSpec]: ItemSpec[K] } = { type: parseType(o.type, `${at}.type`) };
  if (o.values !== undefined) item.values = asArray(o.values, `${at}.values`).map((v, k) => asString(v, `${at}.values[${k}]`));
  if (o.fields !== undefined) item.fields = asArray(o.fields, `${at}.fields`).map((f, j) => parseField(f, `${at}.fields[${j}]`));
  return item;
}

function parseType(input: unknown, at: string): FieldType {
  const found = FIELD_TYPES.find((t) => t === input);
  if (!found) throw new Error(`${at}: expected one of ${FIELD_TYPES.join(', ')}, got ${JSON.stringify(input)}`);
  return found;
}

function asObject(input: unknown, at: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error(`${at}: expected an object`);
  return input as Record<string, unknown>;
}

function asArray(input: unknown, at: string): unknown[] {
  if (!Array.isArray(input)) throw new Error(`${at}: expected an array`);
  return input;
}

function asString(input: unknown, at: string): string {
  if (typeof input !== 'string' || input.length === 0) throw new Error(`${at}: expected a non-empty string`);
  return input;
}
