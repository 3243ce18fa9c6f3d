// webhook-signature-vectors.json with its types. Integrators read the same file from their own test suites;
// test/signature-vectors.test.ts holds the JSON to these types.
import vectorsJson from './webhook-signature-vectors.json';

/** Why a signature does not verify: no header, a header not of the form sha256=<64 hex>, or a wrong HMAC. */
export type VerifyFailureReason = 'missing' | 'malformed' | 'mismatch';

export interface PositiveVector {
  readonly name: string;
  readonly description: string;
  readonly secret: string;
  /** The exact raw body; its UTF-8 bytes are what was signed. */
  readonly body: string;
  readonly header: string;
}

export interface NegativeVector {
  readonly name: string;
  readonly description: string;
  readonly secret: string;
  readonly body: string;
  /** null: the header is absent. */
  readonly header: string | null;
  /** What verifySignature answers; other verifiers only need to reject. */
  readonly reason: VerifyFailureReason;
}

export interface SignatureVectors {
  readonly positive: readonly PositiveVector[];
  readonly negative: readonly NegativeVector[];
}

export const VERIFY_FAILURE_REASONS: readonly VerifyFailureReason[] = ['missing', 'malformed', 'mismatch'];

/** JSON cannot carry the literal union of `reason`; the shape test proves every vector matches. */
export const signatureVectors = vectorsJson as SignatureVectors;
