// POST /properties/{id}/image and the public image route: types from the bytes, the exact 10 MB limit, the
// storage quota, sandbox, tenant isolation, and the property.updated event.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { fixtureId } from '@ppapi/spec';
import { MemoryStorage, useStorage } from '../src/storage';
import { storeFixtureDocuments } from '../src/fixtures/load';
import { STORAGE_QUOTA_BYTES, storageUsedBytes } from '../src/storage/quota';
import { API, KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
let storage: MemoryStorage;
const HARBOUR = fixtureId('landlord:harbour');
const NORTHGATE = fixtureId('landlord:northgate');
const vacant = (i: number) => fixtureId(`property:harbour:${i}`);
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await startTestServer();
  storage = new MemoryStorage();
  useStorage(t.deps, storage);
  await storeFixtureDocuments(t.deps.knex, storage);
  // Many writes in one file: lift the per-key write limits (the dashboard's per-key override).
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

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----imgtest${randomBytes(8).toString('hex')}`;
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

const SIGNATURES: Record<string, Buffer> = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  gif: Buffer.from('GIF89a'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
};
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
const image = (ext: string, size = 256): Buffer => {
  const out = Buffer.alloc(size, 7);
  SIGNATURES[ext].copy(out);
  return out;
};

const upload = (
  propertyId: string,
  file: Buffer,
  options: { key?: string; contentType?: string; headers?: Record<string, string> } = {},
) => {
  const body = multipart([
    { name: 'file', value: file, filename: 'photo', contentType: options.contentType ?? 'application/octet-stream' },
  ]);
  return t.api('POST', `/properties/${propertyId}/image`, options.key ?? KEYS.enterpriseLive, body.payload, {
    ...body.headers,
    ...(options.headers ?? {}),
  });
};
const json = <T>(res: { payload: string }) => JSON.parse(res.payload) as T;
const pathOf = (url: string) => new URL(url).pathname;
const outboxCount = async (type?: string) =>
  Number(
    (
      (await t.deps
        .knex('outbox_events')
        .modify((q) => {
          if (type) q.where({ event_type: type });
        })
        .count('* as n')
        .first()) as { n: string }
    ).n,
  );

describe('POST /properties/{id}/image', () => {
  it.each(['png', 'jpg', 'gif', 'webp'])(
    'accepts a %s image, answers the Property with a public image URL that serves the bytes',
    async (ext) => {
      const bytes = image(ext, 1000 + ext.length);
      const res = await upload(vacant(31), bytes);
      expect(res.statusCode).toBe(200);
      const property = json<{ data: { id: string; image: string } }>(res).data;
      expect(property.id).toBe(vacant(31));
      expect(property.image).toMatch(new RegExp(`^http://[^/]+/media/images/[0-9a-f-]{36}\\.${ext}$`));
      const served = await t.inject({ method: 'GET', url: pathOf(property.image) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(CONTENT_TYPES[ext]);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      // The image appears on the property's detail and in the list.
      expect(
        json<{ data: { image: string } }>(await t.api('GET', `/properties/${vacant(31)}`, KEYS.enterpriseLive)).data
          .image,
      ).toBe(property.image);
    },
  );

  it('decides the type from the bytes: a text file declared image/png is refused, a PNG declared text/plain is a PNG', async () => {
    const refused = await upload(vacant(31), Buffer.from('hello, I am not an image'), { contentType: 'image/png' });
    expect(refused.statusCode).toBe(400);
    expect(json<{ code: string }>(refused).code).toBe('VALIDATION_ERROR');
    const accepted = await upload(vacant(31), image('png'), { contentType: 'text/plain' });
    expect(accepted.statusCode).toBe(200);
    expect(json<{ data: { image: string } }>(accepted).data.image).toMatch(/\.png$/);
  });

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte with 413 FILE_TOO_LARGE', async () => {
    const exact = await upload(vacant(32), image('jpg', 10 * MB));
    expect(exact.statusCode).toBe(200);
    const over = await upload(vacant(32), image('jpg', 10 * MB + 1));
    expect([over.statusCode, json<{ code: string }>(over).code]).toEqual([413, 'FILE_TOO_LARGE']);
  });

  it("maps Hapi's own body limit to 413 FILE_TOO_LARGE", async () => {
    const res = await upload(vacant(32), image('png', 12 * MB));
    expect([res.statusCode, json<{ code: string }>(res).code]).toEqual([413, 'FILE_TOO_LARGE']);
  });

  it('refuses an upload over the storage quota with 413 FILE_TOO_LARGE, counting the image it replaces as freed', async () => {
    const quota = STORAGE_QUOTA_BYTES.Enterprise;
    const used = () => storageUsedBytes({ landlordId: HARBOUR, db: t.deps.knex });
    // Fill the quota up to 1000 bytes short with a large (row-only) document.
    const fillerId = fixtureId('test:quota-filler');
    await t.deps.knex('property_documents').insert({
      id: fillerId,
      landlord_id: HARBOUR,
      property_id: vacant(33),
      name: 'filler',
      type: 'Other',
      storage_key: 'test/filler',
      content_type: 'application/pdf',
      size_bytes: quota - (await used()) - 1000,
    });
    try {
      const before = await t.api('GET', `/properties/${vacant(34)}`, KEYS.enterpriseLive);
      const refused = await upload(vacant(34), image('png', 1001));
      expect([refused.statusCode, json<{ code: string }>(refused).code]).toEqual([413, 'FILE_TOO_LARGE']);
      expect(json<{ error: string }>(refused).error).toMatch(/quota/i);
      expect((await t.api('GET', `/properties/${vacant(34)}`, KEYS.enterpriseLive)).payload).toBe(before.payload);
      expect((await upload(vacant(34), image('png', 1000))).statusCode).toBe(200); // exactly at the quota
      // Replacing that image with one of the same size fits: the old image no longer counts.
      expect((await upload(vacant(34), image('gif', 1000))).statusCode).toBe(200);
      expect((await upload(vacant(35), image('gif', 16))).statusCode).toBe(413);
    } finally {
      await t.deps.knex('property_documents').where({ id: fillerId }).delete();
    }
  });

  it('stops serving a replaced image, and the image of a deleted property, while keeping the objects', async () => {
    const first = json<{ data: { image: string } }>(await upload(vacant(35), image('png'))).data.image;
    const second = json<{ data: { image: string } }>(await upload(vacant(35), image('webp'))).data.image;
    expect(first).not.toBe(second);
    expect((await t.inject({ method: 'GET', url: pathOf(first) })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: pathOf(second) })).statusCode).toBe(200);
    expect(await storage.exists(pathOf(first).replace('/media/', ''))).toBe(true);
    expect((await t.api('DELETE', `/properties/${vacant(35)}`, KEYS.enterpriseLive)).statusCode).toBe(200);
    const gone = await t.inject({ method: 'GET', url: pathOf(second) });
    expect([gone.statusCode, json<{ code: string }>(gone).code]).toEqual([404, 'NOT_FOUND']);
    expect(await storage.exists(pathOf(second).replace('/media/', ''))).toBe(true);
  });

  it('answers 404 NOT_FOUND for unknown and malformed image names', async () => {
    for (const name of ['00000000-0000-4000-8000-000000000000.png', 'x.png', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.inject({ method: 'GET', url: `/media/images/${name}` });
      expect([res.statusCode, json<{ code: string }>(res).code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('records property.updated with exactly the catalogue fields', async () => {
    const before = await outboxCount('property.updated');
    expect((await upload(vacant(1), image('png'))).statusCode).toBe(200);
    expect(await outboxCount('property.updated')).toBe(before + 1);
    const row = (await t.deps
      .knex('outbox_events')
      .where({ event_type: 'property.updated' })
      .orderBy('created_at', 'desc')
      .first()) as { data: Record<string, unknown> };
    expect(Object.keys(row.data).sort()).toEqual([
      'address',
      'city',
      'postcode',
      'property_id',
      'rent_amount',
      'short_name',
      'status',
    ]);
    expect(row.data.property_id).toBe(vacant(1));
  });

  it('refuses a request without a file part, with the file as a text field, or with two files (400 VALIDATION_ERROR)', async () => {
    const cases = [
      multipart([{ name: 'other', value: 'x' }]),
      multipart([{ name: 'file', value: 'not a file part' }]),
      multipart([
        { name: 'file', value: image('png'), filename: 'a.png' },
        { name: 'file', value: image('png'), filename: 'b.png' },
      ]),
      multipart([
        { name: 'file', value: image('png'), filename: 'a.png' },
        { name: 'extra', value: 'x' },
      ]),
      multipart([{ name: 'file', value: Buffer.alloc(0), filename: 'empty.png', contentType: 'image/png' }]),
    ];
    for (const body of cases) {
      const res = await t.api(
        'POST',
        `/properties/${vacant(31)}/image`,
        KEYS.enterpriseLive,
        body.payload,
        body.headers,
      );
      expect([res.statusCode, json<{ code: string }>(res).code]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it('accepts only multipart/form-data (415 for JSON)', async () => {
    const res = await t.api('POST', `/properties/${vacant(31)}/image`, KEYS.enterpriseLive, { file: 'x' });
    expect([res.statusCode, json<{ code: string }>(res).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it("answers 404 NOT_FOUND for an unknown property and for another landlord's", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', fixtureId('property:northgate:10')]) {
      const res = await upload(id, image('png'));
      expect([res.statusCode, json<{ code: string; error: string }>(res).code]).toEqual([404, 'NOT_FOUND']);
      expect(json<{ error: string }>(res).error).toMatch(/Property/);
    }
  });

  it('keeps the plan and scope gates (read_only 403 INSUFFICIENT_SCOPE, Portfolio 403 WRITE_REQUIRES_ENTERPRISE)', async () => {
    expect(json<{ code: string }>(await upload(vacant(31), image('png'), { key: KEYS.enterpriseReadOnly })).code).toBe(
      'INSUFFICIENT_SCOPE',
    );
    expect(
      json<{ code: string }>(await upload(fixtureId('property:portfolio:3'), image('png'), { key: KEYS.portfolioLive }))
        .code,
    ).toBe('WRITE_REQUIRES_ENTERPRISE');
  });

  it('sandbox: answers a mock Property with sandbox: true and writes nothing (no object, no change, no event)', async () => {
    const objects = storage.size;
    const events = await outboxCount();
    const before = await t.api('GET', `/properties/${vacant(30)}`, KEYS.enterpriseLive);
    const res = await upload(vacant(30), image('png'), { key: KEYS.enterpriseSandbox });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-service-mode']).toBe('sandbox');
    const data = json<{ data: { sandbox: boolean; image: string } }>(res).data;
    expect(data.sandbox).toBe(true);
    expect(data.image).toMatch(/\/media\/images\//);
    expect(storage.size).toBe(objects);
    expect(await outboxCount()).toBe(events);
    expect((await t.api('GET', `/properties/${vacant(30)}`, KEYS.enterpriseLive)).payload).toBe(before.payload);
    // The X-Service-Mode: sandbox header on a live key is the same switch.
    const viaHeader = await upload(vacant(30), image('gif'), { headers: { 'x-service-mode': 'sandbox' } });
    expect(json<{ data: { sandbox: boolean } }>(viaHeader).data.sandbox).toBe(true);
    expect(storage.size).toBe(objects);
  });

  it('uses PUBLIC_URL for image URLs when configured', async () => {
    const configured = await startTestServer({ env: { PUBLIC_URL: 'https://api.example.test/' } });
    try {
      const body = multipart([{ name: 'file', value: image('png'), filename: 'p.png' }]);
      const res = await configured.api(
        'POST',
        `/properties/${vacant(31)}/image`,
        KEYS.enterpriseLive,
        body.payload,
        body.headers,
      );
      expect(json<{ data: { image: string } }>(res).data.image).toMatch(
        /^https:\/\/api\.example\.test\/media\/images\/[0-9a-f-]{36}\.png$/,
      );
    } finally {
      await configured.stop();
    }
  });
});

describe('fuzzing the image upload', () => {
  it('random multipart parts never give a 5xx, and errors carry the envelope', async () => {
    const part = fc.record({
      name: fc.constantFrom('file', 'name', 'File', 'image', 'x'),
      value: fc.oneof(
        fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
        fc.string({ maxLength: 40 }),
      ),
      signature: fc.option(fc.constantFrom(...Object.keys(SIGNATURES))),
      filename: fc.option(fc.string({ maxLength: 20 }).map((s) => s.replace(/["\r\n]/g, ''))),
      contentType: fc.option(
        fc.constantFrom(
          'image/png',
          'text/plain',
          'application/json',
          'application/octet-stream',
          'image/svg+xml',
          'x/y',
        ),
      ),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { maxLength: 4 }),
        fc.constantFrom(
          vacant(36),
          vacant(1),
          fixtureId('property:northgate:10'),
          '00000000-0000-4000-8000-000000000000',
        ),
        fc.constantFrom(KEYS.enterpriseLive, KEYS.enterpriseSandbox),
        async (parts, id, key) => {
          const body = multipart(
            parts.map((p) => ({
              name: p.name,
              value: p.signature ? Buffer.concat([SIGNATURES[p.signature], Buffer.from(p.value)]) : p.value,
              filename: p.filename ?? undefined,
              contentType: p.contentType ?? undefined,
            })),
          );
          const res = await t.inject({
            method: 'POST',
            url: `${API}/properties/${id}/image`,
            payload: body.payload,
            headers: { authorization: `Bearer ${key}`, ...body.headers },
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(Object.keys(JSON.parse(res.payload) as object).sort()).toEqual(['code', 'error']);
        },
      ),
      { seed: 4_2026, numRuns: 150 },
    );
  });
});
