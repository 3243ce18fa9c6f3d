// A broken deployment for the webhook checks: the reference server behind the usual broken-deployment proxy
// (public API and dashboard), and a second proxy between the reference server and the mock receiver, a fake
// webhook sender that can re-sign, rewrite, drop, delay or add deliveries. The two share what the dashboard
// showed through the first proxy (each subscription's secret, the keys it issued, the plans it set), so a fake
// sender can sign a forged or rewritten delivery with the right secret.

import { createHmac, randomBytes } from 'node:crypto';
import { startReceiver, type RunningReceiver } from '@ppapi/webhook-receiver';
import { httpProvisioning, REFERENCE_PROVISIONING_PATH, type Target, type WebhooksConfig } from '../../src/targets';
import {
  startBrokenDeployment,
  type BrokenDeployment,
  type Fault,
  type ProxyRequest,
  type ProxyResponse,
} from './broken';
import { both, isRec, readJson } from './faults';

/** What the reference server runs with in the webhook self-tests (and what the target declares). */
export const SELF_TEST_RETRY_DELAYS_SECONDS = [2, 4];
export const SELF_TEST_SCHEDULER_INTERVAL_SECONDS = 2;
/** Longer than the 4 s the delivery-state check holds an attempt (that one must end in a network error). */
export const SELF_TEST_TIMEOUT_SECONDS = 6;
export const WEBHOOK_SERVER_ENV: Readonly<Record<string, string>> = {
  WEBHOOK_RETRY_DELAYS: SELF_TEST_RETRY_DELAYS_SECONDS.join(','),
  WEBHOOK_TIMEOUT_MS: String(SELF_TEST_TIMEOUT_SECONDS * 1000),
  WEBHOOK_SCHEDULER_INTERVAL_MS: String(SELF_TEST_SCHEDULER_INTERVAL_SECONDS * 1000),
};
const SUBSCRIPTION_PARAM = 'conformance_subscription';

type Rec = Record<string, unknown>;

export interface CapturedSubscription {
  readonly id: string;
  readonly landlordId: string;
  readonly url: string;
  readonly secret: string;
  readonly events: readonly string[];
}

/** What the dashboard showed through the API proxy, for the fake sender. */
export interface WebhookShared {
  /** By the subscription tag of its URL. */
  readonly subscriptions: Map<string, CapturedSubscription>;
  /** Issued keys: key → landlord and mode. */
  readonly keys: Map<string, { readonly landlordId: string; readonly mode: string }>;
  /** Plans set with PATCH /landlords/{id}. */
  readonly plans: Map<string, string>;
  /** Fault-specific memory (attempt counters, ids seen). */
  readonly state: Map<string, unknown>;
  /** The real receiver (behind the fake sender). */
  readonly receiverUrl: string;
  readonly receiverAdminUrl: string;
}

export interface WebhookFaultPair {
  /** In front of the reference server (public API and dashboard). */
  readonly api?: Fault;
  /** In front of the receiver: what the reference server delivers goes through it. */
  readonly sender?: Fault;
}

const DASHBOARD = REFERENCE_PROVISIONING_PATH;

/** Records subscriptions (with their secrets), issued keys and plan changes as the dashboard answers them. */
function capture(shared: WebhookShared): Fault {
  return {
    description: 'capture',
    response(res, req) {
      if (!req.path.startsWith(DASHBOARD) || res.status >= 300) return undefined;
      const path = req.path.slice(DASHBOARD.length);
      const body = readJson(res);
      const data = isRec(body) && isRec(body.data) ? body.data : undefined;
      let m: RegExpExecArray | null;
      if (
        req.method === 'POST' &&
        (m = /^\/landlords\/([^/]+)\/webhooks$/.exec(path)) &&
        data &&
        typeof data.secret === 'string' &&
        typeof data.url === 'string'
      ) {
        const tag = new URL(data.url).searchParams.get(SUBSCRIPTION_PARAM) ?? data.url;
        shared.subscriptions.set(tag, {
          id: String(data.id),
          landlordId: m[1],
          url: data.url,
          secret: data.secret,
          events: Array.isArray(data.events) ? data.events.map(String) : [],
        });
      } else if (
        req.method === 'POST' &&
        (m = /^\/landlords\/([^/]+)\/keys$/.exec(path)) &&
        data &&
        typeof data.key === 'string'
      ) {
        shared.keys.set(data.key, { landlordId: m[1], mode: String(data.mode) });
      } else if (req.method === 'PATCH' && (m = /^\/landlords\/([^/]+)$/.exec(path))) {
        const sent = JSON.parse(req.body.toString('utf8') || '{}') as Rec;
        if (typeof sent.plan === 'string') shared.plans.set(m[1], sent.plan);
      }
      return undefined;
    },
  };
}

/** A fault on the public API only: the dashboard (the provisioning contract, not the API) passes through. */
export function offTheDashboard(fault: Fault): Fault {
  const dashboard = (path: string): boolean => path.startsWith(DASHBOARD);
  return {
    description: fault.description,
    ...(fault.transport !== undefined ? { transport: fault.transport } : {}),
    request: (req, ctx) => (dashboard(req.path) ? undefined : fault.request?.(req, ctx)),
    response: (res, original, ctx) => (dashboard(original.path) ? undefined : fault.response?.(res, original, ctx)),
  };
}

