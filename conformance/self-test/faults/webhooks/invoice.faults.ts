// The faults of the checks in invoice.ts: each must make its check FAIL (a broken deployment per fault).
import { randomUUID } from 'node:crypto';
import { isRec, keyOf, readJson, withJson, withKey } from '../../support/faults';
import { envelopeOf, rewrite, subscriptionOf, withEnvelope } from '../../support/webhook-deployment';
import {
  Rec,
  broken,
  sender,
  api,
  data,
  forwardLater,
  seen,
  INVOICE_EMAIL,
  liveKeyOf,
} from '../../support/webhook-fault-helpers';
import type { WebhookFaultTable } from '../../support/self-test';
import { redTeamWebhookFault } from '../../red-team/deployments';

/** Run with a mock receiver and a fake sender per run (support/webhook-deployment.ts), on the system clock. */
export const webhookFaults: WebhookFaultTable = {
  'webhooks.invoiceSentFollowsALiveInvoiceEmailNeverASandboxOne': [
    redTeamWebhookFault('invoice-sent-event-due-date-a-day-late'),
    broken('a sandbox invoice email really sends and queues rent.invoice_sent (answered as a sandbox mock)', (s) =>
      api({
        request: (req) => {
          const key = keyOf(req);
          const k = key ? s.keys.get(key) : undefined;
          if (req.method !== 'POST' || !INVOICE_EMAIL.test(req.path) || k?.mode !== 'sandbox') return undefined;
          const live = liveKeyOf(s, k.landlordId);
          return live ? withKey(req, live) : undefined;
        },
        response: (res, req) => {
          const key = keyOf(req);
          if (
            req.method !== 'POST' ||
            !INVOICE_EMAIL.test(req.path) ||
            (key ? s.keys.get(key)?.mode : undefined) !== 'sandbox' ||
            res.status !== 200
          )
            return undefined;
          return {
            ...withJson(res, { data: { sent: false, sandbox: true } }),
            headers: { 'content-type': 'application/json; charset=utf-8', 'x-service-mode': 'sandbox' },
          };
        },
      }),
    ),
    broken(
      'the invoice email answers only once its rent.invoice_sent delivery was answered (delivered inside the request)',
      (s) =>
        api({
          async response(res, req) {
            const m = INVOICE_EMAIL.exec(req.path);
            if (
              req.method !== 'POST' ||
              !m ||
              res.status !== 200 ||
              (readJson(res) as Rec | undefined)?.data === undefined
            )
              return undefined;
            if (!isRec((readJson(res) as Rec).data) || ((readJson(res) as Rec).data as Rec).sent !== true)
              return undefined;
            const deadline = Date.now() + 20_000;
            while (Date.now() < deadline) {
              const list = (await (await fetch(`${s.receiverAdminUrl}/deliveries?event=rent.invoice_sent`)).json()) as {
                data: Array<{ envelope: Rec | null; status: number | null }>;
              };
              if (
                list.data.some(
                  (a) => isRec(a.envelope) && data(a.envelope).rent_payment_id === m[1] && a.status !== null,
                )
              )
                break;
              await new Promise((r) => setTimeout(r, 100));
            }
            return res;
          },
        }),
    ),
    broken('subscriptions point nowhere: nothing is ever delivered', () =>
      api({
        request: (req) => {
          if (req.method !== 'POST' || !/^\/provisioning\/v1\/landlords\/[^/]+\/webhooks$/.test(req.path))
            return undefined;
          const body = JSON.parse(req.body.toString('utf8')) as Rec;
          return { ...req, body: Buffer.from(JSON.stringify({ ...body, url: 'http://127.0.0.1:9/nowhere' })) };
        },
      }),
    ),
    broken('a repeated invoice email queues a second rent.invoice_sent', (s) => ({
      sender: {
        description: 'sender',
        request(req, ctx) {
          const e = envelopeOf(req);
          const sub = subscriptionOf(s, req);
          if (e?.event === 'rent.invoice_sent' && sub && typeof e.id === 'string' && seen(s, e.id) === 1) {
            forwardLater(withEnvelope(req, { ...e, id: `evt_${randomUUID()}` }, sub.secret), ctx.upstream, 300);
          }
          return undefined;
        },
      },
    })),
    broken("rent.invoice_sent names another contract than the payment's", (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'rent.invoice_sent',
          (e) => ({ ...e, data: { ...data(e), contract_id: randomUUID() } }),
        ),
      ),
    ),
    broken('rent.invoice_sent lacks tenant_email', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'rent.invoice_sent',
          (e) => ({ ...e, data: Object.fromEntries(Object.entries(data(e)).filter(([k]) => k !== 'tenant_email')) }),
        ),
      ),
    ),
  ],
};
