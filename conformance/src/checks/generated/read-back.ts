// Generated from the route table: what a write answered is what every read of the item says right after it. For
// every create (effects.adds) and every change (effects.updates) of the table's detailed routes, made on an item of
// the check's own (a landlord of its own when the dashboard allows, so nothing else writes to it), the fields of the
// spec's table for the resource the write answers (Property, Contract, RentPayment, document) equal, field by field,
// the item as its detail route and every list of it read it back with the same key: lists and details are tied to
// the writes before them, not only shaped like them. Changes move the item to a state of its own (Maintenance,
// Notice Served, Paid), so a read that shows another state fails. Left out: `downloadUrl` and `image`, links a
// deployment may sign afresh for every answer ("time-limited, valid 1 hour"; docs/conformance-tolerances.md).

import { isDeepStrictEqual } from 'node:util';
import type { HttpResponse } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { routeName, SPEC_ROUTES, type SpecRoute } from '../../spec-routes';
import { uploadDocument } from '../documents/helpers';
import { answeredResource, type AnsweredResource } from '../invariants/answers';
import { addDays, utcDate } from '../shared/dates';
import { TINY_PNG } from '../shared/files';
import { createOwnChain, createOwnRent, suitePeriod, type OwnChain } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { createOwnProperty, getList, isRecord, multipartBody, successData, type Json } from '../shared/util';

/** Fields whose value may be a fresh link on every answer. */
const VOLATILE: ReadonlySet<string> = new Set(['downloadUrl', 'image']);

/** The writes whose answer is a resource of the spec's tables and which create or change it. */
export const READ_BACK_WRITES: readonly SpecRoute[] = SPEC_ROUTES.filter(
  (r) =>
    r.detail === 'full' &&
    answeredResource(r) !== undefined &&
    ((r.effects?.adds ?? []).length > 0 || r.effects?.updates === true),
);

/** The collection a resource lives in (its list), `{id}` filled with the owner for documents. */
function collectionOf(route: SpecRoute, resource: AnsweredResource, owner: string): string {
  switch (resource.name) {
    case 'Property':
      return '/properties';
    case 'Contract':
      return '/contracts';
    case 'RentPayment':
      return '/rent';
    case 'document':
      return route.path.replace('{id}', owner);
  }
}

interface Written {
  readonly route: SpecRoute;
  readonly resource: AnsweredResource;
  readonly answer: Json;
  /** `{id}` of the list the item is in (the owner of a document). */
  readonly owner: string;
}

/** Makes the route's write on an item of the check's own; the answer's data. */
async function write(ctx: CheckContext, route: SpecRoute, key: string, chain: OwnChain, tag: string): Promise<Written> {
  const resource = answeredResource(route) as AnsweredResource;
  const done = (answer: Json, owner = ''): Written => ({ route, resource, answer, owner });
  const changed = async (path: string, options: Parameters<CheckContext['http']['request']>[0]): Promise<Json> => {
    const res: HttpResponse = await ctx.http.request({ ...options, path, key });
    const data = successData(ctx, res, [route.successStatus], { rules: ['STATE-27'] });
    return isRecord(data) ? data : {};
  };
  const expiryDate = addDays(utcDate(), 45);
  switch (route.body) {
    case 'property':
      return done(await createOwnProperty(ctx, key, tag));
    case 'propertyPatch': {
      const id = String((await createOwnProperty(ctx, key, tag)).id);
      return done(await changed(`/properties/${id}`, { method: 'PATCH', json: { status: 'Maintenance' } }));
    }
    case 'image': {
      const id = String((await createOwnProperty(ctx, key, tag)).id);
      const form = multipartBody({ file: { filename: 'read-back.png', contentType: 'image/png', content: TINY_PNG } });
      return done(
        await changed(`/properties/${id}/image`, {
          method: 'POST',
          body: form.body,
          headers: { 'content-type': form.contentType },
        }),
      );
    }
    case 'document': {
      const owner = route.path.startsWith('/properties/')
        ? { kind: 'property' as const, id: chain.propertyId, key }
        : { kind: 'contract' as const, id: chain.contractId, key };
      const doc = await uploadDocument(ctx, owner, { name: `${ctx.marker} ${tag}`, expiryDate }, [
        'PROP-30',
        'CONTRACT-19',
      ]);
      return done(doc, owner.id);
    }
    case 'contract':
      return done(chain.contract);
    case 'contractPatch':
      return done(
        await changed(`/contracts/${chain.contractId}`, { method: 'PATCH', json: { status: 'Notice Served' } }),
      );
    case 'rent':
      return done(await createOwnRent(ctx, chain, { period: suitePeriod(ctx, `${tag} rent`), status: 'Pending' }));
    case 'rentPatch': {
      const payment = await createOwnRent(ctx, chain, { period: suitePeriod(ctx, `${tag} paid`), status: 'Pending' });
      return done(
        await changed(`/rent/${String(payment.id)}`, {
          method: 'PATCH',
          json: { status: 'Paid', amountReceived: 12.5, datePaid: addDays(utcDate(), -2) },
        }),
      );
    }
    default:
      throw new Error(`no write of the check's own for ${routeName(route)} (body ${route.body})`);
  }
}

