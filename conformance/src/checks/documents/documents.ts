// Property documents and contract documents: the field table and working download links, the
// expiringWithinDays filter and its bounds, uploads with the name bounds, soft delete, and contract documents
// kept apart from property documents. Writes go to properties and contracts the check creates itself.

import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../runner';
import { SPEC_ROUTES } from '../../spec-routes';
import { describeResponse, describeValue } from '../../runner/describe';
import { addDays, isIsoDate, utcDate } from '../shared/dates';
import { pdfBytes } from '../shared/files';
import { fetchLink } from '../shared/links';
import { createOwnChain, expect400 } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { expectShape } from '../shared/shape';
import { codeOf, createOwnProperty, isRecord, successData, unknownId, type Json } from '../shared/util';
import { targetProperties } from '../properties/fields';
import {
  DOCUMENT_FIELDS,
  docIdOf,
  docsPath,
  listDocuments,
  LIVE,
  nameProblem,
  sameDoc,
  uploadDocument,
  uploadForm,
  uploadRaw,
  type DocOwner,
} from './helpers';

const GROUP = 'Endpoints > Properties';

function without<T extends Record<string, unknown>>(form: T, part: string): T {
  const copy = { ...form };
  delete copy[part];
  return copy;
}

function expectDocument(
  ctx: CheckContext,
  doc: Json,
  where: string,
  exchange: Parameters<CheckContext['fail']>[2],
): void {
  expectShape(ctx, doc, DOCUMENT_FIELDS, where, exchange);
  const problem = nameProblem(doc);
  ctx.expect(problem === undefined, `${where}.name: 1 to 500 characters`, problem ?? '', exchange, {
    rules: ['RES-DOC-1'],
  });
}

async function download(
  ctx: CheckContext,
  url: string,
  rules: readonly string[],
  expected?: Uint8Array,
): Promise<void> {
  const res = await fetchLink(ctx, url);
  ctx.expect(
    res.status === 200 && res.bytes.byteLength > 0,
    'the downloadUrl to download the document: 200 with bytes, without credentials, redirects followed',
    () => describeResponse(res),
    res.exchange,
    { rules },
  );
  if (expected) {
    ctx.expect(
      Buffer.from(res.bytes).equals(Buffer.from(expected)),
      `the downloaded bytes to be the ${expected.byteLength} bytes uploaded`,
      () => `${res.bytes.byteLength} other bytes`,
      res.exchange,
      { rules },
    );
  }
}

export const documentListItemsCarryAWorkingDownloadUrl = defineCheck({
  id: 'documents.listItemsCarryAWorkingDownloadUrl',
  title: 'Property document lists carry name, type, expiryDate and a downloadUrl that downloads the file',
  group: 'Resources > Property document and contract document',
  rules: ['PROP-27', 'RES-DOC-1', 'RES-DOC-2', 'RES-DOC-3', 'RES-DOC-4', 'RES-DOC-5', 'LIMIT-13'],
  async run(ctx: CheckContext) {
    // The suite's own document: the link must give back exactly the bytes uploaded.
    const own = await createOwnProperty(ctx, LIVE, 'doc-download');
    const owner: DocOwner = { kind: 'property', id: String(own.id) };
    const content = pdfBytes(2048, 7);
    const uploaded = await uploadDocument(
      ctx,
      owner,
      { name: `${ctx.marker} download.pdf`, expiryDate: addDays(utcDate(), 100), content },
      ['PROP-30'],
    );
    const list = await listDocuments(ctx, owner);
    const mine = list.items.find((d) => sameDoc(d, uploaded));
    ctx.expect(
      mine !== undefined,
      'the uploaded document in GET /properties/{id}/documents',
      () => describeValue(list.items),
      list.res.exchange,
      { rules: ['PROP-27'] },
    );
    expectDocument(ctx, mine, 'the listed document', list.res.exchange);
    await download(ctx, mine.downloadUrl as string, ['RES-DOC-4', 'RES-DOC-5', 'LIMIT-13'], content);

    // The target's own documents: every item typed, a few links followed.
    let checked = 0;
    let downloaded = 0;
    for (const property of (await targetProperties(ctx)).slice(0, 8)) {
      const docs = await listDocuments(ctx, { kind: 'property', id: String(property.id) });
      for (const doc of docs.items) {
        expectDocument(ctx, doc, `a document of property ${String(property.id)}`, docs.res.exchange);
        checked++;
        if (downloaded < 3) {
          await download(ctx, doc.downloadUrl as string, ['RES-DOC-4', 'RES-DOC-5']);
          downloaded++;
        }
      }
    }
    ctx.note(`own document downloaded byte for byte; ${checked} target documents typed, ${downloaded} downloaded`);
  },
});