// ---- helpers for faults ---------------------------------------------------------------------------------------

export function subscriptionOf(shared: WebhookShared, req: ProxyRequest): CapturedSubscription | undefined {
  const tag = req.query.get(SUBSCRIPTION_PARAM);
  return tag === null ? undefined : shared.subscriptions.get(tag);
}

export function envelopeOf(req: ProxyRequest): Rec | undefined {
  try {
    const parsed = JSON.parse(req.body.toString('utf8')) as unknown;
    return isRec(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function signature(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The delivery with a new body (serialised here), re-signed with `secret` and its headers kept in step. */
export function withEnvelope(req: ProxyRequest, envelope: Rec, secret: string): ProxyRequest {
  const body = Buffer.from(JSON.stringify(envelope));
  const headers: Record<string, string> = { ...req.headers, 'x-service-signature-256': signature(secret, body) };
  if (typeof envelope.id === 'string') headers['x-service-delivery'] = envelope.id.replace(/^evt_/, '');
  if (typeof envelope.event === 'string') headers['x-service-event'] = envelope.event;
  return { ...req, headers, body };
}

/** Rewrites the envelope of a delivery and re-signs it with its subscription's secret. */
export function rewrite(
  shared: WebhookShared,
  when: (envelope: Rec, req: ProxyRequest) => boolean,
  fn: (envelope: Rec, req: ProxyRequest) => Rec,
): NonNullable<Fault['request']> {
  return (req) => {
    const envelope = envelopeOf(req);
    const sub = subscriptionOf(shared, req);
    if (!envelope || !sub || !when(envelope, req)) return undefined;
    return withEnvelope(req, fn(structuredClone(envelope), req), sub.secret);
  };
}

export function accepted(status = 200): ProxyResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"received":true}') };
}

/** Posts a signed delivery straight to the receiver (a forged one). */
export async function deliver(url: string, envelope: Rec, secret: string): Promise<void> {
  const body = JSON.stringify(envelope);
  await fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-service-signature-256': signature(secret, body),
      'x-service-event': String(envelope.event),
      'x-service-delivery': String(envelope.id).replace(/^evt_/, ''),
    },
  });
}

// ---- the deployment -------------------------------------------------------------------------------------------

export interface WebhookDeployment {
  readonly target: Target;
  readonly receiver: RunningReceiver;
  stop(): Promise<void>;
}

/** The `webhooks` section for a receiver (and the reference server's settings above). */
export function webhooksConfig(receiverUrl: string, receiverAdminUrl: string, secret: string): WebhooksConfig {
  return {
    receiverUrl: `${receiverUrl}/webhooks`,
    receiverAdminUrl,
    secret,
    retryDelaysSeconds: SELF_TEST_RETRY_DELAYS_SECONDS,
    timeoutSeconds: SELF_TEST_TIMEOUT_SECONDS,
    schedulerIntervalSeconds: SELF_TEST_SCHEDULER_INTERVAL_SECONDS,
  };
}

/**
 * A receiver of its own, and, with `broken`, the two proxies: the check's target then reaches the reference server
 * (API and dashboard) through the first and is delivered to through the second.
 */
export async function startWebhookDeployment(
  origin: string,
  base: Target,
  broken?: (shared: WebhookShared) => WebhookFaultPair,
): Promise<WebhookDeployment> {
  const secret = `whsec_selftest_${randomBytes(12).toString('hex')}`;
  if (!broken) {
    // Guarded by an admin token, so every webhook check also shows the suite sends webhooks.receiverAdminToken.
    const receiverAdminToken = `receiver_admin_${randomBytes(12).toString('hex')}`;
    const receiver = await startReceiver({ secret, adminToken: receiverAdminToken });
    return {
      target: {
        ...base,
        webhooks: { ...webhooksConfig(receiver.url, receiver.adminUrl, secret), receiverAdminToken },
      },
      receiver,
      stop: () => receiver.close(),
    };
  }
  // The fault files read this receiver's admin API themselves, without a token.
  const receiver = await startReceiver({ secret });
  const shared: WebhookShared = {
    subscriptions: new Map(),
    keys: new Map(),
    plans: new Map(),
    state: new Map(),
    receiverUrl: receiver.url,
    receiverAdminUrl: receiver.adminUrl,
  };
  const pair = broken(shared);
  const proxies: BrokenDeployment[] = [];
  try {
    const api = await startBrokenDeployment(
      origin,
      pair.api ? both('api', capture(shared), pair.api) : capture(shared),
    );
    proxies.push(api);
    const sender = await startBrokenDeployment(receiver.url, pair.sender ?? { description: 'a faithful sender' });
    proxies.push(sender);
    const dashboard = httpProvisioning(base.provisioning);
    if (!dashboard) throw new Error('the webhook self-tests need the dashboard section');
    return {
      target: {
        ...base,
        baseUrl: api.baseUrl,
        provisioning: { ...dashboard, url: `${api.origin}${DASHBOARD}` },
        webhooks: { ...webhooksConfig(sender.origin, receiver.adminUrl, secret) },
      },
      receiver,
      stop: async () => {
        await Promise.all(proxies.map((p) => p.stop()));
        await receiver.close();
      },
    };
  } catch (error) {
    await Promise.all(proxies.map((p) => p.stop()));
    await receiver.close();
    throw error;
  }
}
