import { createHmac } from 'node:crypto';

import { signatureVectors } from '@ppapi/spec';
import { malformedSignatureShapes } from '../tools/malformed-signature-shapes';

// Recomputes the fixture independently of src/verify, so a bug there cannot hide behind a matching bug here.
const hmacHex = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('hex');

describe('spec-data/webhook-signature-vectors.json', () => {
  test("contains GitHub's published example and it computes", () => {
    const github = signatureVectors.positive.find((v) => v.name === 'github-docs-example');
    expect(github).toMatchObject({
      secret: "It's a Secret to Everybody",
      body: 'Hello, World!',
      header: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    });
    expect(`sha256=${hmacHex("It's a Secret to Everybody", 'Hello, World!')}`).toBe(github?.header);
  });

  test.each(signatureVectors.positive.map((v) => [v.name, v] as const))(
    'positive vector %s: header is the HMAC of the body (hex case aside)',
    (_name, vector) => {
      expect(vector.header).toMatch(/^sha256=[0-9a-fA-F]{64}$/);
      expect(vector.header.slice(7).toLowerCase()).toBe(hmacHex(vector.secret, vector.body));
    },
  );

  test('positive vectors include uppercase hex, a unicode body and an envelope', () => {
    const names = signatureVectors.positive.map((v) => v.name);
    expect(names).toEqual(
      expect.arrayContaining(['github-docs-example', 'uppercase-hex', 'unicode-body', 'envelope-compact-json']),
    );
    const upper = signatureVectors.positive.find((v) => v.name === 'uppercase-hex');
    expect(upper?.header.slice(7)).toBe(upper?.header.slice(7).toUpperCase());
    expect(signatureVectors.positive.find((v) => v.name === 'unicode-body')?.body).toMatch(/[^\u0000-\u007f]/);
  });

  test('negative vectors cover every failure shape the brief lists', () => {
    expect(signatureVectors.negative.map((v) => v.name)).toEqual(
      expect.arrayContaining([
        'wrong-secret',
        'body-changed-one-byte',
        'reserialised-json-whitespace',
        'reserialised-json-key-order',
        'truncated-hex',
        'too-long-hex',
        'non-hex-character',
        'missing-prefix',
        'sha1-prefix',
        'empty-header',
        'missing-header',
      ]),
    );
  });

  test('mismatch vectors are well formed and do not match their body', () => {
    for (const vector of signatureVectors.negative.filter((v) => v.reason === 'mismatch')) {
      expect(vector.header).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(vector.header?.slice(7)).not.toBe(hmacHex(vector.secret, vector.body));
    }
  });

  test('re-serialised vectors hold the same data as a correctly signed body', () => {
    const signed = signatureVectors.positive.find((v) => v.name === 'envelope-compact-json');
    for (const name of ['reserialised-json-whitespace', 'reserialised-json-key-order']) {
      const vector = signatureVectors.negative.find((v) => v.name === name);
      expect(JSON.parse(vector?.body ?? 'null')).toEqual(JSON.parse(signed?.body ?? ''));
      expect(vector?.header).toBe(signed?.header);
    }
  });

  test('malformed vectors are the table shapes applied to a correct signature', () => {
    for (const shape of malformedSignatureShapes) {
      const vector = signatureVectors.negative.find((v) => v.name === shape.name);
      expect(vector?.reason).toBe(shape.reason);
      if (!vector) continue;
      const header = `sha256=${hmacHex(vector.secret, vector.body)}`;
      expect(shape.make({ secret: vector.secret, body: vector.body, header })).toBe(vector.header);
    }
  });

  test('vector names are unique', () => {
    const names = [...signatureVectors.positive, ...signatureVectors.negative].map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
