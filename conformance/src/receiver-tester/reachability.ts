import { connect } from 'node:net';

export class ReceiverUnreachableError extends Error {}

/**
 * A TCP connect to the receiver's host and port, so "nothing is listening" becomes exit status 2 instead of
 * 60 failed checks. Nothing is sent: a probe delivery would pollute the receiver's own records.
 */
export function assertReachable(url: string, timeoutMs: number): Promise<void> {
  const target = new URL(url);
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (reason: string): void => {
      socket.destroy();
      reject(new ReceiverUnreachableError(`cannot reach ${url}: ${reason}`));
    };
    socket.setTimeout(timeoutMs, () => fail(`no connection within ${timeoutMs} ms`));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', (err: NodeJS.ErrnoException) => fail(err.code ?? err.message));
  });
}
