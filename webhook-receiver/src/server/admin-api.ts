import type { IncomingMessage, ServerResponse } from 'node:http';

import { normaliseDeliveryId } from '../envelope/envelope';
import type { DeliveryFilter } from '../store/delivery-log';
import { ScriptValidationError } from '../store/failure-scripts';
import type { ReceiverStore } from '../store/receiver-store';
import { sendError, sendJson, sendNoContent } from './json-response';
import { readRawBody } from './read-raw-body';

/** Everything under this prefix is the admin API; every other path is the delivery endpoint. */
export const ADMIN_PREFIX = '/_receiver';

const MAX_ADMIN_BODY_BYTES = 64 * 1024;

/**
 * The admin API lets a process other than the one running the receiver (the conformance suite, a test
 * runner) read what arrived and script failures. Responses use the API's `{ data }` / `{ error, code }` shapes.
 */
export async function handleAdmin(req: IncomingMessage, res: ServerResponse, store: ReceiverStore): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://receiver.invalid');
  const path = url.pathname.slice(ADMIN_PREFIX.length).replace(/\/+$/, '') || '/';
  const method = req.method ?? 'GET';

  if (path === '/health')
    return method === 'GET' ? sendJson(res, 200, { data: { status: 'ok' } }) : notAllowed(res, 'GET');

  if (path === '/deliveries') {
    if (method === 'GET') {
      const filter = deliveryFilter(url.searchParams);
      if (typeof filter === 'string') return sendError(res, 400, 'VALIDATION_ERROR', filter);
      const data = store.deliveries(filter);
      return sendJson(res, 200, { data, meta: { total: data.length } });
    }
    if (method === 'DELETE') {
      store.clearDeliveries();
      return sendNoContent(res);
    }
    return notAllowed(res, 'GET, DELETE');
  }

  const one = /^\/deliveries\/([^/]+)$/.exec(path);
  if (one) {
    if (method !== 'GET') return notAllowed(res, 'GET');
    const id = normaliseDeliveryId(decodeURIComponent(one[1] ?? ''));
    const attempts = store.attemptsOf(id);
    if (attempts.length === 0) return sendError(res, 404, 'NOT_FOUND', `no delivery attempt with id ${id}`);
    return sendJson(res, 200, {
      data: {
        id,
        event: attempts.find((a) => a.verified)?.event ?? attempts[0]?.event ?? null,
        attempts,
        accepted: attempts.some((a) => a.outcome === 'accepted'),
      },
    });
  }

  const oneScript = /^\/scripts\/([^/]+)$/.exec(path);
  if (oneScript) {
    if (method !== 'DELETE') return notAllowed(res, 'DELETE');
    const scriptId = decodeURIComponent(oneScript[1] ?? '');
    if (!store.scripts.remove(scriptId)) return sendError(res, 404, 'NOT_FOUND', `no script ${scriptId}`);
    store.changes.emit('scripts');
    return sendNoContent(res);
  }

  if (path === '/secrets') {
    if (method !== 'POST') return notAllowed(res, 'POST');
    return addSecret(req, res, store);
  }
  const oneSecret = /^\/secrets\/([^/]+)$/.exec(path);
  if (oneSecret) {
    if (method !== 'DELETE') return notAllowed(res, 'DELETE');
    const id = decodeURIComponent(oneSecret[1] ?? '');
    if (!store.secrets.remove(id))
      return sendError(res, 404, 'NOT_FOUND', `no added secret ${id} (start-up secrets cannot be removed)`);
    return sendNoContent(res);
  }

  if (path === '/scripts') {
    if (method === 'GET') return sendJson(res, 200, { data: store.scripts.list() });
    if (method === 'DELETE') {
      store.scripts.clear();
      store.changes.emit('scripts');
      return sendNoContent(res);
    }
    if (method === 'POST') return addScript(req, res, store);
    return notAllowed(res, 'GET, POST, DELETE');
  }

  return sendError(res, 404, 'NOT_FOUND', `no admin route ${method} ${url.pathname}`);
}

async function addScript(req: IncomingMessage, res: ServerResponse, store: ReceiverStore): Promise<void> {
  const body = await readRawBody(req, MAX_ADMIN_BODY_BYTES);
  if (!body.ok) return sendError(res, 413, 'PAYLOAD_TOO_LARGE', `script larger than ${MAX_ADMIN_BODY_BYTES} bytes`);
  let input: unknown;
  try {
    input = JSON.parse(body.bytes.toString('utf8'));
  } catch {
    return sendError(res, 400, 'VALIDATION_ERROR', 'body is not JSON');
  }
  try {
    const script = store.scripts.add(input);
    store.changes.emit('scripts');
    return sendJson(res, 201, { data: script });
  } catch (err) {
    if (err instanceof ScriptValidationError) return sendError(res, 400, 'VALIDATION_ERROR', err.message);
    throw err;
  }
}

/** `{ "secret": "…" }`: one more signing secret to verify with (a subscription's secret, shown once by its dashboard). */
async function addSecret(req: IncomingMessage, res: ServerResponse, store: ReceiverStore): Promise<void> {
  const body = await readRawBody(req, MAX_ADMIN_BODY_BYTES);
  if (!body.ok) return sendError(res, 413, 'PAYLOAD_TOO_LARGE', `body larger than ${MAX_ADMIN_BODY_BYTES} bytes`);
  let input: unknown;
  try {
    input = JSON.parse(body.bytes.toString('utf8'));
  } catch {
    return sendError(res, 400, 'VALIDATION_ERROR', 'body is not JSON');
  }
  const secret =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>).secret
      : undefined;
  if (typeof secret !== 'string' || secret === '')
    return sendError(res, 400, 'VALIDATION_ERROR', 'secret must be a non-empty string');
  // The secret itself is never echoed or listed.
  return sendJson(res, 201, { data: { id: store.secrets.add(secret), secrets: store.secrets.size } });
}

function deliveryFilter(params: URLSearchParams): DeliveryFilter | string {
  const verified = params.get('verified');
  if (verified !== null && verified !== 'true' && verified !== 'false') return 'verified must be true or false';
  return {
    ...(params.get('event') !== null ? { event: params.get('event') ?? '' } : {}),
    ...(params.get('id') !== null ? { id: params.get('id') ?? '' } : {}),
    ...(params.get('landlordId') !== null ? { landlordId: params.get('landlordId') ?? '' } : {}),
    ...(verified !== null ? { verified: verified === 'true' } : {}),
  };
}

function notAllowed(res: ServerResponse, allow: string): void {
  sendError(res, 405, 'METHOD_NOT_ALLOWED', `allowed: ${allow}`, { Allow: allow });
}
