// The delivery envelope (spec: Events > Envelope) and the header/body consistency rules (Events > Request).

export const DELIVERY_ID_PREFIX = 'evt_';

export interface Envelope {
  readonly id: string;
  readonly event: string;
  readonly created_at: string;
  readonly landlord_id: string;
  readonly data: Readonly<Record<string, unknown>>;
  /** Present (true) on test deliveries only. */
  readonly _test?: boolean;
  readonly [extra: string]: unknown;
}

export type ParsedEnvelope =
  { readonly ok: true; readonly envelope: Envelope } | { readonly ok: false; readonly problem: string };

/**
 * Parses a raw body into an envelope. Deliberately lenient beyond `id` and `event` (the two fields a receiver
 * needs to route and de-duplicate): a receiver should not reject a delivery because the sender added a field.
 */
export function parseEnvelope(rawBody: string): ParsedEnvelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { ok: false, problem: 'body is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, problem: 'body is not a JSON object' };
  const o = parsed as Record<string, unknown>;
  if (typeof o.id !== 'string' || !o.id.startsWith(DELIVERY_ID_PREFIX))
    return { ok: false, problem: 'id is not a string starting with evt_' };
  if (typeof o.event !== 'string' || o.event === '') return { ok: false, problem: 'event is not a non-empty string' };
  return { ok: true, envelope: o as Envelope };
}

/** `X-Service-Delivery` carries the id without its `evt_` prefix. */
export function deliveryHeaderValue(id: string): string {
  return id.startsWith(DELIVERY_ID_PREFIX) ? id.slice(DELIVERY_ID_PREFIX.length) : id;
}

/** Accepts an id with or without `evt_`, so callers can use either the envelope id or the header value. */
export function normaliseDeliveryId(id: string): string {
  return id.startsWith(DELIVERY_ID_PREFIX) ? id : DELIVERY_ID_PREFIX + id;
}

/** Problems with X-Service-Event / X-Service-Delivery against the body; empty when consistent. */
export function deliveryHeaderProblems(
  envelope: Envelope,
  eventHeader: string | undefined,
  deliveryHeader: string | undefined,
): string[] {
  const problems: string[] = [];
  if (eventHeader !== envelope.event)
    problems.push(
      `X-Service-Event is ${JSON.stringify(eventHeader ?? null)}, body event is ${JSON.stringify(envelope.event)}`,
    );
  const expected = deliveryHeaderValue(envelope.id);
  if (deliveryHeader !== expected)
    problems.push(
      `X-Service-Delivery is ${JSON.stringify(deliveryHeader ?? null)}, expected ${JSON.stringify(expected)} (body id without evt_)`,
    );
  return problems;
}

export function isTestDelivery(envelope: Envelope): boolean {
  return envelope._test === true;
}
