// The faults of the checks in documents.ts: each must make its check FAIL (a broken deployment per fault).
import { isListAnswer, jsonResponse, mapJson, readJson, withJson } from '../../support/faults';
import {
  Rec,
  path,
  DOCS,
  DOC,
  items,
  withQuery,
  get,
  today,
  multipartField,
  withMultipartField,
} from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Documents ------------------------------------------------------------------------------------------
  'documents.listItemsCarryAWorkingDownloadUrl': [
    {
      fault: () =>
        mapJson(
          'document lists lack downloadUrl',
          (q, r) => q.method === 'GET' && /\/documents$/.test(path(q)) && isListAnswer(r),
          (b) => ({ ...b, data: items(b).map(({ downloadUrl: _d, ...rest }) => rest) }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'download links point nowhere',
          (q, r) => q.method === 'GET' && /\/documents$/.test(path(q)) && isListAnswer(r),
          (b) => ({ ...b, data: items(b).map((d) => ({ ...d, downloadUrl: `${String(d.downloadUrl)}x` })) }),
        ),
    },
  ],
  'documents.expiringWithinDaysReturnsOnlyDocumentsDueByThen': [
    redTeamFault('documents-expiring-leaves-out-expired'),
    {
      fault: () => ({
        description: 'expiringWithinDays is ignored',
        request: (req) =>
          req.query.has('expiringWithinDays') ? withQuery(req, (q) => q.delete('expiringWithinDays')) : undefined,
      }),
    },
    {
      fault: () =>
        mapJson(
          'expiringWithinDays leaves out documents that have already expired',
          (q, r) => q.query.has('expiringWithinDays') && isListAnswer(r),
          (b) => {
            const data = items(b).filter((d) => typeof d.expiryDate === 'string' && d.expiryDate >= today());
            return { ...b, data, meta: { ...(b.meta as Rec), total: data.length } };
          },
        ),
    },
  ],
  'documents.expiringWithinDaysBounds': [
    {
      fault: () => ({
        description: 'expiringWithinDays above 3650 is capped to 3650',
        request: (req) =>
          Number(req.query.get('expiringWithinDays')) > 3650
            ? withQuery(req, (q) => q.set('expiringWithinDays', '3650'))
            : undefined,
      }),
    },
  ],
  'documents.uploadThenSoftDeleteRemovesFromList': [
    {
      fault: () => ({
        description: 'DELETE of a document answers { deleted: true } but deletes nothing',
        request: (req) => {
          const m = DOC.exec(path(req));
          return req.method === 'DELETE' && m ? jsonResponse(200, { data: { deleted: true, id: m[3] } }) : undefined;
        },
      }),
    },
  ],
  'documents.nameBoundsAndRequiredParts': [
    {
      fault: () => ({
        description: 'document names over 500 characters are cut to 500 and accepted',
        request: (req) => {
          if (req.method !== 'POST' || !/\/documents$/.test(path(req))) return undefined;
          const name = multipartField(req.body, 'name');
          const chars = name === undefined ? [] : Array.from(Buffer.from(name, 'latin1').toString('utf8'));
          return chars.length > 500 ? withMultipartField(req, 'name', chars.slice(0, 500).join('')) : undefined;
        },
      }),
    },
  ],
  'documents.oversizeUploadAnswers413FileTooLarge': [
    {
      fault: () =>
        mapJson(
          'oversize documents answer 413 PAYLOAD_TOO_LARGE',
          (_q, r) => r.status === 413,
          (b) => ({ ...b, code: 'PAYLOAD_TOO_LARGE' }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'oversize documents answer 403 STORAGE_QUOTA_EXCEEDED (a code the errors table does not have)',
          (_q, r) => r.status === 413,
          (b) => [{ ...b, code: 'STORAGE_QUOTA_EXCEEDED' }, 403],
        ),
    },
    {
      fault: () =>
        mapJson(
          'oversize contract documents answer 400 VALIDATION_ERROR (property documents 413 FILE_TOO_LARGE)',
          (q, r) => r.status === 413 && /^\/contracts\/[^/]+\/documents$/.test(path(q)),
          (b) => [{ ...b, code: 'VALIDATION_ERROR' }, 400],
        ),
    },
  ],
  'documents.contractDocumentsAreApartFromPropertyDocuments': [
    {
      fault: () => ({
        description: "a property's document list also shows its contracts' documents",
        async response(res, req, ctx) {
          const id = DOCS.exec(path(req))?.[1];
          if (req.method !== 'GET' || !id || !isListAnswer(res)) return undefined;
          const contracts = items(
            readJson(await ctx.upstream(get(req, '/contracts', `propertyId=${id}&limit=100`))) as Rec,
          );
          const extra: unknown[] = [];
          for (const c of contracts)
            extra.push(...items(readJson(await ctx.upstream(get(req, `/contracts/${String(c.id)}/documents`))) as Rec));
          const b = readJson(res) as Rec;
          return withJson(res, { ...b, data: [...items(b), ...extra] });
        },
      }),
    },
  ],
};
