// Chat: list with conversationId / propertyId filters, multipart send (text and/or file, 10 MB limit, as the
// account owner) to a property's conversation or a conversation id, attachment download, chat.message_sent with
// the catalogue's fields, sandbox (mock message, nothing stored), tenant isolation.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { fixtureId } from '@ppapi/spec';
import { MemoryStorage, useStorage } from '../src/storage';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
let storage: MemoryStorage;
beforeAll(async () => {
  t = await startTestServer();
  storage = new MemoryStorage();
  useStorage(t.deps, storage);
});
afterAll(async () => {
  await t.stop();
});

interface Message {
  id: string;
  conversationId: string;
  propertyId: string;
  tenantId: string;
  sender: { type: string; name: string };
  text: string | null;
  attachment: { name: string; contentType: string; sizeBytes: number; url: string } | null;
  sentAt: string;
  sandbox?: boolean;
}
type Body<T> = { data: T; meta?: { page: number; limit: number; total: number }; error?: string; code?: string };
const json = <T = Message>(res: { payload: string }) => JSON.parse(res.payload) as Body<T>;

const CATALOGUE = JSON.parse(readFileSync(require.resolve('@ppapi/spec/event-catalogue.json'), 'utf8')) as Array<{
  event: string;
  fields: Array<{ name: string }>;
}>;
const fieldsOf = (event: string): string[] =>
  CATALOGUE.find((e) => e.event === event)!
    .fields.map((f) => f.name)
    .sort();
