// A gzip body (RFC 1952) made of a small part that changes per answer and a large one compressed once. Compressing a
// 29 MB body for each request that accepts gzip cost about 350 ms of CPU (the compliance summary at 50,000
// properties); splicing costs the compression of the small part.
//
// A DEFLATE stream (RFC 1951) may be split at a block boundary: the small part is compressed with a sync flush (its
// blocks end on a byte boundary, none marked final), and the large part's own stream, compressed once from an empty
// window and ending in the final block, follows it; the large part's back-references reach only into itself. The
// gzip trailer's CRC-32 of the whole is combined from the two parts' CRCs (zlib's crc32_combine), so the large
// part is never read again.
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { promisify } from 'node:util';

const deflateRawAsync = promisify(deflateRaw);

/** A part compressed once: its DEFLATE stream (ending in the final block), the CRC-32 and length of its bytes. */
export interface DeflatedPart {
  readonly deflated: Buffer;
  readonly crc: number;
  readonly length: number;
}

/** Compresses `body` (on libuv's thread pool, not the event loop). */
export async function deflatePart(body: Buffer): Promise<DeflatedPart> {
  return { deflated: await deflateRawAsync(body), crc: crc32(body), length: body.length };
}

// Each body's compressed part, for as long as the body itself lives; callers asking while it is being compressed
// share that compression.
const deflatedBodies = new WeakMap<Buffer, Promise<DeflatedPart>>();

/** `body` compressed once, however many answers send it. */
export function deflatedOnce(body: Buffer): Promise<DeflatedPart> {
  let deflated = deflatedBodies.get(body);
  if (!deflated) {
    deflated = deflatePart(body);
    deflatedBodies.set(body, deflated);
    // A failure is not kept: the next answer tries again.
    deflated.catch(() => deflatedBodies.delete(body));
  }
  return deflated;
}

// Member header: magic, DEFLATE, no flags, no modification time, no extra flags, OS unknown (RFC 1952 2.3).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The gzip body of `head` followed by `tail`'s bytes, as buffers to send in order. */
export function gzipSplice(head: Buffer, tail: DeflatedPart): Buffer[] {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32Combine(crc32(head), tail.crc, tail.length), 0);
  // ISIZE: the uncompressed length modulo 2^32.
  trailer.writeUInt32LE((head.length + tail.length) % 2 ** 32, 4);
  return [
    Buffer.concat([GZIP_HEADER, deflateRawSync(head, { finishFlush: constants.Z_SYNC_FLUSH })]),
    tail.deflated,
    trailer,
  ];
}

// CRC-32 arithmetic over GF(2), reflected, as zlib's crc32.c: polynomials are 32-bit words, x^0 in the top bit.
const POLY = 0xedb88320;

/** a(x) * b(x) modulo the CRC polynomial. */
function multModP(a: number, b: number): number {
  let product = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if (a & m) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

// X2N[k] = x^(2^k) modulo the polynomial.
const X2N: readonly number[] = (() => {
  const table = [0x40000000]; // x^1
  for (let k = 1; k < 32; k += 1) table.push(multModP(table[k - 1], table[k - 1]));
  return table;
})();

/** x^(8 * bytes) modulo the polynomial: the shift of a CRC past `bytes` zero bytes. */
function shiftOf(bytes: number): number {
  let p = 0x80000000; // x^0
  let n = bytes;
  // 8 * bytes = sum of 2^(k + 3) over the set bits k of bytes.
  for (let k = 3; n > 0; n = Math.floor(n / 2), k += 1) if (n % 2 === 1) p = multModP(X2N[k % 32], p);
  return p;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(shiftOf(lengthB), crcA) ^ crcB) >>> 0;
}
