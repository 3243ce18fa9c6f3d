// The wire format of the signature header, in one place so the signer, the verifier, the mock receiver
// and the tester cannot drift apart.

export const SIGNATURE_HEADER = 'X-Service-Signature-256';
export const EVENT_HEADER = 'X-Service-Event';
export const DELIVERY_HEADER = 'X-Service-Delivery';

export const SIGNATURE_PREFIX = 'sha256=';

/** Spec (Events > Request): `sha256=` followed by exactly 64 hex characters, either case. */
export const SIGNATURE_PATTERN = /^sha256=[0-9a-fA-F]{64}$/;
