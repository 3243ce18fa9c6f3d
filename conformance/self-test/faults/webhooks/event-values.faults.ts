// The faults of the check in event-values.ts: each must make it FAIL (a broken deployment per fault).
import { apiPath, isRec, mapJson } from '../../support/faults';
import { rewrite } from '../../support/webhook-deployment';
import { api, broken, data, sender, type Rec } from '../../support/webhook-fault-helpers';
import type { WebhookFaultTable } from '../../support/self-test';
import type { ProxyRequest } from '../../support/broken';
import { redTeamWebhookFault } from '../../red-team/deployments';

const PROPERTY_DETAIL = /^\/properties\/[^/]+$/;

/** A GET /properties/{id} answer of an Occupied property, rewritten by `fn` (the derived fields broken). */
function occupiedDetail(description: string, fn: (property: Rec) => Rec): ReturnType<typeof api> {
  const fault = mapJson(
    description,
    (req: ProxyRequest) => req.method === 'GET' && PROPERTY_DETAIL.test(apiPath(req) ?? ''),
    (body) => (isRec(body.data) && body.data.status === 'Occupied' ? { ...body, data: fn(body.data) } : body),
  );
  return api({ response: fault.response });
}

export const webhookFaults: WebhookFaultTable = {
  'webhooks.writtenEventDataEqualsTheResourceReadBack': [
    redTeamWebhookFault('property-events-report-derived-status-in-maintenance'),
    redTeamWebhookFault('contract-deleted-event-start-date-a-day-early'),
    redTeamWebhookFault('rent-event-due-date-a-day-late'),
    redTeamWebhookFault('contract-event-start-date-a-day-early'),
    redTeamWebhookFault('document-event-size-in-kilobytes'),
    redTeamWebhookFault('document-event-expiry-dropped'),
    broken('property.updated carries the short_name the property had before the PATCH (stale data)', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'property.created' || e.event === 'property.updated',
          (e) => {
            const d = data(e);
            const key = `created-name:${String(d.property_id)}`;
            if (e.event === 'property.created') {
              s.state.set(key, d.short_name);
              return e;
            }
            const before = s.state.get(key);
            return before === undefined ? e : { ...e, data: { ...d, short_name: before } };
          },
        ),
      ),
    ),
    broken('contract.created reports an Active contract as "Pending"', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'contract.created',
          (e) => ({ ...e, data: { ...data(e), status: 'Pending' } }),
        ),
      ),
    ),
    broken('rent.updated reports amount_received as the amount due, not the amount received', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'rent.updated',
          (e) => ({ ...e, data: { ...data(e), amount_received: data(e).amount } }),
        ),
      ),
    ),
    broken('property_document.created carries a null expiry_date for a document uploaded with one', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'property_document.created',
          (e) => ({ ...e, data: { ...data(e), expiry_date: null } }),
        ),
      ),
    ),
    broken("contract_document.created carries the contract's id as property_id", (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'contract_document.created',
          (e) => ({ ...e, data: { ...data(e), property_id: data(e).contract_id } }),
        ),
      ),
    ),
    broken('rent.created carries the rent payment before its period was normalised (a second space)', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'rent.created',
          (e) => ({ ...e, data: { ...data(e), period: `${String(data(e).period)}  ` } }),
        ),
      ),
    ),
    broken('contract_document.deleted reports the document under another type than it was uploaded with', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'contract_document.deleted',
          (e) => ({ ...e, data: { ...data(e), type: 'EPC_Certificate' } }),
        ),
      ),
    ),
    broken('a property whose only contract was deleted still reads back "Occupied"', () => {
      const occupied = new Set<string>();
      return api({
        response: mapJson(
          'status kept after the contract delete',
          (req: ProxyRequest) => req.method === 'GET' && PROPERTY_DETAIL.test(apiPath(req) ?? ''),
          (body) => {
            if (!isRec(body.data)) return body;
            const id = String(body.data.id);
            if (body.data.status === 'Occupied') occupied.add(id);
            return occupied.has(id) ? { ...body, data: { ...body.data, status: 'Occupied' } } : body;
          },
        ).response,
      });
    }),
    broken('a property with an Active contract reads back rentAmount 0 (not derived from its contract)', () =>
      occupiedDetail('rentAmount not derived', (p) => ({ ...p, rentAmount: 0 })),
    ),
    broken('a property with an Active contract reads back status "Vacant" (status not derived from contracts)', () =>
      occupiedDetail('status not derived', (p) => ({ ...p, status: 'Vacant' })),
    ),
  ],
};
