// Generated from the route table: an id under an owner is the owner's. Every route addressing a sub-resource by
// `{id}` and `{docId}` (the document deletes) is sent the id of a document that exists but belongs elsewhere: to
// another item of the same kind (another property's document) and to an item of the other kind (a contract's
// document on a property's route). That document does not exist there, so the answer is 404 NOT_FOUND (AUTH-8) and
// the document stays where it is ("Property documents are ... attached to a property, not to a contract").

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { routeName, SPEC_ROUTES, type SpecRoute } from '../../spec-routes';
import { listDocuments, uploadDocument, type DocOwner } from '../documents/helpers';
import { createOwnChain } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';

/** The routes that address a document under its owner. */
export const OWNED_ID_ROUTES: readonly SpecRoute[] = SPEC_ROUTES.filter(
  (r) => r.detail === 'full' && r.ids?.docId !== undefined,
);

/** Which owner kind a route's `{id}` is: its owner list. */
function kindOf(route: SpecRoute): 'property' | 'contract' {
  return route.ids?.id === '/contracts' ? 'contract' : 'property';
}

export const idsUnderAnotherOwnerAnswer404 = defineCheck({
  id: 'generated.documentIdsUnderAnotherOwnerAnswer404',
  title:
    "Every route addressing a document under its owner answers 404 NOT_FOUND for a document of another owner (another property's or contract's, or one of the other kind) and leaves it in place",
  group: 'Authentication',
  rules: ['AUTH-8', 'ERR-NOT_FOUND', 'RES-DOC-6', 'RES-DOC-7', 'PROP-37', 'CONTRACT-22'],
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'owned-ids');
    const [first, second] = [
      await createOwnChain(ctx, 'owned-ids-a', { key }),
      await createOwnChain(ctx, 'owned-ids-b', { key }),
    ];
    const ownerOf = (chain: typeof first, kind: 'property' | 'contract'): DocOwner => ({
      kind,
      id: kind === 'property' ? chain.propertyId : chain.contractId,
      key,
    });
    const done: string[] = [];
    for (const route of OWNED_ID_ROUTES) {
      const addressed = ownerOf(first, kindOf(route));
      // A document of the same kind of owner, another one; and one of the other kind, the same chain's.
      const elsewhere: DocOwner[] = [
        ownerOf(second, kindOf(route)),
        ownerOf(first, kindOf(route) === 'property' ? 'contract' : 'property'),
      ];
      for (const owner of elsewhere) {
        const doc = await uploadDocument(ctx, owner, { name: `${ctx.marker} owned ${owner.kind}` }, [
          'PROP-30',
          'CONTRACT-19',
        ]);
        const path = route.path.replace('{id}', addressed.id).replace('{docId}', String(doc.id));
        const res = await ctx.http.request({ method: route.method, path, key });
        ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: ['AUTH-8', 'ERR-NOT_FOUND'] });
        const { res: list, items } = await listDocuments(ctx, owner, {}, ['PROP-27', 'CONTRACT-17']);
        ctx.expect(
          items.some((d) => d.id === doc.id),
          `the ${owner.kind} document ${String(doc.id)} still listed under its ${owner.kind} after ${route.method} ${path}`,
          () => describeValue(items.map((d) => d.id)),
          list.exchange,
          { rules: ['RES-DOC-6', 'RES-DOC-7'] },
        );
        done.push(
          `${routeName(route)} with a document of ${owner.kind === addressed.kind ? 'another' : 'a'} ${owner.kind}`,
        );
      }
    }
    ctx.note(`404 and left in place: ${done.join('; ')}`);
  },
});
