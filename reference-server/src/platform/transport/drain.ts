// A request refused before its body was read (401, 403, 429 on an upload, say) would be answered with
// `connection: close` while the client is still sending, and a streaming client then sees EPIPE instead of the
// answer. Reading and discarding the rest of a body of declared, bounded size first lets every client read the
// refusal and keep its connection.
import type { Request } from '@hapi/hapi';

/** Discards the unread body of a refused request; gives up (the connection then closes) past the bound or time. */
export async function drainUnreadBody(request: Request, maxBytes: number, timeoutMs: number): Promise<void> {
  const req = request.raw.req;
  const declared = Number(req.headers['content-length']);
  // Only a body nobody has started reading, of a declared length the route would have accepted.
  if (req.readableEnded || req.readableFlowing !== null || !(declared > 0) || declared > maxBytes) return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      req.off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    req.on('end', done).on('error', done).on('close', done);
    req.resume();
  });
}
