import { randomUUID } from 'node:crypto';
import { eventCatalogue } from '@ppapi/spec';
import type { Profile } from '../../src/runner';
import { REFERENCE_PROVISIONING_PATH } from '../../src/targets';
import type { WebhookSelfTest } from './self-test';
import type { Fault, ProxyRequest } from './broken';
import { isRec, readJson, withJson } from './faults';
import {
  envelopeOf,
  rewrite,
  signature,
  subscriptionOf,
  withEnvelope,
  type CapturedSubscription,
  type WebhookFaultPair,
  type WebhookShared,
} from './webhook-deployment';

export type Rec = Record<string, unknown>;

export function broken(
  description: string,
  build: (shared: WebhookShared) => WebhookFaultPair,
  profile?: Profile,
): WebhookSelfTest {
  return { fault: () => ({ description }), broken: build, ...(profile ? { profile } : {}) };
}

export const sender = (request: Fault['request'], response?: Fault['response']): WebhookFaultPair => ({
  sender: { description: 'sender', request, ...(response ? { response } : {}) },
});

export const api = (fault: Omit<Fault, 'description'>): WebhookFaultPair => ({ api: { description: 'api', ...fault } });

export const data = (e: Rec): Rec => (isRec(e.data) ? e.data : {});

export const is2xx = (status: number): boolean => status >= 200 && status < 300;

/** Forwards the delivery to the receiver in the background (the sender is answered 202 at once). */
export function forwardLater(req: ProxyRequest, upstream: (r: ProxyRequest) => Promise<unknown>, delayMs = 0): void {
  setTimeout(() => void upstream(req).catch(() => undefined), delayMs).unref();
}

/** How many times the fake sender has seen this delivery id. */
export function seen(shared: WebhookShared, id: string): number {
  const n = ((shared.state.get(`seen:${id}`) as number | undefined) ?? 0) + 1;
  shared.state.set(`seen:${id}`, n);
  return n;
}

/**
 * A sender faithful on the first `from - 1` attempts of each delivery id and changing every later one (retries,
 * manual retries): for faults that only a check grading every attempt, not just the first, can see.
 */
export function fromAttempt(
  shared: WebhookShared,
  from: number,
  change: (req: ProxyRequest, envelope: Rec, sub: CapturedSubscription) => ProxyRequest,
): WebhookFaultPair {
  return sender((req) => {
    const envelope = envelopeOf(req);
    const sub = subscriptionOf(shared, req);
    if (!envelope || !sub || typeof envelope.id !== 'string' || seen(shared, envelope.id) < from) return undefined;
    return change(req, envelope, sub);
  });
}

/** Changes of one delivery for fromAttempt: each breaks one per-delivery rule and nothing else. */
export const breakDelivery = {
  otherSecret: (req: ProxyRequest): ProxyRequest => ({
    ...req,
    headers: { ...req.headers, 'x-service-signature-256': signature('whsec_not_the_subscription_secret', req.body) },
  }),
  testFlag: (req: ProxyRequest, e: Rec, sub: CapturedSubscription): ProxyRequest =>
    withEnvelope(req, { ...e, _test: true, data: { ...data(e), _test: true } }, sub.secret),
  withoutHeader:
    (name: string) =>
    (req: ProxyRequest): ProxyRequest => ({
      ...req,
      headers: Object.fromEntries(Object.entries(req.headers).filter(([n]) => n !== name)),
    }),
  prettyPrinted: (req: ProxyRequest, e: Rec): ProxyRequest => ({
    ...req,
    body: Buffer.from(JSON.stringify(e, null, 2)),
  }),
  upperCasePrefix: (req: ProxyRequest): ProxyRequest => ({
    ...req,
    headers: {
      ...req.headers,
      'x-service-signature-256': (req.headers['x-service-signature-256'] ?? '').replace(/^sha256=/, 'SHA256='),
    },
  }),
};

/** A rent.overdue envelope with catalogue-shaped data, as a forger would make it. */
export function forgedOverdue(landlordId: string): Rec {
  const fields: Rec = {};
  for (const f of eventCatalogue.find((e) => e.event === 'rent.overdue')?.fields ?? [])
    fields[f.name] =
      f.type === 'integer'
        ? 5
        : f.type === 'number'
          ? 950
          : f.type === 'date'
            ? '2026-01-01'
            : f.type === 'uuid'
              ? randomUUID()
              : 'forged';
  return {
    id: `evt_${randomUUID()}`,
    event: 'rent.overdue',
    created_at: new Date().toISOString(),
    landlord_id: landlordId,
    data: fields,
  };
}

/** Where the suite provisions on the reference server: its provisioning contract. */
export const DASH = REFERENCE_PROVISIONING_PATH;

export const DOCUMENT = /^\/api\/public\/v1\/(properties|contracts)\/[^/]+\/documents\/[^/]+$/;

/** Rewrites the status of every delivery the dashboard's history lists (GET …/webhooks/{id}/deliveries). */
export function historyStatuses(map: Readonly<Record<string, string>>): NonNullable<Fault['response']> {
  return (res, req) => {
    if (req.method !== 'GET' || !/^\/provisioning\/v1\/webhooks\/[^/]+\/deliveries$/.test(req.path)) return undefined;
    const body = readJson(res);
    if (!isRec(body) || !Array.isArray(body.data)) return undefined;
    return withJson(res, {
      ...body,
      data: body.data.map((d: unknown) =>
        isRec(d) && typeof d.status === 'string' && map[d.status] ? { ...d, status: map[d.status] } : d,
      ),
    });
  };
}

export const INVOICE_EMAIL = /^\/api\/public\/v1\/rent\/([^/]+)\/invoice\/email$/;

/** The key of the landlord's live key, as the dashboard issued it. */
export function liveKeyOf(shared: WebhookShared, landlordId: string): string | undefined {
  for (const [key, k] of shared.keys) if (k.landlordId === landlordId && k.mode === 'live') return key;
  return undefined;
}

// ---- faults shared by several checks ----------------------------------------------------------------------------

/** Deliveries of `event` report another status (re-signed, so only the value is wrong). */
export function statusSays(event: string, status: string): WebhookSelfTest {
  return broken(`${event} deliveries report status "${status}"`, (s) =>
    sender(
      rewrite(
        s,
        (e) => e.event === event,
        (e) => ({ ...e, data: { ...data(e), status } }),
      ),
    ),
  );
}

export const wrongSecret = broken("deliveries are signed with a secret other than the subscription's", () =>
  sender((req) => ({
    ...req,
    headers: { ...req.headers, 'x-service-signature-256': signature('whsec_not_the_subscription_secret', req.body) },
  })),
);
