// Sends a cached read answer as the bytes serialized when it was cached, instead of serializing the same object
// again on every hit (the largest per-request cost of a cached list). The handler still returns the object, so
// response validation, where it is on, sees exactly what it always sees; the bytes replace it only afterwards.
import type { Plugin, Request } from '@hapi/hapi';
import type { CachedAnswer } from './response-cache';

const ANSWER = Symbol('cached-answer');

/** Remembers which cached answer a handler returned, so onPreResponse can send its bytes. */
export function noteCachedAnswer(request: Request, answer: CachedAnswer): void {
  (request.plugins as Record<symbol, CachedAnswer>)[ANSWER] = answer;
}

export const readCachePlugin: Plugin<void> = {
  name: 'read-cache',
  register(server) {
    server.ext(
      'onPreResponse',
      (request, h) => {
        const answer = (request.plugins as Record<symbol, CachedAnswer | undefined>)[ANSWER];
        const response = request.response;
        if (!answer || 'isBoom' in response || response.source !== answer.value) return h.continue;
        const original = response;
        const bytes = h.response(answer.payload).code(original.statusCode).type('application/json; charset=utf-8');
        for (const [name, value] of Object.entries(original.headers)) {
          if (name !== 'content-type' && value !== undefined) bytes.header(name, String(value));
        }
        return bytes;
      },
      { before: ['transport'] },
    );
  },
};
