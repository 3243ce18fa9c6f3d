import { createHmac } from 'node:crypto';

import { SIGNATURE_PREFIX } from './signature-header';

/** HMAC-SHA256 of the exact bytes; a string is taken as UTF-8, which is how it travels on the wire. */
export function hmacSha256(secret: string, rawBody: string | Uint8Array): Buffer {
  assertSecret(secret);
  return createHmac('sha256', secret).update(rawBody).digest();
}

/** The `X-Service-Signature-256` value for a body: `sha256=` + 64 lowercase hex characters. */
export function sign(secret: string, rawBody: string | Uint8Array): string {
  return SIGNATURE_PREFIX + hmacSha256(secret, rawBody).toString('hex');
}

// An empty secret is a caller's mistake, not a verification failure: fail loudly (standard-webhooks does the same).
function assertSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError('webhook signing secret must be a non-empty string');
  }
}
