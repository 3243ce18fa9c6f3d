// fixtures/webhook-signature-vectors.json, typed. Integrators read the same file from their own test suites.
import vectorsJson from '../../../fixtures/webhook-signature-vectors.json';

import type { VerifyFailureReason } from '../verify';

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

const REASONS: readonly VerifyFailureReason[] = ['missing', 'malformed', 'mismatch'];

export const signatureVectors: SignatureVectors = parseVectors(vectorsJson);

export function parseVectors(input: unknown): SignatureVectors {
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
      const reason = REASONS.find((r) => r === v.reason);
      if (!reason) throw new Error(`negative[${i}].reason: expected one of ${REASONS.join(', ')}`);
      if (v.header !== null && typeof v.header !== 'string') throw new Error(`negative[${i}].header: expected a string or null`);
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
