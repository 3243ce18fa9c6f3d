// One-line descriptions of responses and values for the "got" half of failure messages.

import type { HttpResponse } from '../http/client';

const SNIPPET = 300;

export function oneLine(text: string, limit = SNIPPET): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit)}…`;
}

/** `404 {"error":"Property not found","code":"NOT_FOUND"}` or `200 <1234 bytes of application/pdf>`. */
export function describeResponse(res: Pick<HttpResponse, 'status' | 'text' | 'headers' | 'bytes'>): string {
  const type = res.headers['content-type'] ?? '';
  if (/^(application\/pdf|image\/|application\/octet-stream)/i.test(type))
    return `${res.status} <${res.bytes.byteLength} bytes of ${type.split(';')[0]}>`;
  return res.text.length === 0 ? `${res.status} (empty body)` : `${res.status} ${oneLine(res.text)}`;
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined; // a cycle or a BigInt
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what has no JSON (a function, a symbol) is named by String
  return oneLine(json ?? String(value));
}