export const documentsExpiringWithinDaysFilter = defineCheck({
  id: 'documents.expiringWithinDaysReturnsOnlyDocumentsDueByThen',
  title:
    'expiringWithinDays=N returns exactly the documents with a non-null expiryDate on or before today (UTC) + N, expired ones included',
  group: GROUP,
  rules: ['PROP-42', 'PROP-28', 'LIMIT-8'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes and reads are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'doc-expiring');
    const own = await createOwnProperty(ctx, key, 'doc-expiring');
    const owner: DocOwner = { kind: 'property', id: String(own.id), key };
    const today = utcDate();
    const offsets: Array<number | null> = [-5, 0, 10, 400, 4000, null];
    for (const offset of offsets) {
      await uploadDocument(
        ctx,
        owner,
        {
          name: `${ctx.marker} expiring ${offset ?? 'never'}`,
          ...(offset === null ? {} : { expiryDate: addDays(today, offset) }),
        },
        ['PROP-30'],
      );
    }
    const all = (await listDocuments(ctx, owner)).items;
    ctx.expect(
      all.length === offsets.length,
      `the ${offsets.length} uploaded documents listed`,
      () => `${all.length}`,
      undefined,
      { rules: ['PROP-27'] },
    );

    const check = async (owner: DocOwner, everything: readonly Json[], n: number, exact: boolean): Promise<void> => {
      const first = utcDate();
      const filtered = await listDocuments(ctx, owner, { expiringWithinDays: n }, ['PROP-28', 'PROP-42']);
      const last = utcDate();
      const latest = addDays(last, n);
      const wrong = filtered.items.find((d) => !isIsoDate(d.expiryDate) || d.expiryDate > latest);
      ctx.expect(
        wrong === undefined,
        `every document of expiringWithinDays=${n} to have a non-null expiryDate on or before ${latest}`,
        () => `${String(wrong?.name)}: expiryDate ${describeValue(wrong?.expiryDate)}`,
        filtered.res.exchange,
        { rules: ['PROP-42'] },
      );
      if (exact) {
        const earliest = addDays(first, n);
        const due = everything.filter((d) => isIsoDate(d.expiryDate) && d.expiryDate <= earliest);
        const missing = due.find((d) => !filtered.items.some((f) => sameDoc(f, d)));
        ctx.expect(
          missing === undefined,
          `expiringWithinDays=${n} to include every document expiring on or before ${earliest} (expired ones too)`,
          () => `${String(missing?.name)} (expiryDate ${describeValue(missing?.expiryDate)}) is missing`,
          filtered.res.exchange,
          { rules: ['PROP-42'] },
        );
      }
    };
    for (const n of [0, 30, 3650]) await check(owner, all, n, true);
    await ctx.property(
      'expiringWithinDays=N matches the documents due by today + N',
      fc.integer({ min: 0, max: 3650 }),
      async (n) => {
        await check(owner, all, n, true);
        return true;
      },
      { numRuns: 6 },
    );
    // The target's own documents: the filter holds on every item.
    let properties = 0;
    for (const property of (await targetProperties(ctx)).slice(0, 5)) {
      const target: DocOwner = { kind: 'property', id: String(property.id) };
      await check(target, (await listDocuments(ctx, target)).items, 30, true);
      properties++;
    }
    ctx.note(
      `filter exact on the suite's 6 documents (N = 0, 30, 3650 and random N) and on ${properties} target properties`,
    );
  },
});

