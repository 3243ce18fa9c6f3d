// Property and contract documents: lists with signed download links, expiringWithinDays (today in UTC), uploads
// (size limit, quota, content type from the bytes), soft delete keeping the stored object, events, sandbox and
// tenant isolation. Time is a ManualClock, so link expiry is tested without waiting.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { fixtureId } from '@ppapi/spec';
import { ManualClock } from '../src/platform/clock';
import { addDays } from '../src/platform/time/dates';
import { DOCUMENT_TYPES } from '../src/resources/documents/schemas';
import { storageFor } from '../src/storage';
import { STORAGE_QUOTA_BYTES, storageUsedBytes } from '../src/storage/quota';
import { API, KEYS, startTestServer, type TestServer } from './helpers/server';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const TODAY = '2026-11-21';
const clock = new ManualClock(NOW);
let t: TestServer;
const HARBOUR = fixtureId('landlord:harbour');
const NORTHGATE = fixtureId('landlord:northgate');
const property = (i: number) => fixtureId(`property:harbour:${i}`);
const contract = (i: number) => fixtureId(`contract:${property(i)}`);
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await startTestServer({ clock });
  await t.deps
    .knex('api_keys')
    .whereIn('landlord_id', [HARBOUR, NORTHGATE])
    .update({
      rate_limits: JSON.stringify({
        writesPerMinute: 100_000,
        readsPerMinute: 100_000,
        writesPerDay: 1_000_000,
        readsPerDay: 1_000_000,
      }),
    });
});
afterAll(async () => {
  await t.stop();
});
beforeEach(() => clock.set(NOW));

interface Doc {
  id: string;
  propertyId: string;
  contractId?: string;
  name: string;
  type: string;
  expiryDate: string | null;
  contentType: string;
  sizeBytes: number;
  uploadedAt: string;
  downloadUrl: string;
  sandbox?: boolean;
}
interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----doctest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.from('%PDF-1.4\n% test document\n%%EOF\n');
const json = <T>(res: { payload: string }) => JSON.parse(res.payload) as T;
const codeOf = (res: { statusCode: number; payload: string }) => [res.statusCode, json<{ code?: string }>(res).code];

interface UploadOptions {
  name?: string;
  type?: string;
  expiryDate?: string;
  file?: Buffer;
  contentType?: string;
  key?: string;
  extra?: Part[];
}
function uploadTo(path: string, o: UploadOptions = {}) {
  const parts: Part[] = [
    { name: 'file', value: o.file ?? PDF, filename: 'doc.pdf', contentType: o.contentType ?? 'application/pdf' },
    { name: 'name', value: o.name ?? 'Gas safety certificate 2026' },
    { name: 'type', value: o.type ?? 'GSC_Certificate' },
    ...(o.expiryDate !== undefined ? [{ name: 'expiryDate', value: o.expiryDate }] : []),
    ...(o.extra ?? []),
  ];
  const body = multipart(parts);
  return t.api('POST', path, o.key ?? KEYS.enterpriseLive, body.payload, body.headers);
}
const uploadProperty = (i: number, o?: UploadOptions) => uploadTo(`/properties/${property(i)}/documents`, o);

async function list(
  path: string,
  key: string = KEYS.enterpriseLive,
): Promise<{ data: Doc[]; meta: { page: number; limit: number; total: number } }> {
  const res = await t.api('GET', path, key);
  expect(res.statusCode).toBe(200);
  return json(res);
}
const download = (url: string) => {
  const u = new URL(url);
  return t.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
};
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number(((await t.deps.knex(table).where(where).count('* as n').first()) as { n: string }).n);

