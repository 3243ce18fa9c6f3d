import type { IncomingMessage, ServerResponse } from 'node:http';

import type { ReceiverStore } from '../store/receiver-store';

/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/**
 * `GET /_receiver/events`: server-sent events for the live page. `attempt` carries one attempt as the admin API
 * returns it (again whenever it changes: the page replaces it by `seq`), `scripts` the failure scripts, `cleared`
 * says the log was emptied. The stream starts with a `hello` event, so a client knows it is connected.
 */
export function streamChanges(req: IncomingMessage, res: ServerResponse, store: ReceiverStore): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  const send = (event: string, data: unknown): void => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const onAttempt = (attempt: unknown): void => send('attempt', attempt);
  const onScripts = (): void => send('scripts', store.scripts.list());
  const onCleared = (): void => send('cleared', {});
  store.changes.on('attempt', onAttempt);
  store.changes.on('scripts', onScripts);
  store.changes.on('cleared', onCleared);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const stop = (): void => {
    clearInterval(heartbeat);
    store.changes.off('attempt', onAttempt);
    store.changes.off('scripts', onScripts);
    store.changes.off('cleared', onCleared);
  };
  req.on('close', stop);
  res.on('close', stop);
  send('hello', { secrets: store.secrets.size });
}
