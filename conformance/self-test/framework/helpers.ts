// Shared fakes for the framework self-tests: a local HTTP "deployment", targets, captured CLI output,
// temp files, and a minimal XML parser to prove JUnit output is well-formed.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/cli';
import { parseTarget, type Target } from '../../src/targets';

export const LIVE_KEY = 'svc_live_enterpriseSecretKey1234';
export const READONLY_KEY = 'svc_live_readonlySecretKey5678';

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface FakeApi {
  readonly origin: string;
  readonly baseUrl: string;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

export type Handler = (req: SeenRequest, res: ServerResponse) => void;

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A deployment on 127.0.0.1, port 0. The handler sees requests with paths relative to /api/public/v1. */
export async function startFakeApi(handler: Handler): Promise<FakeApi> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: (req.url ?? '/').replace(/^\/api\/public\/v1/, ''),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/public/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function targetFile(baseUrl: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { baseUrl, keys: { enterpriseLive: LIVE_KEY, enterpriseReadOnly: READONLY_KEY }, ...extra };
}

export function targetFor(baseUrl: string, extra: Record<string, unknown> = {}): Target {
  return parseTarget(targetFile(baseUrl, extra), 'test').target;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'conformance-selftest-'));
}

export function writeJson(dir: string, name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return path;
}

export interface CapturedIo extends CliIo {
  readonly out: () => string;
  readonly err: () => string;
}

export function captureIo(tty = false): CapturedIo {
  let out = '';
  let err = '';
  return {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    isTTY: tty,
    color: false,
    out: () => out,
    err: () => err,
  };
}

// ---- minimal XML parser (well-formedness only; enough for our JUnit) ----

export interface XmlElement {
  readonly name: string;
  readonly attrs: Record<string, string>;
  readonly children: XmlElement[];
  text: string;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);|&/g, (m, e: string | undefined) => {
    if (e === undefined) throw new Error(`bare & in XML near ${JSON.stringify(text.slice(0, 40))}`);
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    const v = named[e];
    if (v === undefined) throw new Error(`unknown entity ${m}`);
    return v;
  });
}

export function parseXml(xml: string): XmlElement {
  let i = 0;
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(xml)) throw new Error('control character in XML');
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? xml.length : lt;
    const text = xml.slice(i, textEnd);
    if (text.includes('>')) throw new Error(`raw > in text: ${JSON.stringify(text.slice(0, 40))}`);
    stack[stack.length - 1].text += decodeEntities(text);
    if (lt < 0) break;
    if (xml.startsWith('<?', lt)) {
      i = xml.indexOf('?>', lt) + 2;
      continue;
    }
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error('unterminated tag');
    const tag = xml.slice(lt + 1, gt);
    if (tag.startsWith('/')) {
      const open = stack.pop();
      if (!open || open.name !== tag.slice(1).trim())
        throw new Error(`mismatched </${tag.slice(1)}> (open: ${open?.name})`);
    } else {
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const m = /^([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*$/.exec(body);
      if (!m) throw new Error(`malformed tag <${tag.slice(0, 60)}>`);
      const attrs: Record<string, string> = {};
      for (const a of (m[2] ?? '').matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) attrs[a[1]] = decodeEntities(a[2]);
      const el: XmlElement = { name: m[1], attrs, children: [], text: '' };
      stack[stack.length - 1].children.push(el);
      if (!selfClosing) stack.push(el);
    }
    i = gt + 1;
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (root.children.length !== 1) throw new Error('XML must have exactly one root element');
  return root.children[0];
}

export function findAll(el: XmlElement, name: string): XmlElement[] {
  return el.children.flatMap((c) => [...(c.name === name ? [c] : []), ...findAll(c, name)]);
}
