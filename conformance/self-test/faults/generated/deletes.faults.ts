// The faults of deletes.ts: each keeps one list or total as it was before a delete that answered 200 (the others
// stay right), so the generated check must look at every list and total the table names.
import type { Fault, ProxyRequest, ProxyResponse } from '../../support/broken';
import { apiPath, isRec, keyOf, readJson, withJson } from '../../support/faults';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

type Rec = Record<string, unknown>;

/** After each 200 answer to DELETE `deleted`, adds one to the number at `field` of GET `list` answers (same key). */
function totalKept(deleted: RegExp, list: string, field: readonly string[], what: string): () => Fault {
  return () => ({
    description: `${what} is not one less after a delete`,
    response: (res: ProxyResponse, req: ProxyRequest, ctx) => {
      const path = apiPath(req) ?? '';
      const slot = `deleted ${keyOf(req) ?? ''}`;
      if (req.method === 'DELETE' && deleted.test(path) && res.status === 200) {
        ctx.state.set(slot, ((ctx.state.get(slot) as number | undefined) ?? 0) + 1);
        return undefined;
      }
      const n = (ctx.state.get(slot) as number | undefined) ?? 0;
      if (req.method !== 'GET' || path !== list || res.status !== 200 || n === 0) return undefined;
      const body = readJson(res);
      if (!isRec(body)) return undefined;
      let holder: Rec = body;
      for (const part of field.slice(0, -1)) {
        const next = holder[part];
        if (!isRec(next)) return undefined;
        holder = next;
      }
      const last = field[field.length - 1];
      if (typeof holder[last] === 'number') holder[last] = holder[last] + n;
      return withJson(res, body);
    },
  });
}

const DOC = /^\/(properties|contracts)\/([^/]+)\/documents\/([^/]+)$/;

/** A deleted document stays in its owner's document list (the delete answers 200 and the item is kept). */
function deletedDocumentListed(): Fault {
  return {
    description: 'a deleted document stays in GET …/documents',
    response: (res, req, ctx) => {
      const path = apiPath(req) ?? '';
      const doc = DOC.exec(path);
      if (req.method === 'DELETE' && doc && res.status === 200) {
        const list = `/${doc[1]}/${doc[2]}/documents`;
        const kept = (ctx.state.get(list) as string[] | undefined) ?? [];
        ctx.state.set(list, [...kept, doc[3]]);
        return undefined;
      }
      const kept = ctx.state.get(path) as string[] | undefined;
      if (req.method !== 'GET' || !kept || res.status !== 200) return undefined;
      const body = readJson(res);
      if (!isRec(body) || !Array.isArray(body.data)) return undefined;
      const ghosts = kept.map((id) => ({ id, name: 'deleted', type: 'Contract', expiryDate: null }));
      return withJson(res, { ...body, data: [...(body.data as unknown[]), ...ghosts] });
    },
  };
}

export const faults: FaultTable = {
  'generated.deletesLeaveEveryListAndTotal': [
    redTeamFault('deleted-property-handbook-still-answers'),
    redTeamFault('deleted-contract-documents-still-answer'),
    redTeamFault('deleted-property-patch-answers'),
    { fault: totalKept(/^\/contracts\/[^/]+$/, '/contracts', ['meta', 'total'], 'GET /contracts meta.total') },
    {
      fault: totalKept(
        /^\/properties\/[^/]+$/,
        '/compliance/summary',
        ['data', 'portfolio', 'propertyCount'],
        'the compliance summary portfolio.propertyCount',
      ),
    },
    { fault: deletedDocumentListed },
  ],
};
