// What every delivery must look like (Events > Envelope, Request, Event catalog), checked on the attempt as the
// receiver recorded it: the raw body as received (the signature is computed over those bytes), the headers, the
// envelope and the `data` fields of the catalogue (spec-data/event-catalogue.json, as webhook-receiver/ loads it).

import { createHmac, timingSafeEqual } from 'node:crypto';
import { eventCatalogue, type FieldSpec } from '@ppapi/spec';
import type { CheckContext } from '../../runner/check';
import { describeValue, oneLine } from '../../runner/describe';
import { isDateTime, isIsoDate } from '../shared/dates';
import { isRecord, UUID, type Json } from '../shared/util';
import { tagOf, type Attempt } from './mock-receiver-client';
import type { Subscription } from './setup';

export const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;
const EVENT_ID = /^evt_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const ENVELOPE_FIELDS = ['id', 'event', 'created_at', 'landlord_id', 'data'];

/** Whether `header` is the HMAC-SHA256 of the raw body keyed with `secret` (hex in either case). */
export function signedWith(attempt: Pick<Attempt, 'rawBody' | 'headers'>, secret: string): boolean {
  const match = SIGNATURE.exec(attempt.headers['x-service-signature-256'] ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(Buffer.from(attempt.rawBody, 'utf8')).digest();
  return timingSafeEqual(expected, Buffer.from(match[1].toLowerCase(), 'hex'));
}

/** The parsed body of an attempt (the receiver's envelope, or the raw body parsed here). */
export function bodyOf(attempt: Attempt): Json | undefined {
  if (isRecord(attempt.envelope)) return attempt.envelope;
  try {
    const parsed = JSON.parse(attempt.rawBody) as unknown;
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function dataOf(attempt: Attempt): Json | undefined {
  const data = bodyOf(attempt)?.data;
  return isRecord(data) ? data : undefined;
}

/** Attempts that reached the receiver through one subscription (its URL's tag). */
export function forSubscription(attempts: readonly Attempt[], sub: Pick<Subscription, 'tag'>): Attempt[] {
  return attempts.filter((a) => tagOf(a) === sub.tag);
}

/** Attempts of one subscription for `event` whose data field `field` is `value` (e.g. property_id = ours). */
export function about(
  attempts: readonly Attempt[],
  sub: Pick<Subscription, 'tag'>,
  event: string,
  field: string,
  value: string,
): Attempt[] {
  return forSubscription(attempts, sub).filter(
    (a) => (bodyOf(a)?.event ?? a.event) === event && dataOf(a)?.[field] === value,
  );
}

/** The distinct delivery ids among attempts (from the body, else X-Service-Delivery), first seen first. */
export function idsOf(attempts: readonly Attempt[]): string[] {
  const ids: string[] = [];
  for (const a of attempts) {
    const id = typeof bodyOf(a)?.id === 'string' ? (bodyOf(a)?.id as string) : a.id;
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export function idOf(attempt: Attempt): string | undefined {
  const id = bodyOf(attempt)?.id;
  return typeof id === 'string' ? id : undefined;
}

function typeProblem(field: FieldSpec, value: unknown): string | undefined {
  if (value === null) return field.nullable ? undefined : 'null (the catalogue does not mark it nullable)';
  switch (field.type) {
    case 'uuid':
    case 'string':
      return typeof value === 'string' ? undefined : `${describeValue(value)} (not a string)`;
    case 'date':
      return isIsoDate(value) ? undefined : `${describeValue(value)} (not a YYYY-MM-DD date)`;
    case 'timestamp':
      return isDateTime(value) ? undefined : `${describeValue(value)} (not an ISO 8601 timestamp)`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `${describeValue(value)} (not a number)`;
    case 'integer':
      return Number.isInteger(value) ? undefined : `${describeValue(value)} (not an integer)`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${describeValue(value)} (not a boolean)`;
    case 'object':
      return isRecord(value) ? undefined : `${describeValue(value)} (not an object)`;
    case 'array': {
      if (!Array.isArray(value)) return `${describeValue(value)} (not an array)`;
      const item = field.items;
      if (!item) return undefined;
      for (const [i, element] of value.entries()) {
        if (item.type === 'object') {
          if (!isRecord(element)) return `[${i}] ${describeValue(element)} (not an object)`;
          // Every listed member present; others allowed ("array of { register, value, unit }" lists, never closes).
          const names = (item.fields ?? []).map((f) => f.name);
          const keys = Object.keys(element);
          if (names.some((n) => !keys.includes(n)))
            return `[${i}] fields ${describeValue(keys)} (expected at least ${describeValue(names)})`;
          for (const f of item.fields ?? []) {
            const p = typeProblem(f, element[f.name]);
            if (p) return `[${i}].${f.name} ${p}`;
          }
        } else {
          const p = typeProblem({ name: `[${i}]`, type: item.type, nullable: false }, element);
          if (p) return `[${i}] ${p}`;
        }
      }
      return undefined;
    }
  }
}

/** Problems of `data` against the catalogue row of `event`: missing and extra fields, then value types. */
export function catalogueProblems(event: string, data: Json, test: boolean): { fields?: string; types: string[] } {
  const spec = eventCatalogue.find((e) => e.event === event);
  if (!spec) return { fields: `"${event}" is not a catalogue event type`, types: [] };
  // Every catalogue field present; members beyond them are the deployment's ("`data` | object | event-specific
  // fields" does not close the object), and `_test` in a real delivery is EVT-ENV-8's to judge.
  const names = spec.fields.map((f) => f.name);
  const keys = Object.keys(data).filter((k) => !(test && k === '_test'));
  const missing = names.filter((n) => !keys.includes(n));
  const fields = missing.length ? `missing ${missing.join(', ')}` : undefined;
  const types: string[] = [];
  for (const f of spec.fields) {
    if (!(f.name in data)) continue;
    const p = typeProblem(f, data[f.name]);
    if (p) types.push(`${f.name}: ${p}`);
  }
  return { ...(fields ? { fields } : {}), types };
}

export interface DeliveryExpectation {
  readonly event: string;
  readonly sub: Subscription;
  /** Dashboard test delivery (`_test: true` at top level and in data) or a real one (no `_test`). */
  readonly test: boolean;
  /** Secrets of the landlord's other subscriptions: the delivery must NOT verify with any of them. */
  readonly otherSecrets?: readonly string[];
}

function what(attempt: Attempt, event: string): string {
  return `the ${event} delivery ${idOf(attempt) ?? attempt.id ?? `#${attempt.seq}`}`;
}

/**
 * Every per-delivery rule on one attempt: POST, JSON, the signature (format, HMAC over the raw body with the
 * subscription's secret and with no other), the two other headers, the envelope, `_test`, and the catalogue's
 * `data` fields and value types. Returns the envelope.
 */
export function expectDelivery(ctx: CheckContext, attempt: Attempt, x: DeliveryExpectation): Json {
  const name = what(attempt, x.event);
  const check = (ok: boolean, rules: readonly string[], expected: string, got: () => string): void => {
    ctx.expect(ok, `${name}: ${expected}`, got, undefined, { rules });
  };
  check(attempt.method === 'POST', ['EVT-REQ-1'], 'method POST', () => attempt.method);
  const type = attempt.headers['content-type'] ?? '';
  check(/^application\/json\s*(;|$)/i.test(type), ['EVT-REQ-2'], 'Content-Type: application/json', () =>
    type ? `Content-Type: ${type}` : 'no Content-Type',
  );
  const signature = attempt.headers['x-service-signature-256'];
  check(
    signature !== undefined && SIGNATURE.test(signature),
    ['EVT-REQ-3'],
    'X-Service-Signature-256: sha256= followed by 64 hex characters',
    () =>
      signature === undefined
        ? 'no X-Service-Signature-256 header'
        : `X-Service-Signature-256: ${oneLine(signature, 90)}`,
  );
  check(
    signedWith(attempt, x.sub.secret),
    ['EVT-REQ-4', 'AUTH-9'],
    "X-Service-Signature-256 = HMAC-SHA256 of the raw body keyed with the subscription's own signing secret",
    () =>
      `${signature} does not match the ${Buffer.byteLength(attempt.rawBody)} bytes received (body ${oneLine(attempt.rawBody, 160)})`,
  );
  for (const other of x.otherSecrets ?? []) {
    check(
      !signedWith(attempt, other),
      ['AUTH-9'],
      "a signature that verifies with its own subscription's secret only",
      () => "it also verifies with another subscription's secret",
    );
  }

  const body = bodyOf(attempt);
  check(body !== undefined, ['EVT-ENV-6'], 'a JSON object body (the envelope)', () => oneLine(attempt.rawBody, 200));
  const envelope = body as Json;
  // Every field of the Envelope table present; members beyond them are the sender's (the table lists the fields of
  // every delivery and closes the envelope nowhere, as the catalogue does not close `data`). `_test` is judged below.
  const missing = ENVELOPE_FIELDS.filter((f) => !(f in envelope));
  check(
    missing.length === 0,
    ['EVT-ENV-1', 'EVT-ENV-3', 'EVT-ENV-4', 'EVT-ENV-5', 'EVT-ENV-6'],
    `envelope fields ${ENVELOPE_FIELDS.join(', ')} (and any others)`,
    () => `missing ${missing.join(', ')}: ${describeValue(Object.keys(envelope))}`,
  );
  const id = envelope.id;
  const idMatch = typeof id === 'string' ? EVENT_ID.exec(id) : null;
  check(idMatch !== null, ['EVT-ENV-1'], 'id "evt_<uuid>"', () => describeValue(id));
  check(envelope.event === x.event, ['EVT-ENV-3'], `event "${x.event}"`, () => describeValue(envelope.event));
  check(isDateTime(envelope.created_at), ['EVT-ENV-4'], 'created_at an ISO 8601 timestamp', () =>
    describeValue(envelope.created_at),
  );
  check(
    envelope.landlord_id === x.sub.landlordId,
    ['EVT-ENV-5'],
    `landlord_id the subscription's landlord "${x.sub.landlordId}"`,
    () => describeValue(envelope.landlord_id),
  );
  check(isRecord(envelope.data), ['EVT-ENV-6'], 'data an object', () => describeValue(envelope.data));
  const data = envelope.data as Json;

  const eventHeader = attempt.headers['x-service-event'];
  check(eventHeader === envelope.event, ['EVT-REQ-5'], 'X-Service-Event equal to the body\'s "event"', () =>
    eventHeader === undefined ? 'no X-Service-Event header' : `X-Service-Event: ${eventHeader}`,
  );
  const deliveryHeader = attempt.headers['x-service-delivery'];
  const uuid = idMatch?.[1];
  check(
    deliveryHeader !== undefined && UUID.test(deliveryHeader) && deliveryHeader.toLowerCase() === uuid?.toLowerCase(),
    ['EVT-REQ-6'],
    `X-Service-Delivery the uuid of id without evt_ (${uuid ?? '?'})`,
    () => (deliveryHeader === undefined ? 'no X-Service-Delivery header' : `X-Service-Delivery: ${deliveryHeader}`),
  );

  if (x.test) {
    check(
      envelope._test === true && data._test === true,
      ['EVT-ENV-7'],
      '_test: true at the top level and inside data (a dashboard test delivery)',
      () => `_test ${describeValue(envelope._test)}, data._test ${describeValue(data._test)}`,
    );
  } else {
    check(
      !('_test' in envelope) && !('_test' in data),
      ['EVT-ENV-8'],
      'no _test, at the top level or inside data (a real delivery)',
      () => `_test ${describeValue(envelope._test)}, data._test ${describeValue(data._test)}`,
    );
  }

  const problems = catalogueProblems(x.event, data, x.test);
  check(
    problems.fields === undefined,
    [`EVT-CAT-${x.event}`],
    `data carrying every catalogue field of ${x.event}`,
    () => `${problems.fields}: ${describeValue(Object.keys(data))}`,
  );
  check(
    problems.types.length === 0,
    ['EVT-ENV-9', `EVT-CAT-${x.event}`],
    'data values typed as the catalogue says (ids strings, dates YYYY-MM-DD, timestamps ISO 8601, amounts numbers)',
    () => problems.types.join('; '),
  );
  return envelope;
}