export const documentsExpiringWithinDaysBounds = defineCheck({
  id: 'documents.expiringWithinDaysBounds',
  title: 'expiringWithinDays accepts integers 0 to 3650 and answers 400 for -1, 3651 and non-integers',
  group: GROUP,
  rules: ['PROP-28', 'LIMIT-8', 'ERR-VALIDATION_ERROR'],
  async run(ctx: CheckContext) {
    const [property] = await targetProperties(ctx, LIVE, 1);
    const id = property ? String(property.id) : String((await createOwnProperty(ctx, LIVE, 'doc-bounds')).id);
    const path = `/properties/${id}/documents`;
    for (const n of ['0', '3650']) {
      const res = await ctx.http.request({ path, key: LIVE, query: { expiringWithinDays: n } });
      ctx.expect(
        res.status === 200,
        `expiringWithinDays=${n} to be accepted (200)`,
        () => describeResponse(res),
        res.exchange,
        { rules: ['PROP-28', 'LIMIT-8'] },
      );
    }
    for (const n of ['-1', '3651', '36500', '1.5', 'soon']) {
      const res = await ctx.http.request({ path, key: LIVE, query: { expiringWithinDays: n } });
      expect400(ctx, res, `expiringWithinDays=${n}`, ['PROP-28', 'LIMIT-8']);
    }
    ctx.note('0 and 3650 accepted; -1, 3651, 36500, 1.5 and "soon" answered 400 VALIDATION_ERROR');
  },
});

export const documentUploadThenSoftDelete = defineCheck({
  id: 'documents.uploadThenSoftDeleteRemovesFromList',
  title:
    'POST /properties/{id}/documents answers 201 with the document; DELETE answers { deleted: true, id } and it leaves the list',
  group: GROUP,
  rules: ['PROP-30', 'PROP-35', 'PROP-37', 'STATE-27', 'RES-DOC-6'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'doc-delete');
    const own = await createOwnProperty(ctx, key, 'doc-delete');
    const owner: DocOwner = { kind: 'property', id: String(own.id), key };
    const name = `${ctx.marker} tenancy pack.pdf`;
    const expiryDate = addDays(utcDate(), 45);
    const doc = await uploadDocument(ctx, owner, { name, type: 'GSC_Certificate', expiryDate }, ['PROP-30']);
    ctx.expect(
      doc.name === name && doc.type === 'GSC_Certificate' && doc.expiryDate === expiryDate,
      `the created document to echo name, type and expiryDate (${name}, GSC_Certificate, ${expiryDate})`,
      () => describeValue(doc),
      undefined,
      { rules: ['PROP-30'] },
    );
    const docId = docIdOf(ctx, doc);
    const listed = await listDocuments(ctx, owner);
    ctx.expect(
      listed.items.some((d) => sameDoc(d, doc)),
      "the new document in the property's list",
      () => describeValue(listed.items),
      listed.res.exchange,
      { rules: ['PROP-30', 'RES-DOC-6'] },
    );

    const res = await ctx.http.request({ method: 'DELETE', path: `${docsPath(owner)}/${docId}`, key });
    const data = successData(ctx, res, [200], { rules: ['PROP-35'] });
    ctx.expect(
      isRecord(data) && data.deleted === true && data.id === docId && data.sandbox !== true,
      `{ deleted: true, id: "${docId}" }`,
      () => describeValue(data),
      res.exchange,
      { rules: ['PROP-35'] },
    );
    const after = await listDocuments(ctx, owner);
    ctx.expect(
      !after.items.some((d) => sameDoc(d, doc)),
      'the deleted document gone from the list',
      'it is still listed',
      after.res.exchange,
      { rules: ['PROP-35', 'STATE-27'] },
    );
    const again = await ctx.http.request({ method: 'DELETE', path: `${docsPath(owner)}/${docId}`, key });
    ctx.expectErrorEnvelope(again, 404, 'NOT_FOUND', { rules: ['PROP-37'] });
    ctx.note('uploaded, listed, soft-deleted, gone; a second DELETE answered 404');
  },
});

