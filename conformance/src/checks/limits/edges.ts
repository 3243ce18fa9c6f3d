// Limits at their edge: the value at the limit and one past it. `search` counts characters
// (code points: a character outside the Basic Multilingual Plane is one character, two UTF-16 units), and
// `expiringWithinDays=N` takes a document dated today (UTC) + N and leaves one dated today + N + 1.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { listDocuments, uploadDocument, uploadForm, uploadRaw, type DocOwner } from '../documents/helpers';
import { addDays, utcDate } from '../shared/dates';
import { createOwnChain, expect400 } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { createOwnProperty } from '../shared/util';

const LIVE = 'enterpriseLive';
/** U+1F3E0 HOUSE BUILDING: one character, two UTF-16 code units, four UTF-8 bytes. */
const ASTRAL = '\u{1F3E0}';

export const searchLengthCountsCharacters = defineCheck({
  id: 'limits.searchLengthCountsCharacters',
  title:
    'search of 200 characters is accepted and 201 refused on /properties and /contracts, counting characters (200 outside the BMP are 400 UTF-16 units)',
  group: 'Limits > Input limits',
  rules: ['LIMIT-4', 'ERR-VALIDATION_ERROR'],
  async run(ctx: CheckContext) {
    for (const path of ['/properties', '/contracts']) {
      const ok = await ctx.http.request({ path, key: LIVE, query: { search: ASTRAL.repeat(200) } });
      ctx.expect(
        ok.status === 200,
        `GET ${path}?search= of 200 characters outside the BMP (400 UTF-16 units) to be accepted (200)`,
        () => describeResponse(ok),
        ok.exchange,
        { rules: ['LIMIT-4'] },
      );
      const mixed = await ctx.http.request({
        path,
        key: LIVE,
        query: { search: `${ASTRAL.repeat(100)}${'a'.repeat(100)}` },
      });
      ctx.expect(
        mixed.status === 200,
        `GET ${path}?search= of 200 characters (100 outside the BMP) to be accepted (200)`,
        () => describeResponse(mixed),
        mixed.exchange,
        { rules: ['LIMIT-4'] },
      );
      const over = await ctx.http.request({ path, key: LIVE, query: { search: ASTRAL.repeat(201) } });
      expect400(ctx, over, `GET ${path}?search= of 201 characters outside the BMP`, ['LIMIT-4']);
    }
    ctx.note('200 characters (outside the BMP, and mixed) accepted, 201 refused, on /properties and /contracts');
  },
});

export const expiringWithinDaysEdgeDay = defineCheck({
  id: 'documents.expiringWithinDaysEdgeDay',
  title: 'expiringWithinDays=N lists a document expiring today (UTC) + N and leaves out one expiring today + N + 1',
  group: 'Endpoints > Properties',
  rules: ['PROP-42', 'LIMIT-8'],
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'doc-edge');
    const own = await createOwnProperty(ctx, key, 'doc-edge');
    const owner: DocOwner = { kind: 'property', id: String(own.id), key };
    const n = 30;
    for (let attempt = 0; attempt < 2; attempt++) {
      const today = utcDate();
      const at = await uploadDocument(
        ctx,
        owner,
        { name: `${ctx.marker} edge N ${attempt}`, expiryDate: addDays(today, n) },
        ['PROP-30'],
      );
      const past = await uploadDocument(
        ctx,
        owner,
        { name: `${ctx.marker} edge N+1 ${attempt}`, expiryDate: addDays(today, n + 1) },
        ['PROP-30'],
      );
      const listed = await listDocuments(ctx, owner, { expiringWithinDays: n }, ['PROP-28', 'PROP-42']);
      // The UTC date turned while the check ran: try once more on the new date.
      if (utcDate() !== today) continue;
      const has = (doc: typeof at): boolean =>
        listed.items.some((d) => (typeof doc.id === 'string' ? d.id === doc.id : d.name === doc.name));
      ctx.expect(
        has(at),
        `expiringWithinDays=${n} to list the document expiring ${addDays(today, n)} (today + ${n})`,
        () => describeValue(listed.items.map((d) => d.expiryDate)),
        listed.res.exchange,
        { rules: ['PROP-42'] },
      );
      ctx.expect(
        !has(past),
        `expiringWithinDays=${n} to leave out the document expiring ${addDays(today, n + 1)} (today + ${n + 1})`,
        () => describeValue(listed.items.map((d) => d.expiryDate)),
        listed.res.exchange,
        { rules: ['PROP-42'] },
      );
      ctx.note(`today ${today}: the document of today + ${n} listed, the one of today + ${n + 1} left out`);
      return;
    }
    ctx.skip('the UTC date turned twice while the check ran');
  },
});

export const documentNameEdgeOnBothKinds = defineCheck({
  id: 'documents.nameEdgeOnPropertyAndContractDocuments',
  title:
    'A document name of 500 characters (outside the BMP: 1000 UTF-16 units) is accepted and 501 refused, on property and on contract documents',
  group: 'Resources > Property document and contract document',
  rules: ['LIMIT-7', 'RES-DOC-1', 'PROP-31'],
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'doc-name-edges');
    const chain = await createOwnChain(ctx, 'doc-name-edges', { key });
    const owners: DocOwner[] = [
      { kind: 'property', id: chain.propertyId, key },
      { kind: 'contract', id: chain.contractId, key },
    ];
    const prefix = `${ctx.marker} `;
    const name = prefix + ASTRAL.repeat(500 - Array.from(prefix).length);
    for (const owner of owners) {
      const doc = await uploadDocument(ctx, owner, { name }, ['LIMIT-7', 'RES-DOC-1']);
      ctx.expect(
        doc.name === name,
        `a ${owner.kind} document name of 500 characters accepted and kept whole`,
        () => `${Array.from(String(doc.name)).length} characters`,
        undefined,
        { rules: ['LIMIT-7', 'RES-DOC-1'] },
      );
      const over = await uploadRaw(ctx, owner, uploadForm({ name: name + ASTRAL }));
      expect400(
        ctx,
        over,
        `a ${owner.kind} document name of 501 characters`,
        ['LIMIT-7', 'PROP-31'],
        ['VALIDATION_ERROR', 'BAD_REQUEST'],
      );
    }
    ctx.note('500 characters (outside the BMP) accepted, 501 refused, on property and contract documents');
  },
});

export const EDGE_CHECKS = [
  searchLengthCountsCharacters,
  expiringWithinDaysEdgeDay,
  documentNameEdgeOnBothKinds,
] as const;
