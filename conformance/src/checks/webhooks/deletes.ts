// States and transitions: "contract, property, document | DELETE | live mode | soft-deleted | matching *.deleted
// event", and the contract value set: "a deleted contract is reported as Deleted in its webhook". Unlike the other
// writes (which write emits which event is not shown, EVT-GAP-1), these four deletes must fire their event. On a
// landlord of its own the check deletes, live, a contract document, a property document, the contract and the
// property, and waits for contract_document.deleted, property_document.deleted, contract.deleted (status "Deleted")
// and property.deleted; a document deleted with the landlord's sandbox key fires nothing.
//
// property_document.deleted is also the event the permanent-failure check scripts failures for at the shared
// receiver: when both run at once this check's deliveries may be answered 500, which it does not look at (it checks
// that the event is delivered and what it carries, not the receiver's answer).

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { addDays, utcDate } from '../shared/dates';
import { about, dataOf, expectDelivery, forSubscription } from './deliveries';
import { PER_DELIVERY } from './envelopes';
import { ARRIVAL_MS, describeAttempts, MockReceiverClient, type Attempt } from './mock-receiver-client';
import { createChain, GROUP, ownLandlord, subscribe, uploadContractDocument, uploadPropertyDocument } from './setup';

const EVENTS = [
  'contract_document.deleted',
  'property_document.deleted',
  'contract.deleted',
  'property.deleted',
] as const;
type DeleteEvent = (typeof EVENTS)[number];

export const liveDeletesFireTheMatchingDeletedEvents = defineCheck({
  id: 'webhooks.liveDeletesFireTheMatchingDeletedEvents',
  title:
    'A live DELETE of a contract document, a property document, a contract and a property each fires the matching *.deleted event (the contract\'s with status "Deleted"); a sandbox DELETE fires none',
  group: GROUP,
  rules: [
    'STATE-28',
    'STATE-3',
    'OVERVIEW-6',
    'AUTH-2',
    'EVT-ENV-8',
    ...PER_DELIVERY,
    ...EVENTS.map((e) => `EVT-CAT-${e}`),
  ],
  needs: ['webhook', 'dashboard'],
  async run(ctx: CheckContext) {
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'deletes', { sandbox: true });
    const sub = await subscribe(ctx, receiver, landlord.id, EVENTS, 'deletes');
    // With an end date: the catalogue gives contract.deleted an end_date that is not nullable.
    const chain = await createChain(ctx, landlord, 'webhook-deletes', { end: addDays(utcDate(), 365) });
    const propertyDoc = String((await uploadPropertyDocument(ctx, landlord, chain.propertyId, 'webhook-deletes')).id);
    const sandboxDoc = String(
      (await uploadPropertyDocument(ctx, landlord, chain.propertyId, 'webhook-deletes-sandbox')).id,
    );
    const contractDoc = String((await uploadContractDocument(ctx, landlord, chain.contractId, 'webhook-deletes')).id);

    // A sandbox delete writes nothing, so it fires nothing (looked for once the live events are in).
    const sandbox = await ctx.http.request({
      method: 'DELETE',
      path: `/properties/${chain.propertyId}/documents/${sandboxDoc}`,
      key: landlord.sandboxKey,
    });
    const sandboxAnswered = sandbox.status >= 200 && sandbox.status < 300;

    const deletes: ReadonlyArray<readonly [DeleteEvent, string, string, string]> = [
      [
        'contract_document.deleted',
        `/contracts/${chain.contractId}/documents/${contractDoc}`,
        'document_id',
        contractDoc,
      ],
      [
        'property_document.deleted',
        `/properties/${chain.propertyId}/documents/${propertyDoc}`,
        'document_id',
        propertyDoc,
      ],
      ['contract.deleted', `/contracts/${chain.contractId}`, 'contract_id', chain.contractId],
      ['property.deleted', `/properties/${chain.propertyId}`, 'property_id', chain.propertyId],
    ];
    for (const [, path] of deletes) {
      const res = await ctx.http.request({ method: 'DELETE', path, key: landlord.key });
      ctx.expect(
        res.status === 200 || res.status === 204,
        `DELETE ${path} (live) to succeed`,
        () => describeResponse(res),
        res.exchange,
        { rules: ['STATE-28'] },
      );
    }

    const pick = (attempts: readonly Attempt[]): Map<DeleteEvent, Attempt> => {
      const found = new Map<DeleteEvent, Attempt>();
      for (const [event, , field, value] of deletes) {
        const first = about(attempts, sub, event, field, value)[0];
        if (first) found.set(event, first);
      }
      return found;
    };
    const { value, attempts } = await receiver.waitFor(landlord.id, (all) => {
      const found = pick(all);
      return found.size === deletes.length ? found : undefined;
    });
    const found = value ?? pick(attempts);
    for (const [event, path, field, id] of deletes) {
      ctx.expect(
        found.has(event),
        `a ${event} delivery with ${field} ${id} within ${ARRIVAL_MS / 1000} s of the live DELETE ${path} (a live DELETE of a contract, property or document fires the matching *.deleted event)`,
        () => describeAttempts(forSubscription(attempts, sub)),
        undefined,
        { rules: ['STATE-28', `EVT-CAT-${event}`] },
      );
    }
    for (const [event, attempt] of found) expectDelivery(ctx, attempt, { event, sub, test: false });
    const contract = dataOf(found.get('contract.deleted') as Attempt);
    ctx.expect(
      contract?.status === 'Deleted',
      'contract.deleted to report the contract as status "Deleted"',
      () => `status ${describeValue(contract?.status)}`,
      undefined,
      { rules: ['STATE-3', 'EVT-CAT-contract.deleted'] },
    );
    const property = dataOf(found.get('property.deleted') as Attempt);
    ctx.expect(
      property?.status === 'Deleted',
      'property.deleted to report status "Deleted"',
      () => `status ${describeValue(property?.status)}`,
      undefined,
      { rules: ['EVT-CAT-property.deleted'] },
    );

    if (sandboxAnswered) {
      const fromSandbox = about(
        await receiver.deliveries(landlord.id),
        sub,
        'property_document.deleted',
        'document_id',
        sandboxDoc,
      );
      ctx.expect(
        fromSandbox.length === 0,
        `no property_document.deleted for document ${sandboxDoc}, deleted with the sandbox key (sandbox writes write nothing, so fire nothing)`,
        () => describeAttempts(fromSandbox),
        undefined,
        { rules: ['STATE-28', 'AUTH-2'] },
      );
    } else {
      ctx.note(`the sandbox DELETE answered ${describeResponse(sandbox)}, so its absence of events was not checked`);
    }
    ctx.note(
      `${EVENTS.join(', ')} delivered for the live deletes, contract.deleted with status "Deleted"${sandboxAnswered ? '; the sandbox delete fired nothing' : ''}`,
    );
  },
});
