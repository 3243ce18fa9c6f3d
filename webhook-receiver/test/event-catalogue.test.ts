import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { EVENT_TYPE_COUNT, eventCatalogue, findEvent, parseCatalogue } from '../src/catalogue/event-catalogue';

const raw: unknown = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'event-catalogue.json'), 'utf8'));

describe('fixtures/event-catalogue.json', () => {
  test('has exactly 43 event types', () => {
    expect(EVENT_TYPE_COUNT).toBe(43);
    expect(eventCatalogue).toHaveLength(43);
  });

  test('event type names are unique', () => {
    const names = eventCatalogue.map((e) => e.event);
    expect(new Set(names).size).toBe(names.length);
  });

  test('every entry parses against the catalogue schema (types, nullable, values, items)', () => {
    expect(() => parseCatalogue(raw)).not.toThrow();
  });

  test('field names are unique within each event', () => {
    for (const spec of eventCatalogue) {
      const names = spec.fields.map((f) => f.name);
      expect({ event: spec.event, unique: new Set(names).size === names.length }).toEqual({ event: spec.event, unique: true });
    }
  });

  test('event names are resource.action', () => {
    for (const spec of eventCatalogue) expect(spec.event).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });

  test('values are listed only on string fields and items only on arrays', () => {
    for (const spec of eventCatalogue) {
      for (const field of spec.fields) {
        if (field.values) expect({ event: spec.event, field: field.name, type: field.type }).toEqual({ event: spec.event, field: field.name, type: 'string' });
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
    const nullable = eventCatalogue.flatMap((e) => e.fields.filter((f) => f.nullable).map((f) => `${e.event}.${f.name}`));
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
      expect({ event: spec.event, deletedAt: spec.fields.find((f) => f.name === 'deleted_at')?.type }).toEqual({ event: spec.event, deletedAt: 'timestamp' });
    }
  });
});
