import type { VerifyFailureReason } from '@ppapi/spec';

import { hmacSha256 } from './sign';
import { SIGNATURE_PATTERN, SIGNATURE_PREFIX } from './signature-header';
import { timingSafeEqual } from './timing-safe-equal';

/** Why a delivery could not be verified (defined with the signature vectors). Stable strings: receivers log them and tests assert them. */
export type { VerifyFailureReason };

export type VerifyResult = { readonly ok: true } | { readonly ok: false; readonly reason: VerifyFailureReason };

/**
 * Verifies `X-Service-Signature-256` against the raw request body.
 *
 * - `missing`: no header, or an empty one.
 * - `malformed`: anything but `sha256=` and exactly 64 hex characters (wrong prefix, 63 or 65 characters, non-hex).
 * - `mismatch`: well formed, but not the HMAC of these bytes under this secret.
 *
 * Pass the body exactly as received: re-serialised JSON (other whitespace or key order) has other bytes.
 */
export function verifySignature(
  rawBody: string | Uint8Array,
  header: string | undefined | null,
  secret: string,
): VerifyResult {
  if (header === undefined || header === null || header === '') return { ok: false, reason: 'missing' };
  if (!SIGNATURE_PATTERN.test(header)) return { ok: false, reason: 'malformed' };
  // Decoding the hex to bytes makes the comparison case-insensitive without string juggling.
  const claimed = Buffer.from(header.slice(SIGNATURE_PREFIX.length), 'hex');
  const expected = hmacSha256(secret, rawBody);
  return timingSafeEqual(claimed, expected) ? { ok: true } : { ok: false, reason: 'mismatch' };
}

/** Secret rotation: a delivery verifies if any of the secrets signed it. */
export function verifySignatureWithAny(
  rawBody: string | Uint8Array,
  header: string | undefined | null,
  secrets: readonly string[],
): VerifyResult {
  if (secrets.length === 0) throw new TypeError('at least one webhook signing secret is required');
  let result: VerifyResult = { ok: false, reason: 'mismatch' };
  for (const secret of secrets) {
    result = verifySignature(rawBody, header, secret);
    // missing/malformed do not depend on the secret: no point trying the others.
    if (result.ok || result.reason !== 'mismatch') return result;
  }
  return result;
}
