import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { VERIFY_FAILURE_REASONS, signatureVectors, type SignatureVectors } from '../signature-vectors';

const raw: unknown = JSON.parse(readFileSync(join(__dirname, '..', 'webhook-signature-vectors.json'), 'utf8'));

describe('spec-data/webhook-signature-vectors.json', () => {
  test('every vector has the typed shape (strings, header null only on negatives, a known reason)', () => {
    expect(parseVectors(raw)).toEqual({ positive: signatureVectors.positive, negative: signatureVectors.negative });
  });

  test('a vector with an unknown reason or a missing field is refused by the shape check', () => {
    expect(() =>
      parseVectors({
        positive: [],
        negative: [{ name: 'n', description: 'd', secret: 's', body: 'b', header: null, reason: 'other' }],
      }),
    ).toThrow(/reason/);
    expect(() => parseVectors({ positive: [{ name: 'n' }], negative: [] })).toThrow(/description/);
  });
});

function parseVectors(input: unknown): SignatureVectors {
  const o = record(input, 'vectors');
  const list = (key: string): Record<string, unknown>[] => {
    const value = o[key];
    if (!Array.isArray(value)) throw new Error(`vectors.${key}: expected an array`);
    return value.map((v: unknown, i) => record(v, `vectors.${key}[${i}]`));
  };
  return {
    positive: list('positive').map((v, i) => ({
      name: text(v.name, `positive[${i}].name`),
      description: text(v.description, `positive[${i}].description`),
      secret: text(v.secret, `positive[${i}].secret`),
      body: text(v.body, `positive[${i}].body`),
      header: text(v.header, `positive[${i}].header`),
    })),
    negative: list('negative').map((v, i) => {
      const reason = VERIFY_FAILURE_REASONS.find((r) => r === v.reason);
      if (!reason) throw new Error(`negative[${i}].reason: expected one of ${VERIFY_FAILURE_REASONS.join(', ')}`);
      if (v.header !== null && typeof v.header !== 'string')
        throw new Error(`negative[${i}].header: expected a string or null`);
      return {
        name: text(v.name, `negative[${i}].name`),
        description: text(v.description, `negative[${i}].description`),
        secret: text(v.secret, `negative[${i}].secret`),
        body: text(v.body, `negative[${i}].body`),
        header: v.header,
        reason,
      };
    }),
  };
}

function record(input: unknown, at: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error(`${at}: expected an object`);
  return input as Record<string, unknown>;
}

function text(input: unknown, at: string): string {
  if (typeof input !== 'string') throw new Error(`${at}: expected a string`);
  return input;
}
