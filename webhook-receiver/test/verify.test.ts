import fc from 'fast-check';

import { signatureVectors } from '@ppapi/spec';
import { sign, timingSafeEqual, verifySignature, verifySignatureWithAny } from '../src/verify';
import { loadOctokit } from './octokit';

const SECRET = "It's a Secret to Everybody";
const BODY = 'Hello, World!';
const GOOD = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

describe('sign', () => {
  test("produces GitHub's published example", () => {
    expect(sign(SECRET, BODY)).toBe(GOOD);
  });

  test('signs a Buffer and its UTF-8 string alike', () => {
    const body = '{"note":"Grüße 🏠"}';
    expect(sign('s', Buffer.from(body, 'utf8'))).toBe(sign('s', body));
  });

  test('empty secret throws', () => {
    expect(() => sign('', BODY)).toThrow(TypeError);
  });
});

describe('verifySignature', () => {
  test('valid signature is accepted', () => {
    expect(verifySignature(BODY, GOOD, SECRET)).toEqual({ ok: true });
  });

  test('Buffer body is accepted', () => {
    expect(verifySignature(Buffer.from(BODY), GOOD, SECRET)).toEqual({ ok: true });
  });

  test('uppercase hex is accepted', () => {
    expect(verifySignature(BODY, `sha256=${GOOD.slice(7).toUpperCase()}`, SECRET)).toEqual({ ok: true });
  });

  test('missing header is rejected as missing', () => {
    expect(verifySignature(BODY, undefined, SECRET)).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignature(BODY, null, SECRET)).toEqual({ ok: false, reason: 'missing' });
  });

  test('empty header is rejected as missing', () => {
    expect(verifySignature(BODY, '', SECRET)).toEqual({ ok: false, reason: 'missing' });
  });

  test('63 hex characters is malformed', () => {
    expect(verifySignature(BODY, GOOD.slice(0, -1), SECRET)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('65 hex characters is malformed', () => {
    expect(verifySignature(BODY, `${GOOD}7`, SECRET)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('non-hex character is malformed', () => {
    expect(verifySignature(BODY, `${GOOD.slice(0, -1)}z`, SECRET)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('missing sha256= prefix is malformed', () => {
    expect(verifySignature(BODY, GOOD.slice(7), SECRET)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('sha1= prefix is malformed', () => {
    expect(verifySignature(BODY, `sha1=${GOOD.slice(7)}`, SECRET)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('trailing newline after the hex is malformed', () => {
    expect(verifySignature(BODY, `${GOOD}\n`, SECRET)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('wrong secret is a mismatch', () => {
    expect(verifySignature(BODY, GOOD, 'another secret')).toEqual({ ok: false, reason: 'mismatch' });
  });

  test('body changed by one byte is a mismatch', () => {
    expect(verifySignature('Hello, World?', GOOD, SECRET)).toEqual({ ok: false, reason: 'mismatch' });
  });

  test('re-serialised JSON is a mismatch', () => {
    const compact = '{"a":1,"b":[1,2]}';
    const header = sign(SECRET, compact);
    expect(verifySignature(JSON.stringify(JSON.parse(compact), null, 2), header, SECRET)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  test('any of several secrets verifies (rotation)', () => {
    expect(verifySignatureWithAny(BODY, GOOD, ['old', SECRET])).toEqual({ ok: true });
    expect(verifySignatureWithAny(BODY, GOOD, ['old', 'older'])).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignatureWithAny(BODY, 'sha1=x', ['old', SECRET])).toEqual({ ok: false, reason: 'malformed' });
  });

  test('signed bodies verify and any other body does not (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme' }),
        (secret, body, other) => {
          const header = sign(secret, body);
          expect(verifySignature(body, header, secret)).toEqual({ ok: true });
          expect(verifySignature(body, header.toUpperCase().replace('SHA256=', 'sha256='), secret)).toEqual({
            ok: true,
          });
          if (Buffer.compare(Buffer.from(other), Buffer.from(body)) !== 0)
            expect(verifySignature(other, header, secret)).toEqual({ ok: false, reason: 'mismatch' });
        },
      ),
    );
  });
});

describe('timingSafeEqual', () => {
  test('equal bytes are equal', () => {
    expect(timingSafeEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
  });

  test('different bytes of equal length are unequal', () => {
    expect(timingSafeEqual(Buffer.from('abc'), Buffer.from('abd'))).toBe(false);
  });

  test('different lengths are unequal without throwing', () => {
    expect(timingSafeEqual(Buffer.from('abc'), Buffer.from('abcd'))).toBe(false);
  });
});

describe('signature vectors', () => {
  test.each(signatureVectors.positive.map((v) => [v.name, v] as const))('positive %s verifies', (_name, vector) => {
    expect(verifySignature(vector.body, vector.header, vector.secret)).toEqual({ ok: true });
  });

  test.each(signatureVectors.negative.map((v) => [v.name, v] as const))(
    'negative %s is rejected with its reason',
    (_name, vector) => {
      expect(verifySignature(vector.body, vector.header, vector.secret)).toEqual({ ok: false, reason: vector.reason });
    },
  );
});

// @octokit/webhooks-methods implements GitHub's identical scheme; it is an outside witness for ours.
describe('cross-check with @octokit/webhooks-methods', () => {
  test('octokit sign agrees with ours on every vector body', async () => {
    const octokit = await loadOctokit();
    for (const vector of [...signatureVectors.positive, ...signatureVectors.negative]) {
      expect(await octokit.sign(vector.secret, vector.body)).toBe(sign(vector.secret, vector.body));
    }
  });

  test('octokit verify accepts every positive vector once the hex is lowercased (it compares case-sensitively)', async () => {
    const octokit = await loadOctokit();
    for (const vector of signatureVectors.positive) {
      expect(await octokit.verify(vector.secret, vector.body, `sha256=${vector.header.slice(7).toLowerCase()}`)).toBe(
        true,
      );
    }
  });

  test('octokit verify rejects every negative vector that has a header', async () => {
    const octokit = await loadOctokit();
    for (const vector of signatureVectors.negative) {
      if (!vector.header) continue; // octokit throws on an absent or empty signature instead of answering false
      expect({ name: vector.name, accepted: await octokit.verify(vector.secret, vector.body, vector.header) }).toEqual({
        name: vector.name,
        accepted: false,
      });
    }
  });

  test('octokit and we agree on generated bodies and secrets (property)', async () => {
    const octokit = await loadOctokit();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }),
        fc.string({ unit: 'grapheme', minLength: 1 }),
        async (secret, body) => {
          const ours = sign(secret, body);
          expect(await octokit.sign(secret, body)).toBe(ours);
          expect(await octokit.verify(secret, body, ours)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