export const documentNameBoundsAndRequiredParts = defineCheck({
  id: 'documents.nameBoundsAndRequiredParts',
  title: 'Document uploads need file, name (1 to 500 characters) and type: 500 characters accepted, 0 and 501 refused',
  group: GROUP,
  rules: ['PROP-31', 'LIMIT-7', 'RES-DOC-1', 'PROP-30'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'doc-names');
    const own = await createOwnProperty(ctx, key, 'doc-names');
    const owner: DocOwner = { kind: 'property', id: String(own.id), key };
    const prefix = `${ctx.marker} `;
    const longest = prefix + 'n'.repeat(500 - prefix.length);
    const doc = await uploadDocument(ctx, owner, { name: longest }, ['PROP-30', 'LIMIT-7']);
    ctx.expect(
      doc.name === longest,
      'a 500-character name accepted and kept whole',
      () => `${Array.from(String(doc.name)).length} characters`,
      undefined,
      { rules: ['LIMIT-7', 'RES-DOC-1'] },
    );

    const refused: Array<[string, ReturnType<typeof uploadForm>]> = [
      ['a 501-character name', uploadForm({ name: longest + 'x' })],
      ['an empty name', uploadForm({ name: '' })],
      ['no name', without(uploadForm({ name: 'x' }), 'name')],
      ['no type', without(uploadForm({ name: `${prefix}no type` }), 'type')],
      ['no file', without(uploadForm({ name: `${prefix}no file` }), 'file')],
      ['an expiryDate that is not a date', uploadForm({ name: `${prefix}bad date`, expiryDate: 'next year' })],
    ];
    for (const [what, form] of refused) {
      const res = await uploadRaw(ctx, owner, form);
      expect400(
        ctx,
        res,
        `a document upload with ${what}`,
        what.includes('name') ? ['PROP-31', 'LIMIT-7'] : ['PROP-31'],
        ['VALIDATION_ERROR', 'BAD_REQUEST'],
      );
    }
    const listed = await listDocuments(ctx, owner);
    ctx.expect(
      listed.items.length === 1,
      'only the valid upload listed',
      () => `${listed.items.length} documents`,
      listed.res.exchange,
      { rules: ['PROP-31'] },
    );
    ctx.note('500-character name accepted; 501 and 0 characters, and uploads without name, type or file, refused');
  },
});

/** The document upload routes of the spec's table, and the rule naming their 413 (PROP-33, CONTRACT-20). */
const DOCUMENT_UPLOADS = SPEC_ROUTES.filter((r) => r.body === 'document').map((r) => ({
  route: r,
  kind: r.path.startsWith('/properties/') ? ('property' as const) : ('contract' as const),
  rule: r.path.startsWith('/properties/') ? 'PROP-33' : 'CONTRACT-20',
}));

export const documentOversizeUploadCarriesFileTooLarge = defineCheck({
  id: 'documents.oversizeUploadAnswers413FileTooLarge',
  title:
    'A document over the storage object limit answers 413 FILE_TOO_LARGE on every document upload route (a 30 MB upload: accepted, 413 FILE_TOO_LARGE, or 403 FORBIDDEN as over the storage quota)',
  group: GROUP,
  rules: [...new Set(DOCUMENT_UPLOADS.map((u) => u.rule)), 'ERR-FILE_TOO_LARGE'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'doc-oversize');
    const chain = await createOwnChain(ctx, 'doc-oversize', { key });
    for (const upload of DOCUMENT_UPLOADS) {
      const owner: DocOwner = {
        kind: upload.kind,
        id: upload.kind === 'property' ? chain.propertyId : chain.contractId,
        key,
      };
      const res = await uploadRaw(
        ctx,
        owner,
        uploadForm({ name: `${ctx.marker} oversize.pdf`, content: pdfBytes(30 * 1024 * 1024) }),
      );
      const where = `${upload.route.method} ${upload.route.path}`;
      if (res.status === 201) {
        ctx.note(`${where}: a 30 MB document was accepted: the size limit is not shown (LIMIT-19) and lies above that`);
        continue;
      }
      // "storage quota enforced" with no status of its own, and quota amounts "not shown" (LIMIT-20): 30 MB may
      // be over the quota, refused as the generic 403 FORBIDDEN ("reserved for cases without a specific code").
      if (res.status === 403 && codeOf(res) === 'FORBIDDEN') {
        ctx.expectErrorEnvelope(res, 403, 'FORBIDDEN', { rules: [upload.rule] });
        ctx.note(`${where}: a 30 MB document refused with 403 FORBIDDEN, as over the storage quota`);
        continue;
      }
      ctx.expectErrorEnvelope(res, 413, 'FILE_TOO_LARGE', { rules: [upload.rule, 'ERR-FILE_TOO_LARGE'] });
      ctx.note(`${where}: a 30 MB document answered 413 FILE_TOO_LARGE`);
    }
  },
});

