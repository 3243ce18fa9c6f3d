// The image-edge check against a deployment that refuses an oversized upload before reading it: an answer that
// came before the connection was reset is judged (a pass here), while a reset with no answer at all is sent again
// and then ends the check as an `error`, never as a pass of the refusal.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { propertyImageSizeAndTypeEdges } from '../../src/checks/properties/image';
import { ManualClock } from '../../src/http';
import { runCheck } from '../../src/runner';
import { targetFor } from './helpers';

type OverLimit = 'answer-then-reset' | 'reset-without-answer';

interface FakeDeployment {
  readonly baseUrl: string;
  /** Image uploads the deployment refused unread (the second and later ones). */
  readonly refusedUnread: () => number;
  close(): Promise<void>;
}

/** POST /properties, GET and DELETE /properties/p1, and POST /properties/p1/image in the order the check sends. */
async function fakeDeployment(overLimit: OverLimit): Promise<FakeDeployment> {
  let image: string | null = null;
  let uploads = 0;
  let refusedUnread = 0;
  const property = (): Record<string, unknown> => ({ id: 'p1', address: 'conformance test', image });
  const send = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readAll = (req: IncomingMessage): Promise<void> => new Promise((resolve) => req.resume().on('end', resolve));

  const server = createServer((req, res) => {
    const url = (req.url ?? '/').replace(/^\/api\/public\/v1/, '');
    if (req.method === 'POST' && url === '/properties/p1/image') {
      uploads++;
      if (uploads === 2 || (overLimit === 'reset-without-answer' && uploads > 2)) {
        // The upload one byte over the limit, refused from its headers with the body unread.
        refusedUnread++;
        if (overLimit === 'reset-without-answer') {
          req.socket.destroy();
          return;
        }
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify({ error: 'The uploaded file exceeds the size limit', code: 'FILE_TOO_LARGE' }), () =>
          req.socket.destroy(),
        );
        return;
      }
      void readAll(req).then(() => {
        if (uploads === 1) {
          image = 'http://127.0.0.1:9/media/images/p1.png';
          send(res, 200, { data: property() });
        } else {
          send(res, 400, { error: 'file must be an image', code: 'VALIDATION_ERROR' });
        }
      });
      return;
    }
    void readAll(req).then(() => {
      if (req.method === 'POST' && url === '/properties') return send(res, 201, { data: property() });
      if (url === '/properties/p1')
        return send(res, 200, { data: req.method === 'DELETE' ? { deleted: true, id: 'p1' } : property() });
      send(res, 404, { error: 'not found', code: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/public/v1`,
    refusedUnread: () => refusedUnread,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('a refused oversized image upload', () => {
  it('answered before the reset: the answer is judged (413 FILE_TOO_LARGE passes)', async () => {
    const deployment = await fakeDeployment('answer-then-reset');
    try {
      const result = await runCheck(propertyImageSizeAndTypeEdges, targetFor(deployment.baseUrl), {
        seed: 1,
        clock: new ManualClock(),
      });
      expect({ status: result.status, message: result.message }).toMatchObject({ status: 'passed' });
      expect(deployment.refusedUnread()).toBeGreaterThanOrEqual(1);
    } finally {
      await deployment.close();
    }
  }, 60_000);

  it('reset with no answer at all: sent three times in all, then an error (not a pass, not a failure of the rule)', async () => {
    const deployment = await fakeDeployment('reset-without-answer');
    try {
      const result = await runCheck(propertyImageSizeAndTypeEdges, targetFor(deployment.baseUrl), {
        seed: 1,
        clock: new ManualClock(),
      });
      expect(result.status).toBe('error');
      // Three sends by the check and none more: the client would take a reset before any answer for the stale
      // connection of RFC 9112 section 9.5 and resend it, but the check's own resends stand in for the client's,
      // so ten megabytes go out three times, not nine.
      expect(deployment.refusedUnread()).toBe(3);
    } finally {
      await deployment.close();
    }
  }, 60_000);
});
