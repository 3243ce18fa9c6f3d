// The delivery wire format, as the spec writes it (Events > Request), in the suite's own code: the receiver
// tester signs and shapes deliveries itself and never borrows the logic of the receiver it tests.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature-256';
export const EVENT_HEADER = 'X-Service-Event';
export const DELIVERY_HEADER = 'X-Service-Delivery';
export const SIGNATURE_PREFIX = 'sha256=';
export const DELIVERY_ID_PREFIX = 'evt_';

export interface Envelope {
  readonly id: string;
  readonly event: string;
  readonly created_at: string;
  readonly landlord_id: string;
  readonly data: Readonly<Record<string, unknown>>;
  /** Present (true) on test deliveries only. */
  readonly _test?: true;
}

/** `sha256=` + the lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the subscription's secret. */
export function sign(secret: string, rawBody: string): string {
  return SIGNATURE_PREFIX + createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** `X-Service-Delivery` carries the id without its `evt_` prefix. */
export function deliveryHeaderValue(id: string): string {
  return id.startsWith(DELIVERY_ID_PREFIX) ? id.slice(DELIVERY_ID_PREFIX.length) : id;
}
