// An upload refused before its body is read (wrong scope, no key) still lets the client send the whole body and
// read the refusal on a connection that stays open, instead of a reset halfway through the body.
import http from 'node:http';
import { fixtureId } from '@ppapi/spec';
import { API, KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ listen: true });
});
afterAll(async () => {
  await t.stop();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: { error?: string; code?: string };
}

/** A multipart upload of `size` bytes written in 64 KiB chunks, as a streaming client sends it. */
function upload(path: string, key: string | null, size: number): Promise<Answer> {
  const boundary = 'refusedUploadBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${t.url}${API}${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
          ...(key ? { authorization: `Bearer ${key}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: JSON.parse(Buffer.concat(chunks).toString()) as Answer['body'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    const chunk = Buffer.alloc(64 * 1024, 7);
    for (let sent = 0; sent < size; sent += chunk.length)
      req.write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
    req.end(tail);
  });
}

const image = `/properties/${fixtureId('property:harbour:2')}/image`;

it('a read_only key uploading 3 MB gets 403 INSUFFICIENT_SCOPE on a connection kept open', async () => {
  const answer = await upload(image, KEYS.enterpriseReadOnly, 3 * 1024 * 1024);
  expect(answer).toMatchObject({ status: 403, body: { code: 'INSUFFICIENT_SCOPE' } });
  expect(answer.connection).not.toBe('close');
});

it('no key at all: 401 UNAUTHORIZED, connection kept open', async () => {
  const answer = await upload(image, null, 1024 * 1024);
  expect(answer).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  expect(answer.connection).not.toBe('close');
});

it('a body larger than the route accepts is not read: 4xx and the connection closes', async () => {
  const answer = await upload(image, KEYS.enterpriseReadOnly, 12 * 1024 * 1024);
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.connection).toBe('close');
});