async function pdfText(data: Buffer): Promise<string> {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('GET /properties/{id}/documents', () => {
  it('lists the property documents with a downloadUrl on every item and meta page/limit/total', async () => {
    const body = await list(`/properties/${property(2)}/documents`);
    expect(body.meta).toEqual({ page: 1, limit: 50, total: 3 });
    for (const doc of body.data) {
      expect(doc.propertyId).toBe(property(2));
      expect(doc.downloadUrl).toMatch(
        /^http:\/\/[^/]+\/media\/documents\/property\.[0-9a-f-]{36}\.[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]+$/,
      );
      expect(doc.contractId).toBeUndefined();
    }
    const paged = await list(`/properties/${property(2)}/documents?page=2&limit=2`);
    expect([paged.data.length, paged.meta]).toEqual([1, { page: 2, limit: 2, total: 3 }]);
  });

  it('the fixture documents download as real PDFs of their listed size', async () => {
    const [doc] = (await list(`/properties/${property(4)}/documents`)).data;
    const res = await download(doc.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBe(doc.sizeBytes);
    expect(await pdfText(res.rawPayload)).toContain(doc.name.slice(0, 20));
  });

  describe('expiringWithinDays (today in UTC, inclusive, expired included, no expiry excluded)', () => {
    const p = 7;
    let all: Doc[];
    beforeAll(async () => {
      clock.set(NOW);
      for (const [offset, name] of [
        [3650, 'ten years'],
        [3651, 'ten years and a day'],
        [-400, 'long expired'],
      ] as const) {
        expect(
          (await uploadProperty(p, { name, type: 'Insurance', expiryDate: addDays(TODAY, offset) })).statusCode,
        ).toBe(201);
      }
      expect((await uploadProperty(p, { name: 'no expiry', type: 'Inventory' })).statusCode).toBe(201);
      all = (await list(`/properties/${property(p)}/documents?limit=500`)).data;
    });
    const expected = (n: number) =>
      all
        .filter((d) => d.expiryDate !== null && d.expiryDate <= addDays(TODAY, n))
        .map((d) => d.id)
        .sort();

    it.each([0, 1, 7, 3650])('expiringWithinDays=%i', async (n) => {
      const body = await list(`/properties/${property(p)}/documents?expiringWithinDays=${n}&limit=500`);
      expect(body.data.map((d) => d.id).sort()).toEqual(expected(n));
      expect(body.meta.total).toBe(expected(n).length);
      expect(body.data.every((d) => d.expiryDate !== null)).toBe(true);
      // Sorted by expiry date, soonest (or most overdue) first.
      expect(body.data.map((d) => d.expiryDate)).toEqual([...body.data.map((d) => d.expiryDate)].sort());
    });

    it('0 includes documents expiring today and already expired ones; 3650 includes today + 3650 days but not + 3651', async () => {
      const zero = (await list(`/properties/${property(p)}/documents?expiringWithinDays=0`)).data.map((d) => d.name);
      expect(zero).toContain('long expired');
      expect(zero).not.toContain('no expiry');
      const max = (await list(`/properties/${property(p)}/documents?expiringWithinDays=3650`)).data.map((d) => d.name);
      expect(max).toContain('ten years');
      expect(max).not.toContain('ten years and a day');
      expect(max).not.toContain('no expiry');
    });

    it('"today" moves with the clock', async () => {
      clock.advance(86_400_000); // tomorrow: the +3651 document is now within 3650 days
      const max = (await list(`/properties/${property(p)}/documents?expiringWithinDays=3650`)).data.map((d) => d.name);
      expect(max).toContain('ten years and a day');
    });

    it.each(['3651', '-1', 'abc', '1.5', '', '1e3x'])(
      'refuses expiringWithinDays=%s with 400 VALIDATION_ERROR',
      async (value) => {
        const res = await t.api(
          'GET',
          `/properties/${property(p)}/documents?expiringWithinDays=${value}`,
          KEYS.enterpriseLive,
        );
        expect(codeOf(res)).toEqual([400, 'VALIDATION_ERROR']);
      },
    );

    it('refuses unknown query keys and limit above 500', async () => {
      for (const q of ['foo=1', 'limit=501', 'page=0']) {
        expect(codeOf(await t.api('GET', `/properties/${property(p)}/documents?${q}`, KEYS.enterpriseLive))).toEqual([
          400,
          'VALIDATION_ERROR',
        ]);
      }
    });
  });

  it("answers 404 NOT_FOUND for an unknown property, another landlord's and a non-UUID id (400)", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', fixtureId('property:northgate:1')]) {
      const res = await t.api('GET', `/properties/${id}/documents`, KEYS.enterpriseLive);
      expect(codeOf(res)).toEqual([404, 'NOT_FOUND']);
      expect(json<{ error: string }>(res).error).toMatch(/Property/);
    }
    expect(codeOf(await t.api('GET', '/properties/not-a-uuid/documents', KEYS.enterpriseLive))).toEqual([
      400,
      'VALIDATION_ERROR',
    ]);
  });

  it('is readable on the Portfolio plan', async () => {
    expect(
      (await t.api('GET', `/properties/${fixtureId('property:portfolio:1')}/documents`, KEYS.portfolioLive)).statusCode,
    ).toBe(200);
  });
});

