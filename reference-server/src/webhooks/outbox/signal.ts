// An in-process nudge: a committed outbox write (or a new test delivery, or a manual retry) wakes the
// webhook runtime at once instead of at its next poll. Only an optimisation: polling finds the work anyway,
// including work written by other processes.
import { EventEmitter } from 'node:events';

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function onWebhookWork(listener: () => void): () => void {
  emitter.on('work', listener);
  return () => emitter.off('work', listener);
}

export function signalWebhookWork(): void {
  emitter.emit('work');
}
