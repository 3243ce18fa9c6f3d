// gzipSplice (src/platform/http/gzip-splice.ts): a head compressed per answer spliced before a tail compressed once
// is one gzip member whose bytes are head then tail, whatever the two parts hold; the CRC-32 of the whole is
// combined from the parts' (fast-check against zlib's own CRC of the concatenation).
import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { crc32Combine, deflatedOnce, deflatePart, gzipSplice } from '../src/platform/http/gzip-splice';

// Repetitive text (back-references), random bytes (stored blocks) and the empty part.
const part = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }).map((bytes) => Buffer.from(bytes)),
  fc
    .tuple(fc.string({ maxLength: 40 }), fc.integer({ min: 0, max: 400 }))
    .map(([unit, times]) => Buffer.from(unit.repeat(times))),
);

describe('gzipSplice', () => {
  it('gunzips to the head followed by the tail (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(part, part, async (head, tail) => {
        const body = Buffer.concat(gzipSplice(head, await deflatePart(tail)));
        expect(gunzipSync(body).equals(Buffer.concat([head, tail]))).toBe(true);
      }),
      { numRuns: 200, seed: 20261128 },
    );
  });

  it('splices a tail of a megabyte and more, compressed once, after many heads', async () => {
    const tail = Buffer.from(
      Array.from({ length: 30_000 }, (_, i) => `{"id":${i},"name":"Unit ${i % 977}","items":[]}`).join(','),
    );
    const deflated = await deflatePart(tail);
    expect(deflated.deflated.length).toBeLessThan(tail.length / 5);
    for (const head of ['{"data":{"generatedAt":"2026-11-28T09:00:00.000Z",', '', 'x'.repeat(70_000)]) {
      const whole = gunzipSync(Buffer.concat(gzipSplice(Buffer.from(head), deflated)));
      expect(whole.toString()).toBe(head + tail.toString());
    }
  });
});

describe('deflatedOnce', () => {
  it('compresses a body once for every answer sending it, and another body apart', async () => {
    const [body, other] = [Buffer.from('kept summary '.repeat(50)), Buffer.from('kept summary '.repeat(50))];
    const first = deflatedOnce(body);
    expect(deflatedOnce(body)).toBe(first);
    expect(deflatedOnce(other)).not.toBe(first);
    expect(gunzipSync(Buffer.concat(gzipSplice(Buffer.from('{'), await first))).toString()).toBe(`{${body.toString()}`);
  });
});

describe('crc32Combine', () => {
  it('is the CRC-32 of the concatenation (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.uint8Array({ maxLength: 600 }), (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });

  it('combines past lengths over 2^16 and 2^24 (every bit of the shift)', () => {
    for (const length of [65_536, 70_001, 16_777_217]) {
      const [a, b] = [Buffer.from('head'), Buffer.alloc(length, 0x5a)];
      expect(crc32Combine(crc32(a), crc32(b), length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});
