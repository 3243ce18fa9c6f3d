// Text the database cannot store is refused once, here, for every route: a NUL character (PostgreSQL refuses
// the byte), an unpaired UTF-16 surrogate (it would be stored as U+FFFD, not as sent) and invalid UTF-8 in the
// query string or a JSON body (decoders would replace it with U+FFFD). Runs after limits and body parsing,
// before the route's Joi validation, and answers 400 VALIDATION_ERROR naming the field.
import { TextDecoder } from 'node:util';
import type { Plugin, Request } from '@hapi/hapi';
import { apiError } from '../errors/api-error';

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    /** The raw body was not valid UTF-8 (seen as it arrived). */
    invalidUtf8Body?: boolean;
  }
}

const NUL_OR_LONE_SURROGATE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const REPLACEMENT = '\uFFFD';
const PROBLEM = 'must not contain NUL characters, unpaired surrogates or invalid UTF-8';

const isPlainObject = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** The path of the first string (value or key) the test flags, walking plain objects and arrays only. */
export function firstFlagged(
  value: unknown,
  flagged: (text: string) => boolean,
  path: readonly string[] = [],
): string[] | undefined {
  if (typeof value === 'string') return flagged(value) ? [...path] : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = firstFlagged(item, flagged, [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return undefined; // Buffers and streams of uploads
  for (const [key, item] of Object.entries(value)) {
    if (flagged(key)) return [...path, key];
    const found = firstFlagged(item, flagged, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export const isUnstorable = (text: string): boolean => NUL_OR_LONE_SURROGATE.test(text);

const strictUtf8 = (): TextDecoder => new TextDecoder('utf-8', { fatal: true });

function percentDecodesToUtf8(part: string): boolean {
  const bytes: number[] = [];
  for (let i = 0; i < part.length; i += 1) {
    const c = part[i];
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(part.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(part.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c === '+' ? ' ' : c, 'utf8'));
    }
  }
  try {
    strictUtf8().decode(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}

/**
 * The query string of a request target as sent, without its fragment. Read from the raw target rather than
 * `request.url`, which builds a WHATWG URL on first use (about 2 µs, on every request of every route).
 */
export function rawSearch(target: string): string {
  const q = target.indexOf('?');
  const h = target.indexOf('#');
  if (q === -1 || (h !== -1 && h < q)) return '';
  return h === -1 ? target.slice(q) : target.slice(q, h);
}

/** The query parameter whose raw bytes are not UTF-8, by its (lenient) decoded name. */
export function invalidUtf8QueryParameter(search: string): string | undefined {
  // Only percent-escapes can spell bytes that are not UTF-8: every other character encodes to valid UTF-8.
  if (!search.includes('%')) return undefined;
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (pair === '' || percentDecodesToUtf8(pair)) continue;
    const name = pair.split('=')[0];
    return new URLSearchParams(`${name}=`).keys().next().value ?? name;
  }
  return undefined;
}

function refuse(source: string, path: readonly string[]): never {
  throw apiError('VALIDATION_ERROR', `Invalid request: ${[source, ...path].join('.')}: ${PROBLEM}`);
}

/** Watches a JSON body's bytes as they arrive (Hapi's `peek`), so invalid UTF-8 is known after parsing. */
function watchBody(request: Request): void {
  const encoding = request.headers['content-encoding'];
  if (encoding && encoding !== 'identity') return; // compressed bytes say nothing about the text
  const decoder = strictUtf8();
  const fail = (): void => {
    request.app.invalidUtf8Body = true;
  };
  request.events.on('peek', (chunk: Buffer | string) => {
    if (request.app.invalidUtf8Body || typeof chunk === 'string') return;
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      fail();
    }
  });
  request.events.once('finish', () => {
    if (request.app.invalidUtf8Body) return;
    try {
      decoder.decode();
    } catch {
      fail();
    }
  });
}

export const storableTextPlugin: Plugin<void> = {
  name: 'storable-text',
  register(server) {
    server.ext('onRequest', (request, h) => {
      const type = request.headers['content-type'];
      if (typeof type === 'string' && /^application\/json\b/i.test(type.trim())) watchBody(request);
      return h.continue;
    });
    server.ext('onPostAuth', (request, h) => {
      const badParameter = invalidUtf8QueryParameter(rawSearch(request.raw.req.url ?? ''));
      if (badParameter !== undefined) refuse('query', [badParameter]);
      for (const [source, value] of [
        ['params', request.params],
        ['query', request.query],
        ['payload', request.payload],
      ] as const) {
        const path = firstFlagged(value, isUnstorable);
        if (path) refuse(source, path);
      }
      if (request.app.invalidUtf8Body)
        refuse('payload', firstFlagged(request.payload, (text) => text.includes(REPLACEMENT)) ?? []);
      return h.continue;
    });
  },
};