async function sentEvent(messageId: string): Promise<Record<string, unknown> | undefined> {
  const row = (await t.deps
    .knex('outbox_events')
    .where({ event_type: 'chat.message_sent' })
    .whereRaw(`data->>'message_id' = ?`, [messageId])
    .first()) as { data: Record<string, unknown> | string } | undefined;
  return row && ((typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>);
}
const count = async (table: string) =>
  Number(((await t.deps.knex(table).count('* as n').first()) as { n: number | string }).n);

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----chattest${randomBytes(8).toString('hex')}`;
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
const send = (parts: Part[], key: string = KEYS.enterpriseLive) => {
  const body = multipart(parts);
  return t.api('POST', '/chat/messages', key, body.payload, body.headers);
};

const P = (i: number) => fixtureId(`property:harbour:${i}`);
const conversation = (p: number) => fixtureId(`chat:harbour:${p}`);
const mainTenant = (p: number) => fixtureId(`tenant:${P(p)}:0`);
const MB = 1024 * 1024;

describe('GET /chat/messages', () => {
  it('lists every conversation newest first, with meta', async () => {
    const body = json<Message[]>(await t.api('GET', '/chat/messages?limit=100', KEYS.enterpriseLive));
    expect(body.meta).toEqual({ page: 1, limit: 100, total: 12 });
    const sent = body.data.map((m) => m.sentAt);
    expect(sent).toEqual([...sent].sort().reverse());
  });

  it('filters by conversationId or propertyId, and gives the attachment with a download URL', async () => {
    const byConversation = json<Message[]>(
      await t.api('GET', `/chat/messages?conversationId=${conversation(1)}`, KEYS.enterpriseLive),
    ).data;
    expect(byConversation).toHaveLength(4);
    expect(
      byConversation.every(
        (m) => m.conversationId === conversation(1) && m.tenantId === mainTenant(1) && m.propertyId === P(1),
      ),
    ).toBe(true);
    const byProperty = json<Message[]>(
      await t.api('GET', `/chat/messages?propertyId=${P(1)}`, KEYS.enterpriseLive),
    ).data;
    expect(byProperty).toEqual(byConversation);
    const withFile = byConversation.find((m) => m.attachment !== null)!;
    expect(withFile).toMatchObject({
      sender: { type: 'tenant', name: expect.stringMatching(/^\S+ \S+/) },
      text: null,
      attachment: { name: 'boiler-noise.txt', contentType: 'text/plain', sizeBytes: 21 },
    });
    expect(withFile.attachment!.url).toMatch(new RegExp(`/api/public/v1/chat/messages/${withFile.id}/attachment$`));
    const file = await t.inject({
      method: 'GET',
      url: new URL(withFile.attachment!.url).pathname,
      headers: { authorization: `Bearer ${KEYS.enterpriseLive}` },
    });
    expect([file.statusCode, file.headers['content-type'], file.rawPayload.toString()]).toEqual([
      200,
      expect.stringMatching(/^text\/plain/),
      'bang bang at 6am ...\n',
    ]);
    expect(file.headers['content-disposition']).toContain('boiler-noise.txt');
  });

  it('answers 400 VALIDATION_ERROR for both filters at once and invalid queries; random queries never give a 5xx', async () => {
    for (const query of [
      `conversationId=${conversation(0)}&propertyId=${P(0)}`,
      'conversationId=abc',
      'limit=501',
      'tenantId=x',
    ]) {
      const res = await t.api('GET', `/chat/messages?${query}`, KEYS.enterpriseLive);
      expect([query, res.statusCode, json(res).code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
    const key = fc.constantFrom('page', 'limit', 'conversationId', 'propertyId', 'q');
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.uuid(),
      fc.constantFrom(conversation(0), P(0)),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (params) => {
        const res = await t.api('GET', `/chat/messages?${new URLSearchParams(params).toString()}`, KEYS.enterpriseLive);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
      }),
      { numRuns: 60 },
    );
  });
});

describe('POST /chat/messages', () => {
  it("sends text to a property's conversation with its current main tenant, as the account owner, and records chat.message_sent", async () => {
    const res = await send([
      { name: 'propertyId', value: P(0) },
      { name: 'text', value: 'Engineer arrives at 9.' },
    ]);
    expect(res.statusCode).toBe(201);
    const message = json(res).data;
    expect(message).toMatchObject({
      conversationId: conversation(0),
      propertyId: P(0),
      tenantId: mainTenant(0),
      sender: { type: 'landlord', name: 'Helen Harbour' },
      text: 'Engineer arrives at 9.',
      attachment: null,
    });
    expect(message.sandbox).toBeUndefined();
    const event = await sentEvent(message.id);
    expect(Object.keys(event!).sort()).toEqual(fieldsOf('chat.message_sent'));
    expect(event).toEqual({
      message_id: message.id,
      chat_id: conversation(0),
      property_id: P(0),
      tenant_id: mainTenant(0),
      text: 'Engineer arrives at 9.',
      attachment_type: null,
      attachment_name: null,
      sent_at: message.sentAt,
    });
    expect(
      json<Message[]>(
        await t.api('GET', `/chat/messages?conversationId=${conversation(0)}&limit=1`, KEYS.enterpriseLive),
      ).data[0].id,
    ).toBe(message.id);
  });

  it('opens a conversation on first use, then reuses it; a conversationId targets that conversation', async () => {
    const first = json(
      await send([
        { name: 'propertyId', value: P(5) },
        { name: 'text', value: 'Hello from your landlord' },
      ]),
    ).data;
    expect(first).toMatchObject({ propertyId: P(5), tenantId: mainTenant(5) });
    const second = json(
      await send([
        { name: 'propertyId', value: P(5) },
        { name: 'text', value: 'Second' },
      ]),
    ).data;
    expect(second.conversationId).toBe(first.conversationId);
    const third = json(
      await send([
        { name: 'conversationId', value: first.conversationId },
        { name: 'text', value: 'Third' },
      ]),
    ).data;
    expect(third).toMatchObject({ conversationId: first.conversationId, propertyId: P(5), tenantId: mainTenant(5) });
  });

  it('sends a file alone: stored, downloadable, text null (sent as "" in the event)', async () => {
    const bytes = randomBytes(4096);
    const res = await send([
      { name: 'propertyId', value: P(2) },
      { name: 'text', value: '' },
      { name: 'file', value: bytes, filename: 'C:\\Users\\me\\photo of leak.jpg', contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(201);
    const message = json(res).data;
    expect(message).toMatchObject({
      text: null,
      attachment: { name: 'photo of leak.jpg', contentType: 'image/jpeg', sizeBytes: 4096 },
    });
    const download = await t.inject({
      method: 'GET',
      url: new URL(message.attachment!.url).pathname,
      headers: { authorization: `Bearer ${KEYS.enterpriseLive}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(await sentEvent(message.id)).toMatchObject({
      text: '',
      attachment_type: 'image/jpeg',
      attachment_name: 'photo of leak.jpg',
    });
  });

  it('accepts an attachment of exactly 10 MB and answers 413 FILE_TOO_LARGE for one byte more', async () => {
    const exact = await send([
      { name: 'propertyId', value: P(3) },
      { name: 'file', value: Buffer.alloc(10 * MB, 7), filename: 'exact.bin' },
    ]);
    expect(exact.statusCode).toBe(201);
    expect(json(exact).data.attachment).toMatchObject({ sizeBytes: 10 * MB, contentType: 'application/octet-stream' });
    const before = await count('chat_messages');
    const over = await send([
      { name: 'propertyId', value: P(3) },
      { name: 'file', value: Buffer.alloc(10 * MB + 1, 7), filename: 'over.bin' },
    ]);
    expect([over.statusCode, json(over)]).toEqual([413, { error: expect.any(String), code: 'FILE_TOO_LARGE' }]);
    // A body far beyond the limit is cut off by the server's payload limit, with the same answer.
    const huge = await send([
      { name: 'propertyId', value: P(3) },
      { name: 'file', value: Buffer.alloc(12 * MB, 7), filename: 'huge.bin' },
    ]);
    expect([huge.statusCode, json(huge).code]).toEqual([413, 'FILE_TOO_LARGE']);
    expect(await count('chat_messages')).toBe(before);
  });

  it('answers 409 CONFLICT for a property without a current tenant', async () => {
    const res = await send([
      { name: 'propertyId', value: P(34) },
      { name: 'text', value: 'Anyone home?' },
    ]); // vacant
    expect([res.statusCode, json(res).code]).toEqual([409, 'CONFLICT']);
  });

  it('answers 400 VALIDATION_ERROR for invalid bodies', async () => {
    const cases: Array<[string, Part[]]> = [
      ['no text and no file', [{ name: 'propertyId', value: P(0) }]],
      [
        'blank text and no file',
        [
          { name: 'propertyId', value: P(0) },
          { name: 'text', value: '   ' },
        ],
      ],
      ['no target', [{ name: 'text', value: 'hi' }]],
      [
        'both targets',
        [
          { name: 'propertyId', value: P(0) },
          { name: 'conversationId', value: conversation(0) },
          { name: 'text', value: 'hi' },
        ],
      ],
      [
        'file as a plain field',
        [
          { name: 'propertyId', value: P(0) },
          { name: 'file', value: 'not a file' },
        ],
      ],
      [
        'empty file',
        [
          { name: 'propertyId', value: P(0) },
          { name: 'file', value: Buffer.alloc(0), filename: 'empty.txt' },
        ],
      ],
      [
        'text too long',
        [
          { name: 'propertyId', value: P(0) },
          { name: 'text', value: 'x'.repeat(5001) },
        ],
      ],
      [
        'unknown field',
        [
          { name: 'propertyId', value: P(0) },
          { name: 'text', value: 'hi' },
          { name: 'urgent', value: 'yes' },
        ],
      ],
      [
        "another landlord's property",
        [
          { name: 'propertyId', value: fixtureId('property:northgate:0') },
          { name: 'text', value: 'hi' },
        ],
      ],
      [
        "another landlord's conversation",
        [
          { name: 'conversationId', value: fixtureId('chat:northgate:0') },
          { name: 'text', value: 'hi' },
        ],
      ],
    ];
    for (const [label, parts] of cases) {
      const res = await send(parts);
      expect([label, res.statusCode, json(res)]).toEqual([
        label,
        400,
        { error: expect.any(String), code: 'VALIDATION_ERROR' },
      ]);
    }
  });

  it('accepts only multipart bodies', async () => {
    const res = await t.api('POST', '/chat/messages', KEYS.enterpriseLive, { propertyId: P(0), text: 'json' });
    expect([res.statusCode, json(res).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });
});

