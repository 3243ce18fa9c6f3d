import fc from 'fast-check';

import type { EventSpec, FieldSpec, ItemSpec } from '@ppapi/spec';
import { DELIVERY_ID_PREFIX, type Envelope } from './wire';

// Generators follow the catalogue's conventions: ids UUID strings, dates YYYY-MM-DD, timestamps ISO 8601,
// amounts numbers. Free text is any Unicode, so receivers see multi-byte UTF-8 in every run.

const MIN_DATE = new Date(Date.UTC(2000, 0, 1));
const MAX_DATE = new Date(Date.UTC(2040, 11, 31));

const instant = (): fc.Arbitrary<Date> => fc.date({ min: MIN_DATE, max: MAX_DATE, noInvalidDate: true });
export const dateArbitrary = (): fc.Arbitrary<string> => instant().map((d) => d.toISOString().slice(0, 10));
export const timestampArbitrary = (): fc.Arbitrary<string> => instant().map((d) => d.toISOString());
const word = (): fc.Arbitrary<string> => fc.stringMatching(/^[a-z][a-z0-9]{1,11}$/);
const email = (): fc.Arbitrary<string> =>
  fc.tuple(word(), word()).map(([local, domain]) => `${local}@${domain}.example`);
const url = (): fc.Arbitrary<string> =>
  fc.tuple(word(), word()).map(([host, path]) => `https://${host}.example/${path}.pdf`);
const text = (): fc.Arbitrary<string> => fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });

function stringArbitrary(name: string, values: readonly string[] | undefined): fc.Arbitrary<string> {
  if (values && values.length > 0) return fc.constantFrom(...values);
  if (/email$/.test(name)) return email();
  if (/_url$/.test(name)) return url();
  return text();
}

function valueArbitrary(name: string, spec: ItemSpec): fc.Arbitrary<unknown> {
  switch (spec.type) {
    case 'string':
      return stringArbitrary(name, spec.values);
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date':
      return dateArbitrary();
    case 'timestamp':
      return timestampArbitrary();
    case 'number':
      // Amounts in pence/cents, as money usually is: two decimals at most.
      return fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100);
    case 'integer':
      return fc.integer({ min: 0, max: 3650 });
    case 'boolean':
      return fc.boolean();
    case 'object':
      return objectArbitrary(spec.fields ?? []);
    case 'array':
      // Arrays nested in arrays do not occur in the catalogue; strings keep this total.
      return fc.array(text(), { maxLength: 3 });
  }
}

function fieldArbitrary(field: FieldSpec): fc.Arbitrary<unknown> {
  // An array whose element the spec leaves open (`warnings`) gets strings.
  const base =
    field.type === 'array'
      ? fc.array(valueArbitrary(field.name, field.items ?? { type: 'string' }), { maxLength: 3 })
      : valueArbitrary(field.name, field);
  return field.nullable ? fc.option(base, { nil: null, freq: 3 }) : base;
}

function objectArbitrary(fields: readonly FieldSpec[]): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fields) model[field.name] = fieldArbitrary(field);
  return fc.record(model);
}

/** The `data` object of one event type, with exactly the catalogue's fields in the catalogue's order. */
export function dataArbitrary(spec: EventSpec): fc.Arbitrary<Record<string, unknown>> {
  return objectArbitrary(spec.fields);
}

/** A whole envelope for one event type and landlord. */
export function envelopeArbitrary(spec: EventSpec, landlordId: string): fc.Arbitrary<Envelope> {
  return fc
    .record({ uuid: fc.uuid({ version: 4 }), createdAt: timestampArbitrary(), data: dataArbitrary(spec) })
    .map(({ uuid, createdAt, data }) => ({
      id: `${DELIVERY_ID_PREFIX}${uuid}`,
      event: spec.event,
      created_at: createdAt,
      landlord_id: landlordId,
      data,
    }));
}
