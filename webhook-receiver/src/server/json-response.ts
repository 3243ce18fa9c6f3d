import type { ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  // A 204 has no body (a scripted 204 answer to a delivery, say).
  if (status === 204) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Same `{ error, code }` shape as the API's errors. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  error: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error, code }, headers);
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}
