import { createHmac } from 'node:crypto';

/** Why a verifier refuses a header before computing anything: it is missing/empty, or not sha256= and 64 hex. */
export type MalformedReason = 'missing' | 'malformed';

/**
 * Headers a correct verifier must reject without even computing the HMAC. The same table produces the
 * negative vectors in spec-data/webhook-signature-vectors.json and the tester's malformed-signature checks.
 */
export interface MalformedSignatureShape {
  readonly name: string;
  readonly description: string;
  readonly reason: MalformedReason;
  /** From a correctly signed delivery, the header to send instead; null means send no header at all. */
  readonly make: (signed: { readonly secret: string; readonly body: string; readonly header: string }) => string | null;
}

const hex = (header: string): string => header.slice('sha256='.length);

export const malformedSignatureShapes: readonly MalformedSignatureShape[] = [
  {
    name: 'truncated-hex',
    description: '63 hex characters (the last one cut off)',
    reason: 'malformed',
    make: ({ header }) => header.slice(0, -1),
  },
  {
    name: 'too-long-hex',
    description: '65 hex characters (one appended)',
    reason: 'malformed',
    make: ({ header }) => `${header}0`,
  },
  {
    name: 'non-hex-character',
    description: "64 characters, the last one 'g'",
    reason: 'malformed',
    make: ({ header }) => `${header.slice(0, -1)}g`,
  },
  {
    name: 'missing-prefix',
    description: 'the 64 hex characters without "sha256="',
    reason: 'malformed',
    make: ({ header }) => hex(header),
  },
  {
    name: 'sha1-prefix',
    description: 'GitHub\'s legacy "sha1=" form (HMAC-SHA1 of the body)',
    reason: 'malformed',
    make: ({ secret, body }) => `sha1=${createHmac('sha1', secret).update(body, 'utf8').digest('hex')}`,
  },
  {
    name: 'uppercase-prefix',
    description: '"SHA256=": the prefix is lowercase',
    reason: 'malformed',
    make: ({ header }) => `SHA256=${hex(header)}`,
  },
  {
    name: 'two-signatures',
    description: 'the valid signature followed by a comma and a second one',
    reason: 'malformed',
    make: ({ header }) => `${header},${header}`,
  },
  { name: 'empty-header', description: 'header present with an empty value', reason: 'missing', make: () => '' },
  { name: 'missing-header', description: 'no X-Service-Signature-256 header', reason: 'missing', make: () => null },
];