export const contractDocumentsAreApartFromPropertyDocuments = defineCheck({
  id: 'documents.contractDocumentsAreApartFromPropertyDocuments',
  title:
    "Contract documents are listed, downloaded and deleted under their contract, never among the property's documents, and vice versa",
  group: 'Endpoints > Contracts',
  rules: [
    'RES-DOC-6',
    'RES-DOC-7',
    'CONTRACT-17',
    'CONTRACT-18',
    'CONTRACT-19',
    'CONTRACT-20',
    'CONTRACT-21',
    'CONTRACT-22',
    'STATE-27',
  ],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes and reads are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'contract-docs');
    const chain = await createOwnChain(ctx, 'contract-docs', { key });
    const property: DocOwner = { kind: 'property', id: chain.propertyId, key };
    const contract: DocOwner = { kind: 'contract', id: chain.contractId, key };
    const content = pdfBytes(1800, 3);
    const propertyDoc = await uploadDocument(ctx, property, { name: `${ctx.marker} property doc.pdf` }, ['PROP-30']);
    const contractDoc = await uploadDocument(
      ctx,
      contract,
      { name: `${ctx.marker} tenancy agreement.pdf`, type: 'Contract', content },
      ['CONTRACT-19'],
    );
    ctx.expect(
      contractDoc.name === `${ctx.marker} tenancy agreement.pdf` && contractDoc.type === 'Contract',
      'the created contract document to echo its name and type',
      () => describeValue(contractDoc),
      undefined,
      { rules: ['CONTRACT-19'] },
    );

    const contractList = await listDocuments(ctx, contract, {}, ['CONTRACT-17']);
    const listed = contractList.items.find((d) => sameDoc(d, contractDoc));
    ctx.expect(
      listed !== undefined,
      'the contract document in GET /contracts/{id}/documents',
      () => describeValue(contractList.items),
      contractList.res.exchange,
      { rules: ['CONTRACT-17', 'RES-DOC-7'] },
    );
    expectDocument(ctx, listed, 'the listed contract document', contractList.res.exchange);
    await download(ctx, listed.downloadUrl as string, ['CONTRACT-17', 'RES-DOC-4'], content);
    ctx.expect(
      !contractList.items.some((d) => sameDoc(d, propertyDoc)),
      'the property document NOT among the contract documents',
      'it is listed there',
      contractList.res.exchange,
      { rules: ['RES-DOC-6'] },
    );
    const propertyList = await listDocuments(ctx, property);
    ctx.expect(
      propertyList.items.some((d) => sameDoc(d, propertyDoc)),
      'the property document among the property documents',
      () => describeValue(propertyList.items),
      propertyList.res.exchange,
      { rules: ['RES-DOC-6'] },
    );
    ctx.expect(
      !propertyList.items.some((d) => sameDoc(d, contractDoc)),
      'the contract document NOT among the property documents',
      'it is listed there',
      propertyList.res.exchange,
      { rules: ['RES-DOC-6', 'RES-DOC-7'] },
    );

    const tooLong = await uploadRaw(ctx, contract, uploadForm({ name: 'n'.repeat(501), type: 'Contract' }));
    expect400(
      ctx,
      tooLong,
      'a contract document named with 501 characters',
      ['CONTRACT-20', 'LIMIT-7'],
      ['VALIDATION_ERROR', 'BAD_REQUEST'],
    );
    const unknownContract: DocOwner = { kind: 'contract', id: unknownId(), key };
    ctx.expectErrorEnvelope(await ctx.http.request({ path: docsPath(unknownContract), key }), 404, 'NOT_FOUND', {
      rules: ['CONTRACT-18'],
    });
    ctx.expectErrorEnvelope(
      await uploadRaw(ctx, unknownContract, uploadForm({ name: `${ctx.marker} nowhere`, type: 'Contract' })),
      404,
      'NOT_FOUND',
      { rules: ['CONTRACT-20'] },
    );

    const docId = docIdOf(ctx, contractDoc);
    const res = await ctx.http.request({ method: 'DELETE', path: `${docsPath(contract)}/${docId}`, key });
    const data = successData(ctx, res, [200], { rules: ['CONTRACT-21'] });
    ctx.expect(
      isRecord(data) && data.deleted === true && data.id === docId,
      `{ deleted: true, id: "${docId}" }`,
      () => describeValue(data),
      res.exchange,
      { rules: ['CONTRACT-21'] },
    );
    const after = await listDocuments(ctx, contract, {}, ['CONTRACT-17']);
    ctx.expect(
      !after.items.some((d) => sameDoc(d, contractDoc)),
      'the deleted contract document gone from its list',
      'it is still listed',
      after.res.exchange,
      { rules: ['CONTRACT-21', 'STATE-27'] },
    );
    ctx.expectErrorEnvelope(
      await ctx.http.request({ method: 'DELETE', path: `${docsPath(contract)}/${docId}`, key }),
      404,
      'NOT_FOUND',
      { rules: ['CONTRACT-22'] },
    );
    ctx.note('contract and property documents listed apart; contract document downloaded, soft-deleted, then 404');
  },
});
