// Items of a check's own for every id the route table's routes take: a property, a tenant and a contract between
// them, a rent payment, a property document and a contract document, all written with one key. The generated checks
// that aim a request at every by-id route (foreign ids, invalid bodies) fill `{id}` and `{docId}` from here, so a
// write they provoke can only touch data the check made.

import type { CheckContext } from '../../runner';
import type { SpecRoute } from '../../spec-routes';
import type { RouteIds } from '../access/requests';
import { uploadDocument } from '../documents/helpers';
import { createOwnChain, createOwnRent, suitePeriod, type OwnChain } from '../shared/own-data';

export interface OwnItems {
  readonly chain: OwnChain;
  readonly key: string;
  /** The ids of the route's `{id}` and `{docId}`, or undefined when the check made no such item (named groups). */
  idsFor(route: SpecRoute): RouteIds | undefined;
}

export async function createOwnItems(ctx: CheckContext, key: string, tag: string): Promise<OwnItems> {
  const chain = await createOwnChain(ctx, tag, { key });
  const rent = await createOwnRent(ctx, chain, { period: suitePeriod(ctx, `${tag} rent`), status: 'Pending' });
  const propertyDoc = await uploadDocument(
    ctx,
    { kind: 'property', id: chain.propertyId, key },
    { name: `${ctx.marker} ${tag} doc` },
    ['PROP-30'],
  );
  const contractDoc = await uploadDocument(
    ctx,
    { kind: 'contract', id: chain.contractId, key },
    { name: `${ctx.marker} ${tag} doc` },
    ['CONTRACT-19'],
  );
  const owners: Readonly<Record<string, string>> = {
    '/properties': chain.propertyId,
    '/contracts': chain.contractId,
    '/rent': String(rent.id),
    '/tenants': chain.tenant.id,
  };
  const docs: Readonly<Record<string, string>> = {
    '/properties/{id}/documents': String(propertyDoc.id),
    '/contracts/{id}/documents': String(contractDoc.id),
  };
  return {
    chain,
    key,
    idsFor(route) {
      if (!route.ids) return {};
      const id = owners[route.ids.id];
      if (id === undefined) return undefined;
      if (route.ids.docId === undefined) return { id };
      const docId = docs[route.ids.docId];
      return docId === undefined ? undefined : { id, docId };
    },
  };
}
