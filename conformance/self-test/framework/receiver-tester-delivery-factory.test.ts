import fc from 'fast-check';

import { eventCatalogue, type FieldSpec, type ItemSpec } from '@ppapi/spec';
import { dataArbitrary } from '../../src/receiver-tester/payload-arbitraries';
import { DeliveryFactory } from '../../src/receiver-tester/delivery-factory';
import { verifySignature } from '@ppapi/webhook-receiver';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function conforms(value: unknown, spec: ItemSpec & { nullable?: boolean }): boolean {
  if (value === null) return spec.nullable === true;
  switch (spec.type) {
    case 'string':
      return typeof value === 'string' && (!spec.values || spec.values.includes(value));
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'timestamp':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && value.includes('T');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return (
        typeof value === 'object' &&
        value !== null &&
        matchesFields(value as Record<string, unknown>, spec.fields ?? [])
      );
    case 'array':
      return Array.isArray(value);
  }
}

function matchesFields(data: Record<string, unknown>, fields: readonly FieldSpec[]): boolean {
  if (Object.keys(data).join() !== fields.map((f) => f.name).join()) return false;
  return fields.every((f) => {
    const value = data[f.name];
    if (!conforms(value, f)) return false;
    if (f.type === 'array' && f.items && Array.isArray(value))
      return value.every((item) => conforms(item, f.items ?? { type: 'string' }));
    return true;
  });
}

describe('generated payloads', () => {
  test.each(eventCatalogue.map((spec) => [spec.event, spec] as const))(
    '%s data has exactly the catalogue fields with their types',
    (_event, spec) => {
      fc.assert(
        fc.property(dataArbitrary(spec), (data) => matchesFields(data, spec.fields)),
        { numRuns: 50 },
      );
    },
  );

  test('same seed and key give the same envelope; another seed gives another', () => {
    const now = (): Date => new Date('2026-03-04T09:00:00.000Z');
    const a = new DeliveryFactory(1, 's', now).envelope('rent.overdue', 'k');
    expect(new DeliveryFactory(1, 's', now).envelope('rent.overdue', 'k')).toEqual(a);
    expect(new DeliveryFactory(2, 's', now).envelope('rent.overdue', 'k').id).not.toBe(a.id);
  });

  test('created_at is a few seconds before the run started, or the age asked for (a late retry)', () => {
    const start = Date.parse('2026-03-04T09:00:00.000Z');
    const factory = new DeliveryFactory(1, 's', () => new Date(start));
    for (const key of ['a', 'b', 'c']) {
      const age = start - Date.parse(factory.envelope('rent.overdue', key).created_at);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(5_000);
    }
    expect(factory.anyEnvelope('late', 80 * 60_000).created_at).toBe('2026-03-04T07:40:00.000Z');
  });

  test('envelopes have the spec shape: evt_<uuid>, event, created_at, landlord_id, data', () => {
    const envelope = new DeliveryFactory(5, 's').envelope('tenant.created', 'shape');
    expect(Object.keys(envelope)).toEqual(['id', 'event', 'created_at', 'landlord_id', 'data']);
    expect(envelope.id).toMatch(/^evt_[0-9a-f-]{36}$/);
    expect(envelope).not.toHaveProperty('_test');
  });

  test('a test envelope carries _test: true at top level and inside data', () => {
    const envelope = new DeliveryFactory(5, 's').testEnvelope('t');
    expect(envelope._test).toBe(true);
    expect(envelope.data._test).toBe(true);
  });

  test('signed deliveries carry the four request headers and verify', () => {
    const factory = new DeliveryFactory(9, 'secret');
    const delivery = factory.signed(factory.envelope('rent.created', 'h'));
    expect(delivery.headers).toEqual({
      'Content-Type': 'application/json',
      'X-Service-Event': 'rent.created',
      'X-Service-Delivery': delivery.envelope.id.slice(4),
      'X-Service-Signature-256': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
    });
    expect(verifySignature(delivery.body, delivery.headers['X-Service-Signature-256'], 'secret')).toEqual({ ok: true });
  });
});