/** The fields of the resource's table on which `read` differs from the write's answer. */
function differences(w: Written, read: Json): string[] {
  return w.resource.fields
    .map((f) => f.field)
    .filter((f) => !VOLATILE.has(f) && f in w.answer && !isDeepStrictEqual(read[f], w.answer[f]))
    .map(
      (f) => `${f}: answered ${describeValue(w.answer[f]).slice(0, 60)}, read ${describeValue(read[f]).slice(0, 60)}`,
    );
}

export const writesReadBackEverywhere = defineCheck({
  id: 'generated.writeAnswersReadBackInEveryListAndDetail',
  title:
    "Every create and change of the spec's detailed routes (properties, image, contracts, rent, documents) answers the item as its detail route and every list of it read it back right after: the table's fields equal, field by field",
  group: 'States and transitions',
  // What each write answers (its Success response cell) and what the reads answer: the lists (their `adds` rules
  // in the route table) and the details.
  rules: [
    ...new Set([
      ...READ_BACK_WRITES.flatMap((r) => (r.effects?.adds ?? []).flatMap((e) => e.rules)),
      'PROP-5',
      'PROP-9',
      'PROP-11',
      'PROP-19',
      'CONTRACT-7',
      'CONTRACT-10',
      'CONTRACT-12',
      'RENT-POST-6',
      'RENT-PATCH-1',
    ]),
  ],
  long: true,
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'read-back');
    const chain = await createOwnChain(ctx, 'read-back', { key });
    const checked: string[] = [];
    for (const [i, route] of READ_BACK_WRITES.entries()) {
      const w = await write(ctx, route, key, chain, `read-back-${i}`);
      const id = w.answer.id;
      if (typeof id !== 'string') continue; // an answer without an id is the shape invariants' to fail
      const collection = collectionOf(route, w.resource, w.owner);
      const template = collectionOf(route, w.resource, '{id}');
      const reads: string[] = [];
      if (SPEC_ROUTES.some((r) => r.method === 'GET' && r.path === `${template}/{id}`)) {
        const res = await ctx.http.request({ path: `${collection}/${id}`, key });
        const data = successData(ctx, res, [200]);
        ctx.expect(
          isRecord(data) && differences(w, data).length === 0,
          `GET ${collection}/${id} right after ${routeName(route)} to read the item as the write answered it`,
          () => (isRecord(data) ? differences(w, data).join('; ') : describeValue(data)),
          res.exchange,
        );
        reads.push('detail');
      }
      if (SPEC_ROUTES.some((r) => r.method === 'GET' && r.path === template)) {
        const query: Readonly<Record<string, string | number>> =
          w.resource.name === 'RentPayment' ? { contractId: chain.contractId, limit: 500 } : { limit: 500 };
        const page = await getList(ctx, collection, key, query);
        const item = page.items.find((x) => x.id === id);
        ctx.expect(
          item !== undefined && differences(w, item).length === 0,
          `GET ${collection} right after ${routeName(route)} to list the item as the write answered it`,
          () => (item === undefined ? `no item ${id} listed` : differences(w, item).join('; ')),
          page.res.exchange,
        );
        reads.push('list');
      }
      checked.push(`${routeName(route)} (${reads.join(', ')})`);
    }
    ctx.note(`${checked.length} writes read back as answered: ${checked.join('; ')}`);
  },
});
