import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  EVENT_TYPE_COUNT,
  FIELD_TYPES,
  MAX_EVENT_TYPES_PER_ENDPOINT,
  eventCatalogue,
  type EventSpec,
  type FieldSpec,
  type FieldType,
  type ItemSpec,
} from '../event-catalogue';

const raw: unknown = JSON.parse(readFileSync(join(__dirname, '..', 'event-catalogue.json'), 'utf8'));
const findEvent = (event: string): EventSpec | undefined => eventCatalogue.find((e) => e.event === event);

describe('spec-data/event-catalogue.json', () => {
  test("holds as many event types as the spec's Events section says there are", () => {
    const spec = readFileSync(join(__dirname, '..', '..', 'docs', 'spec', 'property-portfolio-api.md'), 'utf8');
    const stated = /There are (\d+) event types\./.exec(spec)?.[1];
    expect(stated).toBeDefined();
    expect(eventCatalogue).toHaveLength(Number(stated));
    expect(EVENT_TYPE_COUNT).toBe(eventCatalogue.length);
  });

  test('holds the per-endpoint limit the spec states in Events and in its Limits table', () => {
    const spec = readFileSync(join(__dirname, '..', '..', 'docs', 'spec', 'property-portfolio-api.md'), 'utf8');
    const inEvents = /can subscribe to at most (\d+) of them/.exec(spec)?.[1];
    const inLimits = /\| Event types per webhook endpoint \| (\d+) \|/.exec(spec)?.[1];
    expect([inEvents, inLimits]).toEqual([String(MAX_EVENT_TYPES_PER_ENDPOINT), String(MAX_EVENT_TYPES_PER_ENDPOINT)]);
  });

  test('event type names are unique', () => {
    const names = eventCatalogue.map((e) => e.event);
    expect(new Set(names).size).toBe(names.length);
  });

  test('every entry parses against the catalogue schema (types, nullable, values, items)', () => {
    expect(parseCatalogue(raw)).toEqual(eventCatalogue);
    expect(() =>
      parseCatalogue([{ event: 'x.y', firedWhen: 'z', fields: [{ name: 'a', type: 'text', nullable: false }] }]),
    ).toThrow(/type/);
    expect(() => parseCatalogue([{ event: 'x.y', firedWhen: 'z', fields: [{ name: 'a', type: 'string' }] }])).toThrow(
      /nullable/,
    );
  });

  test('field names are unique within each event', () => {
    for (const spec of eventCatalogue) {
      const names = spec.fields.map((f) => f.name);
      expect({ event: spec.event, unique: new Set(names).size === names.length }).toEqual({
        event: spec.event,
        unique: true,
      });
    }
  });

  test('event names are resource.action', () => {
    for (const spec of eventCatalogue) expect(spec.event).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });

  test('values are listed only on string fields and items only on arrays', () => {
    for (const spec of eventCatalogue) {
      for (const field of spec.fields) {
        if (field.values)
          expect({ event: spec.event, field: field.name, type: field.type }).toEqual({
            event: spec.event,
            field: field.name,
            type: 'string',
          });
        if (field.items) expect(field.type).toBe('array');
      }
    }
  });

  test('meter_reading.recorded carries registers and contract links as arrays of objects', () => {
    const fields = findEvent('meter_reading.recorded')?.fields ?? [];
    const registers = fields.find((f) => f.name === 'registers');
    const contracts = fields.find((f) => f.name === 'contracts');
    expect(registers?.items?.fields?.map((f) => [f.name, f.type])).toEqual([
      ['register', 'string'],
      ['value', 'number'],
      ['unit', 'string'],
    ]);
    expect(contracts?.items?.fields?.map((f) => [f.name, f.type, f.values])).toEqual([
      ['contract_id', 'uuid', undefined],
      ['role', 'string', ['check_in', 'check_out']],
    ]);
    expect(fields.find((f) => f.name === 'warnings')?.type).toBe('array');
  });

  test('nullable fields are exactly the ones the spec marks nullable', () => {
    const nullable = eventCatalogue.flatMap((e) =>
      e.fields.filter((f) => f.nullable).map((f) => `${e.event}.${f.name}`),
    );
    expect(nullable.sort()).toEqual(
      [
        'chat.message_sent.attachment_name',
        'chat.message_sent.attachment_type',
        'contract.created.end_date',
        'contract.updated.end_date',
        'meter.registered.removed_date',
        'meter.updated.removed_date',
      ].sort(),
    );
  });

  test('"same as" rows repeat their model row field for field', () => {
    const names = (event: string): string[] => (findEvent(event)?.fields ?? []).map((f) => f.name);
    expect(names('contract.updated')).toEqual(names('contract.created'));
    expect(names('property.updated')).toEqual(names('property.created'));
    expect(names('contact.updated')).toEqual(names('contact.created'));
    expect(names('mortgage.updated')).toEqual(names('mortgage.created'));
    expect(names('meter.updated')).toEqual(names('meter.registered'));
    expect(names('meter.removed')).toEqual(names('meter.registered'));
    expect(names('inspection.updated')).toEqual([...names('inspection.scheduled'), 'landlord_actions']);
    expect(names('rent.updated')).toEqual([...names('rent.created'), 'date_paid', 'amount_received']);
  });

  test('deleted events carry deleted_at as a timestamp', () => {
    for (const spec of eventCatalogue.filter((e) => e.event.endsWith('.deleted'))) {
      expect({ event: spec.event, deletedAt: spec.fields.find((f) => f.name === 'deleted_at')?.type }).toEqual({
        event: spec.event,
        deletedAt: 'timestamp',
      });
    }
  });
});

// The catalogue's schema, checked here rather than on load: the package is data, the proof is this test.
/** Throws with the path of the first problem; the fixture is project data, so a bad edit should fail loudly. */
function parseCatalogue(input: unknown): EventSpec[] {
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
  const field: { -readonly [K in keyof FieldSpec]: FieldSpec[K] } = {
    name: asString(o.name, `${at}.name`),
    type,
    nullable: o.nullable,
  };
  if (o.values !== undefined)
    field.values = asArray(o.values, `${at}.values`).map((v, k) => asString(v, `${at}.values[${k}]`));
  if (o.items !== undefined) {
    if (type !== 'array') throw new Error(`${at}.items: only array fields have items`);
    field.items = parseItem(o.items, `${at}.items`);
  }
  return field;
}

function parseItem(input: unknown, at: string): ItemSpec {
  const o = asObject(input, at);
  const item: { -readonly [K in keyof ItemSpec]: ItemSpec[K] } = { type: parseType(o.type, `${at}.type`) };
  if (o.values !== undefined)
    item.values = asArray(o.values, `${at}.values`).map((v, k) => asString(v, `${at}.values[${k}]`));
  if (o.fields !== undefined)
    item.fields = asArray(o.fields, `${at}.fields`).map((f, j) => parseField(f, `${at}.fields[${j}]`));
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