describe('download links', () => {
  let doc: Doc;
  let bytes: Buffer;
  beforeAll(async () => {
    clock.set(NOW);
    bytes = Buffer.concat([PDF, randomBytes(5000)]);
    doc = json<{ data: Doc }>(
      await uploadProperty(10, { name: 'Inventory (signed) – Flat 2.pdf', type: 'Inventory', file: bytes }),
    ).data;
  });

  it('download the uploaded bytes with the stored content type, as an attachment', async () => {
    const res = await download(doc.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Inventory (signed) _ Flat 2.pdf"; filename*=UTF-8''Inventory%20%28signed%29%20%E2%80%93%20Flat%202.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses tampered tokens with 403 FORBIDDEN', async () => {
    const url = new URL(doc.downloadUrl);
    const token = url.pathname.split('/').pop()!;
    const [kind, id, landlord, expires, signature] = token.split('.') as [string, string, string, string, string];
    const other = (await list(`/properties/${property(2)}/documents`)).data[0].id;
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    for (const forged of [
      `${kind}.${id}.${landlord}.${expires}.${flip(signature)}`,
      `${kind}.${other}.${landlord}.${expires}.${signature}`,
      `${kind}.${id}.${NORTHGATE}.${expires}.${signature}`,
      `contract.${id}.${landlord}.${expires}.${signature}`,
      `${kind}.${id}.${landlord}.${Number(expires) + 3600}.${signature}`,
      `${kind}.${id}.${landlord}.${expires}`,
      'garbage',
    ]) {
      const res = await t.inject({ method: 'GET', url: `/media/documents/${forged}` });
      expect(codeOf(res)).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('are valid for one hour: refused with 403 FORBIDDEN once expired, and a fresh list gives a working link', async () => {
    clock.advance(3600 * 1000);
    expect((await download(doc.downloadUrl)).statusCode).toBe(200); // the last valid second
    clock.advance(1001);
    const expired = await download(doc.downloadUrl);
    expect(codeOf(expired)).toEqual([403, 'FORBIDDEN']);
    expect(json<{ error: string }>(expired).error).toMatch(/expired/);
    const fresh = (await list(`/properties/${property(10)}/documents`)).data.find((d) => d.id === doc.id)!;
    expect((await download(fresh.downloadUrl)).statusCode).toBe(200);
  });

  it('use PUBLIC_URL when configured', async () => {
    const configured = await startTestServer({ env: { PUBLIC_URL: 'https://files.example.test' } });
    try {
      const res = await configured.api('GET', `/properties/${property(2)}/documents`, KEYS.enterpriseLive);
      for (const d of json<{ data: Doc[] }>(res).data)
        expect(d.downloadUrl).toMatch(/^https:\/\/files\.example\.test\/media\/documents\//);
    } finally {
      await configured.stop();
    }
  });
});

describe('POST /properties/{id}/documents', () => {
  it('answers 201 with the document and records property_document.created with exactly the catalogue fields', async () => {
    const res = await uploadProperty(11, { name: '  EPC 2026  ', type: 'EPC_Certificate', expiryDate: '2036-11-20' });
    expect(res.statusCode).toBe(201);
    const doc = json<{ data: Doc }>(res).data;
    expect(doc).toEqual({
      id: expect.any(String),
      propertyId: property(11),
      name: 'EPC 2026',
      type: 'EPC_Certificate',
      expiryDate: '2036-11-20',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      uploadedAt: NOW.toISOString(),
      downloadUrl: expect.any(String),
    });
    const event = (await t.deps
      .knex('outbox_events')
      .where({ event_type: 'property_document.created' })
      .whereRaw(`data->>'document_id' = ?`, [doc.id])
      .first()) as { data: Record<string, unknown> };
    expect(event.data).toEqual({
      document_id: doc.id,
      property_id: property(11),
      name: 'EPC 2026',
      type: 'EPC_Certificate',
      expiry_date: '2036-11-20',
      uploaded_at: NOW.toISOString(),
      size_bytes: PDF.length,
    });
    expect(Number.isInteger(event.data.size_bytes)).toBe(true);
    expect((await list(`/properties/${property(11)}/documents`)).data.map((d) => d.id)).toContain(doc.id);
  });

  it('an empty expiryDate field means no expiry date', async () => {
    const doc = json<{ data: Doc }>(await uploadProperty(11, { expiryDate: '' })).data;
    expect(doc.expiryDate).toBeNull();
  });

  it('decides the stored content type from the bytes; inert declared types are kept, active ones are not', async () => {
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]), 'application/pdf', 'image/png'],
      [Buffer.from('a,b\n1,2\n'), 'text/csv', 'text/csv'],
      [Buffer.from('<script>alert(1)</script>'), 'text/html', 'application/octet-stream'],
      [Buffer.from('not really a pdf'), 'application/pdf', 'application/octet-stream'],
    ];
    for (const [file, declared, stored] of cases) {
      const doc = json<{ data: Doc }>(await uploadProperty(12, { file, contentType: declared, type: 'Other' })).data;
      expect(doc.contentType).toBe(stored);
      const res = await download(doc.downloadUrl);
      expect(res.headers['content-type']).toMatch(new RegExp(`^${stored.replace('+', '\\+')}`));
      expect(res.rawPayload.equals(file)).toBe(true);
    }
  });

  it.each([
    ['name missing', { extra: [] }, (p: Part[]) => p.filter((x) => x.name !== 'name')],
    ['name empty', { name: '' }, undefined],
    ['name of 501 characters', { name: 'x'.repeat(501) }, undefined],
    ['name with a NUL character', { name: 'a\u0000b' }, undefined],
    ['unknown type', { type: 'Passport' }, undefined],
    ['type missing', {}, (p: Part[]) => p.filter((x) => x.name !== 'type')],
    ['impossible date', { expiryDate: '2026-02-30' }, undefined],
    ['date in another format', { expiryDate: '21/11/2026' }, undefined],
    ['unknown field', { extra: [{ name: 'colour', value: 'blue' }] }, undefined],
    ['file missing', {}, (p: Part[]) => p.filter((x) => x.name !== 'file')],
    [
      'file sent as a text field',
      {},
      (p: Part[]) => p.map((x) => (x.name === 'file' ? { name: 'file', value: 'abc' } : x)),
    ],
    ['empty file', { file: Buffer.alloc(0) }, undefined],
  ] as Array<[string, UploadOptions, ((p: Part[]) => Part[]) | undefined]>)(
    'refuses %s with 400 VALIDATION_ERROR',
    async (_label, options, rewrite) => {
      const parts: Part[] = [
        { name: 'file', value: options.file ?? PDF, filename: 'doc.pdf', contentType: 'application/pdf' },
        { name: 'name', value: options.name ?? 'A name' },
        { name: 'type', value: options.type ?? 'Other' },
        ...(options.expiryDate !== undefined ? [{ name: 'expiryDate', value: options.expiryDate }] : []),
        ...(options.extra ?? []),
      ];
      const body = multipart(rewrite ? rewrite(parts) : parts);
      const res = await t.api(
        'POST',
        `/properties/${property(13)}/documents`,
        KEYS.enterpriseLive,
        body.payload,
        body.headers,
      );
      expect(codeOf(res)).toEqual([400, 'VALIDATION_ERROR']);
    },
  );

  it('accepts a name of exactly 500 characters and every document type', async () => {
    expect((await uploadProperty(13, { name: 'n'.repeat(500) })).statusCode).toBe(201);
    for (const type of DOCUMENT_TYPES) expect((await uploadProperty(13, { type })).statusCode).toBe(201);
  });

  it('accepts exactly 25 MB and refuses 25 MB + 1 byte with 413 FILE_TOO_LARGE (and far above it too)', async () => {
    expect((await uploadProperty(14, { file: Buffer.alloc(25 * MB, 1) })).statusCode).toBe(201);
    expect(codeOf(await uploadProperty(14, { file: Buffer.alloc(25 * MB + 1, 1) }))).toEqual([413, 'FILE_TOO_LARGE']);
    expect(codeOf(await uploadProperty(14, { file: Buffer.alloc(27 * MB, 1) }))).toEqual([413, 'FILE_TOO_LARGE']);
  });

  it('refuses an upload over the storage quota with 413 FILE_TOO_LARGE and writes nothing', async () => {
    const used = await storageUsedBytes({ landlordId: HARBOUR, db: t.deps.knex });
    const fillerId = fixtureId('test:document-quota-filler');
    await t.deps.knex('property_documents').insert({
      id: fillerId,
      landlord_id: HARBOUR,
      property_id: property(15),
      name: 'filler',
      type: 'Other',
      storage_key: 'test/filler',
      content_type: 'application/pdf',
      size_bytes: STORAGE_QUOTA_BYTES.Enterprise - used - PDF.length,
    });
    try {
      const rows = await count('property_documents');
      const refused = await uploadProperty(15, { file: Buffer.concat([PDF, Buffer.from('x')]) });
      expect(codeOf(refused)).toEqual([413, 'FILE_TOO_LARGE']);
      expect(json<{ error: string }>(refused).error).toMatch(/quota/i);
      expect(await count('property_documents')).toBe(rows);
      const filling = await uploadProperty(15); // exactly fills the quota
      expect(filling.statusCode).toBe(201);
      expect(codeOf(await uploadTo(`/contracts/${contract(2)}/documents`, { file: Buffer.from('x') }))).toEqual([
        413,
        'FILE_TOO_LARGE',
      ]);
      // A soft-deleted document stops counting (its object is retained, but the landlord can no longer see it).
      const id = json<{ data: Doc }>(filling).data.id;
      expect(
        (await t.api('DELETE', `/properties/${property(15)}/documents/${id}`, KEYS.enterpriseLive)).statusCode,
      ).toBe(200);
      expect((await uploadTo(`/contracts/${contract(2)}/documents`, { file: PDF })).statusCode).toBe(201);
    } finally {
      await t.deps.knex('property_documents').where({ id: fillerId }).delete();
    }
  });

  it("answers 404 for an unknown or another landlord's property", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', fixtureId('property:northgate:1')]) {
      expect(codeOf(await uploadTo(`/properties/${id}/documents`))).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('keeps the gates: read_only 403 INSUFFICIENT_SCOPE, Portfolio 403 WRITE_REQUIRES_ENTERPRISE, JSON 415', async () => {
    expect(codeOf(await uploadProperty(16, { key: KEYS.enterpriseReadOnly }))).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(
      codeOf(await uploadTo(`/properties/${fixtureId('property:portfolio:1')}/documents`, { key: KEYS.portfolioLive })),
    ).toEqual([403, 'WRITE_REQUIRES_ENTERPRISE']);
    expect(
      codeOf(
        await t.api('POST', `/properties/${property(16)}/documents`, KEYS.enterpriseLive, { name: 'x', type: 'Other' }),
      ),
    ).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });
});

describe('DELETE /properties/{id}/documents/{docId}', () => {
  it('soft-deletes: gone from the list, the stored object still exists, the old link answers 404; property_document.deleted recorded', async () => {
    const doc = json<{ data: Doc }>(await uploadProperty(17, { name: 'to delete', type: 'Contract' })).data;
    const row = (await t.deps.knex('property_documents').where({ id: doc.id }).first()) as { storage_key: string };
    const res = await t.api('DELETE', `/properties/${property(17)}/documents/${doc.id}`, KEYS.enterpriseLive);
    expect(res.statusCode).toBe(200);
    expect(json<{ data: unknown }>(res).data).toEqual({ deleted: true, id: doc.id });
    expect((await list(`/properties/${property(17)}/documents?limit=500`)).data.map((d) => d.id)).not.toContain(doc.id);
    expect(await storageFor(t.deps).exists(row.storage_key)).toBe(true);
    expect(await count('property_documents', { id: doc.id })).toBe(1); // the row is kept, marked deleted
    expect(codeOf(await download(doc.downloadUrl))).toEqual([404, 'NOT_FOUND']);
    const event = (await t.deps
      .knex('outbox_events')
      .where({ event_type: 'property_document.deleted' })
      .whereRaw(`data->>'document_id' = ?`, [doc.id])
      .first()) as { data: Record<string, unknown> };
    expect(event.data).toEqual({
      document_id: doc.id,
      property_id: property(17),
      name: 'to delete',
      type: 'Contract',
      deleted_at: NOW.toISOString(),
    });
    expect(
      codeOf(await t.api('DELETE', `/properties/${property(17)}/documents/${doc.id}`, KEYS.enterpriseLive)),
    ).toEqual([404, 'NOT_FOUND']);
  });

  it("answers 404 for unknown documents, another property's, another landlord's, and a contract document", async () => {
    const ownOther = (await list(`/properties/${property(2)}/documents`)).data[0].id;
    const foreign = fixtureId(`property-document:${fixtureId('property:northgate:1')}:0`);
    const contractDoc = fixtureId(`contract-document:${contract(0)}`);
    for (const docId of ['00000000-0000-4000-8000-000000000000', ownOther, contractDoc]) {
      const res = await t.api('DELETE', `/properties/${property(4)}/documents/${docId}`, KEYS.enterpriseLive);
      expect(codeOf(res)).toEqual([404, 'NOT_FOUND']);
      expect(json<{ error: string }>(res).error).toMatch(/Document/);
    }
    expect(
      codeOf(
        await t.api(
          'DELETE',
          `/properties/${fixtureId('property:northgate:1')}/documents/${foreign}`,
          KEYS.enterpriseLive,
        ),
      ),
    ).toEqual([404, 'NOT_FOUND']);
    expect(await count('property_documents', { id: foreign, deleted_at: null })).toBe(1);
    expect(
      codeOf(await t.api('DELETE', `/properties/${property(4)}/documents/not-a-uuid`, KEYS.enterpriseLive)),
    ).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('contract documents', () => {
  it('lists the contract documents (kept apart from property documents) with download links', async () => {
    const body = await list(`/contracts/${contract(0)}/documents`);
    expect(body.meta.total).toBe(1);
    const doc = body.data[0];
    expect([doc.contractId, doc.propertyId, doc.type]).toEqual([contract(0), property(0), 'Contract']);
    const res = await download(doc.downloadUrl);
    expect([res.statusCode, res.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
    expect((await list(`/properties/${property(0)}/documents?limit=500`)).data.map((d) => d.id)).not.toContain(doc.id);
    expect((await list(`/contracts/${contract(1)}/documents`)).meta.total).toBe(0);
  });

  it('uploads (201, contract_document.created without expiry_date) and soft-deletes (contract_document.deleted)', async () => {
    const res = await uploadTo(`/contracts/${contract(3)}/documents`, {
      name: 'Tenancy agreement',
      type: 'Contract',
      expiryDate: '2027-11-20',
    });
    expect(res.statusCode).toBe(201);
    const doc = json<{ data: Doc }>(res).data;
    expect([doc.contractId, doc.propertyId, doc.expiryDate]).toEqual([contract(3), property(3), '2027-11-20']);
    const created = (await t.deps
      .knex('outbox_events')
      .where({ event_type: 'contract_document.created' })
      .whereRaw(`data->>'document_id' = ?`, [doc.id])
      .first()) as { data: Record<string, unknown> };
    expect(created.data).toEqual({
      document_id: doc.id,
      contract_id: contract(3),
      property_id: property(3),
      name: 'Tenancy agreement',
      type: 'Contract',
      uploaded_at: NOW.toISOString(),
      size_bytes: PDF.length,
    });
    expect((await download(doc.downloadUrl)).rawPayload.equals(PDF)).toBe(true);
    expect(await count('contract_documents', { id: doc.id })).toBe(1);
    expect(await count('property_documents', { id: doc.id })).toBe(0);
    // The property route does not reach a contract document.
    expect(
      codeOf(await t.api('DELETE', `/properties/${property(3)}/documents/${doc.id}`, KEYS.enterpriseLive)),
    ).toEqual([404, 'NOT_FOUND']);
    const deleted = await t.api('DELETE', `/contracts/${contract(3)}/documents/${doc.id}`, KEYS.enterpriseLive);
    expect(json<{ data: unknown }>(deleted).data).toEqual({ deleted: true, id: doc.id });
    const event = (await t.deps
      .knex('outbox_events')
      .where({ event_type: 'contract_document.deleted' })
      .whereRaw(`data->>'document_id' = ?`, [doc.id])
      .first()) as { data: Record<string, unknown> };
    expect(event.data).toEqual({
      document_id: doc.id,
      contract_id: contract(3),
      property_id: property(3),
      name: 'Tenancy agreement',
      type: 'Contract',
      deleted_at: NOW.toISOString(),
    });
    expect((await list(`/contracts/${contract(3)}/documents`)).data.map((d) => d.id)).not.toContain(doc.id);
  });

  it('refuses expiringWithinDays on the contract list (not a parameter there)', async () => {
    expect(
      codeOf(await t.api('GET', `/contracts/${contract(0)}/documents?expiringWithinDays=5`, KEYS.enterpriseLive)),
    ).toEqual([400, 'VALIDATION_ERROR']);
  });

  it("answers 404 NOT_FOUND naming the Contract for unknown and another landlord's contracts, on every route", async () => {
    const foreign = fixtureId(`contract:${fixtureId('property:northgate:0')}`);
    const foreignDoc = fixtureId(`contract-document:${foreign}`);
    for (const id of ['00000000-0000-4000-8000-000000000000', foreign]) {
      for (const res of [
        await t.api('GET', `/contracts/${id}/documents`, KEYS.enterpriseLive),
        await uploadTo(`/contracts/${id}/documents`),
        await t.api('DELETE', `/contracts/${id}/documents/${foreignDoc}`, KEYS.enterpriseLive),
      ]) {
        expect(codeOf(res)).toEqual([404, 'NOT_FOUND']);
        expect(json<{ error: string }>(res).error).toMatch(/Contract/);
      }
    }
    expect(
      codeOf(await t.api('DELETE', `/contracts/${contract(0)}/documents/${foreignDoc}`, KEYS.enterpriseLive)),
    ).toEqual([404, 'NOT_FOUND']);
  });
});

describe('sandbox', () => {
  it('POST answers a mock document with sandbox: true and writes nothing: no object, no row, no event', async () => {
    const before = {
      property: await count('property_documents'),
      contract: await count('contract_documents'),
      events: await count('outbox_events'),
    };
    for (const path of [`/properties/${property(18)}/documents`, `/contracts/${contract(6)}/documents`]) {
      const res = await uploadTo(path, { key: KEYS.enterpriseSandbox, name: 'sandbox doc' });
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-service-mode']).toBe('sandbox');
      const doc = json<{ data: Doc }>(res).data;
      expect(doc.sandbox).toBe(true);
      expect(doc.name).toBe('sandbox doc');
      const kind = path.startsWith('/properties') ? 'property' : 'contract';
      expect(await storageFor(t.deps).exists(`${kind}-documents/${HARBOUR}/${doc.id}`)).toBe(false);
      expect(codeOf(await download(doc.downloadUrl))).toEqual([404, 'NOT_FOUND']);
    }
    expect({
      property: await count('property_documents'),
      contract: await count('contract_documents'),
      events: await count('outbox_events'),
    }).toEqual(before);
  });

  it('DELETE answers a mock { deleted: true, id, sandbox: true } and deletes nothing; 404s as live would', async () => {
    const target = (await list(`/properties/${property(19)}/documents`)).data[0];
    const events = await count('outbox_events');
    const res = await t.api('DELETE', `/properties/${property(19)}/documents/${target.id}`, KEYS.enterpriseSandbox);
    expect(json<{ data: unknown }>(res).data).toEqual({ deleted: true, id: target.id, sandbox: true });
    expect((await list(`/properties/${property(19)}/documents`)).data.map((d) => d.id)).toContain(target.id);
    expect(await count('outbox_events')).toBe(events);
    expect(
      codeOf(
        await t.api(
          'DELETE',
          `/properties/${property(19)}/documents/00000000-0000-4000-8000-000000000000`,
          KEYS.enterpriseSandbox,
        ),
      ),
    ).toEqual([404, 'NOT_FOUND']);
  });

  it('GET lists real data in sandbox', async () => {
    const live = (await list(`/properties/${property(2)}/documents`)).data.map((d) => d.id);
    const sandbox = (await list(`/properties/${property(2)}/documents`, KEYS.enterpriseSandbox)).data.map((d) => d.id);
    expect(sandbox).toEqual(live);
  });
});

describe('fuzzing the document upload', () => {
  it('random multipart field values never give a 5xx; errors carry the envelope', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.constantFrom(
        '',
        ' ',
        'x'.repeat(501),
        '2026-11-21',
        '2026-02-30',
        'EPC_Certificate',
        'Other',
        '\u0000',
        '../..',
      ),
    );
    const field = fc.record({
      name: fc.constantFrom('file', 'name', 'type', 'expiryDate', 'other'),
      value: fc.oneof(
        text,
        fc.uint8Array({ maxLength: 40 }).map((a) => Buffer.from(a)),
      ),
      filename: fc.option(fc.string({ maxLength: 12 }).map((s) => s.replace(/["\r\n\\]/g, ''))),
      contentType: fc.option(
        fc.constantFrom('application/pdf', 'text/plain', 'application/json', 'text/html', 'image/png'),
      ),
    });
    const target = fc.constantFrom(
      `/properties/${property(20)}/documents`,
      `/contracts/${contract(6)}/documents`,
      `/properties/${fixtureId('property:northgate:1')}/documents`,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(field, { maxLength: 6 }),
        target,
        fc.constantFrom(KEYS.enterpriseLive, KEYS.enterpriseSandbox),
        async (fields, path, key) => {
          const body = multipart(
            fields.map((f) => ({
              name: f.name,
              value: f.value,
              filename: f.filename ?? undefined,
              contentType: f.contentType ?? undefined,
            })),
          );
          const res = await t.inject({
            method: 'POST',
            url: `${API}${path}`,
            payload: body.payload,
            headers: { authorization: `Bearer ${key}`, ...body.headers },
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(Object.keys(JSON.parse(res.payload) as object).sort()).toEqual(['code', 'error']);
        },
      ),
      { seed: 20261121, numRuns: 200 },
    );
  });

  it('well-formed uploads with random valid names, types and dates always answer 201', async () => {
    const name = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 120 })
      .filter((s) => s.trim().length > 0 && !/[\u0000-\u001f\u007f]/.test(s));
    const date = fc.option(
      fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
    await fc.assert(
      fc.asyncProperty(name, fc.constantFrom(...DOCUMENT_TYPES), date, async (n, type, expiryDate) => {
        const res = await uploadTo(`/properties/${property(21)}/documents`, {
          name: n,
          type,
          expiryDate: expiryDate ?? undefined,
          key: KEYS.enterpriseSandbox,
        });
        expect(res.statusCode).toBe(201);
        const doc = json<{ data: Doc }>(res).data;
        expect([doc.name, doc.type, doc.expiryDate]).toEqual([n.trim(), type, expiryDate ?? null]);
      }),
      { seed: 7, numRuns: 60 },
    );
  });
});
