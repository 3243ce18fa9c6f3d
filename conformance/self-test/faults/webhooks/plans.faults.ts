// The faults of the checks in plans.ts: each must make its check FAIL (a broken deployment per fault).
import { isRec, readJson } from '../../support/faults';
import { accepted, deliver, envelopeOf } from '../../support/webhook-deployment';
import { broken, sender, api, forgedOverdue } from '../../support/webhook-fault-helpers';
import type { WebhookFaultTable } from '../../support/self-test';

/** Run with a mock receiver and a fake sender per run (support/webhook-deployment.ts), on the system clock. */
export const webhookFaults: WebhookFaultTable = {
  'webhooks.portfolioLandlordsReceiveDeliveriesProfessionalOnesNone': [
    broken("a Professional landlord's new subscription is delivered to", (s) =>
      api({
        response(res, req) {
          const m = /^\/provisioning\/v1\/landlords\/([^/]+)\/webhooks$/.exec(req.path);
          const body = readJson(res);
          const d = isRec(body) && isRec(body.data) ? body.data : undefined;
          if (
            req.method !== 'POST' ||
            !m ||
            s.plans.get(m[1]) !== 'Professional' ||
            !d ||
            typeof d.url !== 'string' ||
            typeof d.secret !== 'string'
          )
            return undefined;
          const [url, secret] = [d.url, d.secret];
          setTimeout(() => void deliver(url, forgedOverdue(m[1]), secret).catch(() => undefined), 300).unref();
          return undefined;
        },
      }),
    ),
    broken("a Portfolio landlord's deliveries are dropped", (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        return e && s.plans.get(String(e.landlord_id)) === 'Portfolio' ? accepted() : undefined;
      }),
    ),
  ],
};
