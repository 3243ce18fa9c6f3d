// Delivery signing: `X-Service-Signature-256: sha256=<hex HMAC-SHA256 of the exact raw body>` keyed with the
// subscription's secret. The server's own code, independent of the webhook-receiver package.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature-256';
export const EVENT_HEADER = 'X-Service-Event';
export const DELIVERY_HEADER = 'X-Service-Delivery';

/** `sha256=` followed by 64 lowercase hex characters. */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The request headers of one delivery of `body` (the exact bytes that will be sent). */
export function deliveryHeaders(input: {
  body: string;
  secret: string;
  eventType: string;
  eventUuid: string;
}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'PropertyPortfolio-Webhooks/1.0',
    [SIGNATURE_HEADER]: signBody(input.secret, input.body),
    [EVENT_HEADER]: input.eventType,
    [DELIVERY_HEADER]: input.eventUuid,
  };
}
