import { timingSafeEqual as cryptoTimingSafeEqual } from 'node:crypto';

/**
 * Constant-time comparison of two byte strings.
 *
 * node's timingSafeEqual throws when the lengths differ; the lengths compared here are public (a SHA-256
 * digest is always 32 bytes), so answering `false` early on a length mismatch leaks nothing secret.
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  return cryptoTimingSafeEqual(a, b);
}
