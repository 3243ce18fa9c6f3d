import type { ProxyRequest, ProxyResponse } from './broken';
import { apiPath, isRec, readJson } from './faults';

export type Rec = Record<string, unknown>;

export const path = (q: ProxyRequest): string => apiPath(q) ?? '';

export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const ONE = new RegExp(`^/properties/(${UUID})$`, 'i');

export const DOCS = new RegExp(`^/properties/(${UUID})/documents$`, 'i');

export const DOC = new RegExp(`^/(properties|contracts)/(${UUID})/documents/(${UUID})$`, 'i');

export const RENT_ONE = new RegExp(`^/rent/(${UUID})$`, 'i');

export const EMAIL = new RegExp(`^/rent/(${UUID})/invoice/email$`, 'i');

export const PDF = new RegExp(`^/rent/(${UUID})/invoice/pdf$`, 'i');

export function bodyOf(req: ProxyRequest): Rec {
  try {
    const v = JSON.parse(req.body.toString('utf8') || '{}') as unknown;
    return isRec(v) ? v : {};
  } catch {
    return {};
  }
}

export function withBody(req: ProxyRequest, body: unknown): ProxyRequest {
  return {
    ...req,
    headers: { ...req.headers, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(body)),
  };
}

export function dataOf(res: ProxyResponse): unknown {
  const b = readJson(res);
  return isRec(b) ? b.data : undefined;
}

export function items(b: Rec): Rec[] {
  return Array.isArray(b.data) ? (b.data as unknown[]).filter(isRec) : [];
}

export function withQuery(req: ProxyRequest, edit: (q: URLSearchParams) => void): ProxyRequest {
  const query = new URLSearchParams(req.query);
  edit(query);
  return { ...req, query };
}

export const get = (req: ProxyRequest, p: string, query = ''): ProxyRequest => ({
  method: 'GET',
  path: `/api/public/v1${p}`,
  query: new URLSearchParams(query),
  headers: { authorization: req.headers.authorization ?? '' },
  body: Buffer.alloc(0),
});

export const DAY = 86_400_000;

export const today = (): string => new Date().toISOString().slice(0, 10);

export const plusDays = (d: string, n: number): string =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** One part of a multipart/form-data body: its name, its filename for a file, its bytes. */
export interface MultipartPart {
  readonly name: string;
  readonly filename?: string;
  readonly content: Buffer;
}

/** The parts of a multipart/form-data request, split on its boundary (RFC 7578). */
export function multipartParts(req: Pick<ProxyRequest, 'headers' | 'body'>): MultipartPart[] {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(req.headers['content-type'] ?? '')?.[2];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  for (let at = req.body.indexOf(delimiter); at >= 0;) {
    const next = req.body.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    const chunk = req.body.subarray(at + delimiter.length + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    if (split >= 0) {
      const head = chunk.subarray(0, split).toString('utf8');
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      parts.push({
        name: /\bname="([^"]*)"/i.exec(head)?.[1] ?? '',
        ...(filename !== undefined ? { filename } : {}),
        content: chunk.subarray(split + 4),
      });
    }
    at = next;
  }
  return parts;
}

/** The value of the multipart field `name` (text parts only). */
export function multipartField(body: Buffer, name: string): string | undefined {
  const m = new RegExp(`name="${name}"\\r\\n\\r\\n([\\s\\S]*?)\\r\\n--`).exec(body.toString('latin1'));
  return m?.[1];
}

export function withMultipartField(req: ProxyRequest, name: string, value: string): ProxyRequest {
  const text = req.body
    .toString('latin1')
    .replace(
      new RegExp(`(name="${name}"\\r\\n\\r\\n)[\\s\\S]*?(\\r\\n--)`),
      (_m, a: string, b: string) => `${a}${Buffer.from(value, 'utf8').toString('latin1')}${b}`,
    );
  return { ...req, body: Buffer.from(text, 'latin1') };
}

/** A multipart image upload whose file part is replaced by a PNG (a deployment that "accepts" text files). */
export function withMultipartPng(req: ProxyRequest): ProxyRequest {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const text = req.body.toString('latin1');
  const m = /(content-type: text\/plain\r\n\r\n)([\s\S]*?)(\r\n--)/i.exec(text);
  if (!m) return req;
  const replaced = text
    .replace(m[0], `content-type: image/png\r\n\r\n${png.toString('latin1')}${m[3]}`)
    .replace(/filename="notes\.txt"/, 'filename="notes.png"');
  return { ...req, body: Buffer.from(replaced, 'latin1') };
}
