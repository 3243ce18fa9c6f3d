// The faults of the checks in retries.ts: each must make its check FAIL (a broken deployment per fault).
import { randomUUID } from 'node:crypto';
import { errorResponse, isRec, jsonResponse, readJson, withJson } from '../../support/faults';
import {
  accepted,
  envelopeOf,
  SELF_TEST_RETRY_DELAYS_SECONDS,
  subscriptionOf,
  withEnvelope,
} from '../../support/webhook-deployment';
import {
  broken,
  sender,
  api,
  is2xx,
  forwardLater,
  seen,
  DASH,
  fromAttempt,
  breakDelivery,
} from '../../support/webhook-fault-helpers';
import type { WebhookFaultTable } from '../../support/self-test';

/** Run with a mock receiver and a fake sender per run (support/webhook-deployment.ts), on the system clock. */
export const webhookFaults: WebhookFaultTable = {
  'webhooks.failedDeliveriesAreRetriedTwiceWithTheSameId': [
    broken('failed deliveries are never retried (the sender takes any answer as success)', () =>
      sender(undefined, (res) => (is2xx(res.status) ? undefined : accepted())),
    ),
    broken('each retry carries a new event id', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        const sub = subscriptionOf(s, req);
        if (!e || !sub || typeof e.id !== 'string' || seen(s, e.id) === 1) return undefined;
        return withEnvelope(req, { ...e, id: `evt_${randomUUID()}` }, sub.secret);
      }),
    ),
    broken('failed deliveries are retried at once, not after the retry delays', () => ({
      sender: {
        description: 'sender',
        async request(req, ctx) {
          let res = await ctx.upstream(req);
          for (let i = 0; i < 2 && !is2xx(res.status); i++) res = await ctx.upstream(req);
          return accepted();
        },
      },
    })),
    broken('retries are signed with another secret (only the first attempt verifies)', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        if (!e || typeof e.id !== 'string' || seen(s, e.id) === 1) return undefined;
        return withEnvelope(req, e, 'not-the-subscription-secret');
      }),
    ),
    broken('retries carry _test: true (the first attempt is a clean real delivery)', (s) =>
      fromAttempt(s, 2, breakDelivery.testFlag),
    ),
    broken('retries are sent without X-Service-Event', (s) =>
      fromAttempt(s, 2, breakDelivery.withoutHeader('x-service-event')),
    ),
    broken(
      'retries are re-serialised (pretty-printed) after signing: the signature no longer covers the bytes sent',
      (s) => fromAttempt(s, 2, breakDelivery.prettyPrinted),
    ),
    broken('a failed delivery is retried only once', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        return e && typeof e.id === 'string' && seen(s, e.id) >= 3
          ? errorResponse(503, 'GONE', 'dropped by the fake sender')
          : undefined;
      }),
    ),
  ],
  'webhooks.threeFailuresArePermanentAndAManualRetryDelivers': [
    broken('a fourth automatic attempt follows the third failure', (s) => ({
      sender: {
        description: 'sender',
        async request(req, ctx) {
          const e = envelopeOf(req);
          const res = await ctx.upstream(req);
          if (e && typeof e.id === 'string' && seen(s, e.id) === 3 && !is2xx(res.status))
            forwardLater(req, ctx.upstream, 500);
          return res;
        },
      },
    })),
    broken(
      'a fourth automatic attempt follows the third failure after one and a half times the last retry delay',
      (s) => ({
        sender: {
          description: 'sender',
          async request(req, ctx) {
            const e = envelopeOf(req);
            const res = await ctx.upstream(req);
            const last = SELF_TEST_RETRY_DELAYS_SECONDS[SELF_TEST_RETRY_DELAYS_SECONDS.length - 1];
            if (e && typeof e.id === 'string' && seen(s, e.id) === 3 && !is2xx(res.status))
              forwardLater(req, ctx.upstream, 1.5 * last * 1000);
            return res;
          },
        },
      }),
    ),
    broken("the manual retry is signed with another secret than the subscription's", (s) =>
      fromAttempt(s, 4, breakDelivery.otherSecret),
    ),
    broken('the manual retry is sent without X-Service-Delivery', (s) =>
      fromAttempt(s, 4, breakDelivery.withoutHeader('x-service-delivery')),
    ),
    broken('the manual retry is sent as a test delivery (carries _test: true)', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        const sub = subscriptionOf(s, req);
        if (!e || !sub || typeof e.id !== 'string' || seen(s, e.id) !== 4) return undefined;
        return withEnvelope(req, { ...e, _test: true }, sub.secret);
      }),
    ),
    broken('the manual retry answers 202 but sends nothing', () =>
      api({
        request: (req) =>
          req.method === 'POST' && /^\/provisioning\/v1\/deliveries\/[^/]+\/retry$/.test(req.path)
            ? jsonResponse(202, { data: { status: 'pending' } })
            : undefined,
      }),
    ),
    broken('the delivery history shows no latency', () =>
      api({
        response: (res, req) => {
          if (req.method !== 'GET' || !req.path.startsWith(`${DASH}/webhooks/`)) return undefined;
          const body = readJson(res);
          if (!isRec(body) || !Array.isArray(body.data)) return undefined;
          return withJson(res, {
            ...body,
            data: body.data.map((d: unknown) =>
              isRec(d) && Array.isArray(d.attempts)
                ? { ...d, attempts: d.attempts.map((a: unknown) => (isRec(a) ? { ...a, latencyMs: undefined } : a)) }
                : d,
            ),
          });
        },
      }),
    ),
    broken('a manual retry gets a new event id', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        const sub = subscriptionOf(s, req);
        if (!e || !sub || typeof e.id !== 'string' || seen(s, e.id) < 4) return undefined;
        return withEnvelope(req, { ...e, id: `evt_${randomUUID()}` }, sub.secret);
      }),
    ),
  ],
  'webhooks.answersSlowerThan10SecondsCountAsFailures': [
    broken('the sender has no call timeout (it waits for the slow answer: a success)', () => ({
      sender: {
        description: 'sender',
        request(req, ctx) {
          forwardLater(req, ctx.upstream);
          return accepted(202);
        },
      },
    })),
    broken('the sender times out after 1 s, far sooner than the declared call timeout', () => ({
      sender: {
        description: 'sender',
        async request(req, ctx) {
          const early = new AbortController();
          const timer = setTimeout(() => early.abort(), 1_000);
          try {
            return await ctx.upstream({ ...req, signal: early.signal });
          } catch {
            return errorResponse(504, 'SENDER_TIMEOUT', 'the fake sender gave up after 1 s');
          } finally {
            clearTimeout(timer);
          }
        },
      },
    })),
    broken("the retry after a timeout is signed with another secret than the subscription's", (s) =>
      fromAttempt(s, 2, breakDelivery.otherSecret),
    ),
  ],
  'webhooks.clientErrorsAreRetriedAndAny2xxIsASuccess': [
    broken('a 4xx answer is final: the delivery is never retried (only 5xx and network errors are)', () =>
      sender(undefined, (res) => (res.status >= 400 && res.status < 500 ? accepted() : undefined)),
    ),
    broken('410 Gone is final: that delivery is never retried', () =>
      sender(undefined, (res) => (res.status === 410 ? accepted() : undefined)),
    ),
    broken('only 200 is a success: 201, 202 and 204 answers are retried', () =>
      sender(undefined, (res) =>
        is2xx(res.status) && res.status !== 200
          ? errorResponse(500, 'SENDER_FAULT', 'the fake sender takes only 200 for a success')
          : undefined,
      ),
    ),
    broken('a 204 answer (no body) counts as a failure and is retried', () =>
      sender(undefined, (res) =>
        res.status === 204 ? errorResponse(500, 'SENDER_FAULT', 'the fake sender wants a body') : undefined,
      ),
    ),
    broken('retries sign with an upper-case "SHA256=" prefix', (s) => fromAttempt(s, 2, breakDelivery.upperCasePrefix)),
    broken('retries carry _test: true', (s) => fromAttempt(s, 2, breakDelivery.testFlag)),
  ],
};
