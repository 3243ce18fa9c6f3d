// The faults of the checks in deletes.ts: each must make its check FAIL (a broken deployment per fault).
import { isRec, keyOf, readJson, withJson, withKey } from '../../support/faults';
import { accepted, envelopeOf, rewrite } from '../../support/webhook-deployment';
import { broken, sender, api, data, DOCUMENT, liveKeyOf } from '../../support/webhook-fault-helpers';
import type { WebhookFaultTable } from '../../support/self-test';

/** Run with a mock receiver and a fake sender per run (support/webhook-deployment.ts), on the system clock. */
export const webhookFaults: WebhookFaultTable = {
  'webhooks.liveDeletesFireTheMatchingDeletedEvents': [
    broken('a contract delete fires no contract.deleted (the deliveries are dropped)', () =>
      sender((req) => (envelopeOf(req)?.event === 'contract.deleted' ? accepted() : undefined)),
    ),
    broken('contract.deleted reports the deleted contract as status "Ended"', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'contract.deleted',
          (e) => ({ ...e, data: { ...data(e), status: 'Ended' } }),
        ),
      ),
    ),
    broken('document deletes fire no event (property_document.deleted and contract_document.deleted dropped)', () =>
      sender((req) => (/_document\.deleted$/.test(String(envelopeOf(req)?.event)) ? accepted() : undefined)),
    ),
    broken('a sandbox document delete really deletes (and fires property_document.deleted), answered as a mock', (s) =>
      api({
        request: (req) => {
          const key = keyOf(req);
          const k = key ? s.keys.get(key) : undefined;
          if (req.method !== 'DELETE' || !DOCUMENT.test(req.path) || k?.mode !== 'sandbox') return undefined;
          const live = liveKeyOf(s, k.landlordId);
          return live ? withKey(req, live) : undefined;
        },
        response: (res, req) => {
          const key = keyOf(req);
          if (
            req.method !== 'DELETE' ||
            !DOCUMENT.test(req.path) ||
            (key ? s.keys.get(key)?.mode : undefined) !== 'sandbox' ||
            res.status !== 200
          )
            return undefined;
          const body = readJson(res);
          const d = isRec(body) && isRec(body.data) ? body.data : {};
          return {
            ...withJson(res, { data: { ...d, sandbox: true } }),
            headers: { 'content-type': 'application/json; charset=utf-8', 'x-service-mode': 'sandbox' },
          };
        },
      }),
    ),
  ],
};