describe('sandbox mode', () => {
  it('answers a mock message with sandbox: true and stores nothing: no row, no conversation, no object, no event', async () => {
    const tables = ['chat_messages', 'chat_conversations', 'outbox_events'];
    const before = [...(await Promise.all(tables.map(count))), storage.size];
    const res = await send(
      [
        { name: 'propertyId', value: P(6) },
        { name: 'text', value: 'Sandbox hello' },
        { name: 'file', value: Buffer.from('plan'), filename: 'plan.txt', contentType: 'text/plain' },
      ],
      KEYS.enterpriseSandbox,
    );
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({
      sandbox: true,
      text: 'Sandbox hello',
      propertyId: P(6),
      tenantId: mainTenant(6),
      attachment: { name: 'plan.txt', sizeBytes: 4 },
    });
    expect([...(await Promise.all(tables.map(count))), storage.size]).toEqual(before);
    expect(json<Message[]>(await t.api('GET', `/chat/messages?propertyId=${P(6)}`, KEYS.enterpriseLive)).data).toEqual(
      [],
    );
    // Rules still apply.
    expect(
      (
        await send(
          [
            { name: 'propertyId', value: P(34) },
            { name: 'text', value: 'x' },
          ],
          KEYS.enterpriseSandbox,
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await send(
          [
            { name: 'propertyId', value: P(6) },
            { name: 'file', value: Buffer.alloc(10 * MB + 1), filename: 'big.bin' },
          ],
          KEYS.enterpriseSandbox,
        )
      ).statusCode,
    ).toBe(413);
  });

  it('a live upload does store its object (the control)', async () => {
    const before = storage.size;
    expect(
      (
        await send([
          { name: 'propertyId', value: P(6) },
          { name: 'file', value: Buffer.from('x'), filename: 'x.txt' },
        ])
      ).statusCode,
    ).toBe(201);
    expect(storage.size).toBe(before + 1);
  });
});

describe('tenant isolation', () => {
  it("never shows another landlord's messages or attachments", async () => {
    expect(
      json<Message[]>(
        await t.api('GET', `/chat/messages?conversationId=${fixtureId('chat:northgate:0')}`, KEYS.enterpriseLive),
      ).data,
    ).toEqual([]);
    expect(
      json<Message[]>(
        await t.api('GET', `/chat/messages?propertyId=${fixtureId('property:northgate:0')}`, KEYS.enterpriseLive),
      ).data,
    ).toEqual([]);
    const foreignMessage = fixtureId(`chat-message:${fixtureId('chat:northgate:0')}:2`); // has an attachment
    const res = await t.api('GET', `/chat/messages/${foreignMessage}/attachment`, KEYS.enterpriseLive);
    expect([res.statusCode, json(res).code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.api('GET', `/chat/messages/${foreignMessage}/attachment`, KEYS.otherLandlord)).statusCode).toBe(
      200,
    );
    const noFile = await t.api(
      'GET',
      `/chat/messages/${fixtureId(`chat-message:${conversation(0)}:0`)}/attachment`,
      KEYS.enterpriseLive,
    );
    expect([noFile.statusCode, json(noFile).error]).toEqual([404, 'Attachment not found']);
  });
});
