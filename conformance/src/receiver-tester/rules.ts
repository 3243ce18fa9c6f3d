// Spec rule ids the receiver checks cite (conformance/src/rules/sections/events.ts); the registry test holds
// them to the catalogue like every other check's.

export const RULES = {
  /** Envelope: `id` is a string `evt_<uuid>`. */
  envelopeIdFormat: 'EVT-ENV-1',
  /** Envelope: `id` is stable per event; use it as the idempotency key. */
  envelopeIdempotencyKey: 'EVT-ENV-2',
  /** Envelope: `_test` is true at top level and inside `data` on test deliveries only. */
  envelopeTest: 'EVT-ENV-7',
  /** Request: X-Service-Signature-256 is `sha256=` followed by 64 hex characters. */
  signatureFormat: 'EVT-REQ-3',
  /** Request: X-Service-Signature-256 is the HMAC-SHA256 of the raw body keyed with the signing secret. */
  signatureHmac: 'EVT-REQ-4',
  /** Verification: compute the HMAC over the raw body, before any re-parsing. */
  verifyRawBody: 'EVT-VERIFY-1',
  /** Verification: compare with the header value, hex case-insensitive. */
  verifyHexCase: 'EVT-VERIFY-2',
  /** Verification: timing-safe comparison (not observable from outside; the vectors cover our verifier). */
  verifyTimingSafe: 'EVT-VERIFY-3',
  /** Verification: reject a header that is not 64 hex characters after the prefix. */
  verifyFormat: 'EVT-VERIFY-4',
  /** Delivery: 10-second timeout per call; any 2xx is success. */
  deliveryTimeout: 'EVT-DELIVERY-1',
  /** Delivery: non-2xx, timeout or network error is retried, 3 attempts in all. */
  deliveryRetries: 'EVT-DELIVERY-2',
  /** Delivery: retries reuse the same id; several subscriptions get the same id. */
  deliverySameId: 'EVT-DELIVERY-3',
  /** Delivery: receivers answer 2xx quickly, verify first (401), de-duplicate on id (>= 24 h), treat _test as a test. */
  receiverDuties: 'EVT-DELIVERY-5',
} as const;

/** One rule per Event catalog row. */
export function catalogueRule(event: string): string {
  return `EVT-CAT-${event}`;
}
