// The framing of HTTP/1.1 responses on a keep-alive connection (RFC 9112 6): where each answer's head and body end,
// its status and how many body bytes it carried, the bytes themselves counted and dropped. For the benchmark's load
// generator, which must read every byte an answer sends and nothing more: no body is copied, decoded or kept.
// Bodies are framed by Content-Length or the chunked transfer coding; an answer framed by neither (or any byte the
// grammar does not allow here) is an error, never guessed at.

export interface Answer {
  readonly status: number;
  readonly bodyBytes: number;
  /** The answer said `Connection: close`: nothing follows it on this connection. */
  readonly close: boolean;
  /** Up to 300 bytes of the body, for non-2xx answers only (the report quotes them). */
  readonly excerpt?: string;
}

type State =
  | { kind: 'head'; text: string }
  | { kind: 'length'; remaining: number }
  | { kind: 'chunk-size'; line: string }
  | { kind: 'chunk-data'; remaining: number }
  | { kind: 'chunk-end'; line: string }
  | { kind: 'trailers'; line: string };

const HEAD_LIMIT = 64 * 1024;
const LINE_LIMIT = 4096;

export class ResponseReader {
  private state: State = { kind: 'head', text: '' };
  private status = 0;
  private close = false;
  private bodyBytes = 0;
  private excerpt?: string;

  /** Feeds bytes read from the connection; calls `answered` for each answer they complete. Throws on bad framing. */
  feed(bytes: Buffer, length: number, answered: (answer: Answer) => void): void {
    let at = 0;
    while (at < length) {
      const state = this.state;
      switch (state.kind) {
        case 'head': {
          // The head is small: gathered as text, a few KB at a time, until its blank line.
          const stop = Math.min(length, at + 4096);
          const text = state.text + bytes.toString('latin1', at, stop);
          const end = text.indexOf('\r\n\r\n');
          if (end < 0) {
            if (text.length > HEAD_LIMIT) throw new Error('an answer head over 64 KB');
            this.state = { kind: 'head', text };
            at = stop;
            break;
          }
          at += end + 4 - state.text.length;
          this.startBody(text.slice(0, end), answered);
          break;
        }
        case 'length':
        case 'chunk-data': {
          const taken = Math.min(state.remaining, length - at);
          this.body(bytes, at, taken);
          at += taken;
          state.remaining -= taken;
          if (state.remaining > 0) break;
          if (state.kind === 'length') this.finish(answered);
          else this.state = { kind: 'chunk-end', line: '' };
          break;
        }
        case 'chunk-size':
        case 'chunk-end':
        case 'trailers': {
          const newline = bytes.indexOf(10, at);
          const stop = newline < 0 || newline >= length ? length : newline + 1;
          state.line += bytes.toString('latin1', at, stop);
          at = stop;
          if (state.line.length > LINE_LIMIT) throw new Error('a chunk line over 4 KB');
          if (!state.line.endsWith('\r\n')) break;
          this.line(state, state.line.slice(0, -2), answered);
          break;
        }
      }
    }
  }

  /** Whether the bytes so far end exactly between two answers. */
  get between(): boolean {
    return this.state.kind === 'head' && this.state.text === '';
  }

  private startBody(head: string, answered: (answer: Answer) => void): void {
    const [statusLine, ...fields] = head.split('\r\n');
    const status = /^HTTP\/1\.1 (\d{3}) /.exec(`${statusLine} `);
    if (!status) throw new Error(`not an HTTP/1.1 status line: ${statusLine.slice(0, 100)}`);
    const headers = new Map<string, string>();
    for (const field of fields) {
      const colon = field.indexOf(':');
      if (colon <= 0) throw new Error(`a malformed header field: ${field.slice(0, 100)}`);
      const name = field.slice(0, colon).toLowerCase();
      const value = field.slice(colon + 1).trim();
      headers.set(name, headers.has(name) ? `${headers.get(name)!}, ${value}` : value);
    }
    this.status = Number(status[1]);
    this.close = /(^|,)\s*close\s*(,|$)/i.test(headers.get('connection') ?? '');
    this.bodyBytes = 0;
    this.excerpt = undefined;
    const length = headers.get('content-length');
    if (/^\s*chunked\s*$/i.test(headers.get('transfer-encoding') ?? '')) this.state = { kind: 'chunk-size', line: '' };
    else if (length !== undefined && /^\d+$/.test(length)) {
      this.state = { kind: 'length', remaining: Number(length) };
      if (Number(length) === 0) this.finish(answered);
    } else if (this.status === 204 || this.status === 304) this.finish(answered);
    else throw new Error(`an answer (${this.status}) framed by neither Content-Length nor chunked`);
  }

  private line(state: State, line: string, answered: (answer: Answer) => void): void {
    if (state.kind === 'chunk-size') {
      const size = /^([0-9a-fA-F]+)\s*(;.*)?$/.exec(line);
      if (!size) throw new Error(`a malformed chunk size: ${line.slice(0, 100)}`);
      const remaining = Number.parseInt(size[1], 16);
      this.state = remaining === 0 ? { kind: 'trailers', line: '' } : { kind: 'chunk-data', remaining };
    } else if (state.kind === 'chunk-end') {
      if (line !== '') throw new Error('a chunk not followed by CRLF');
      this.state = { kind: 'chunk-size', line: '' };
    } else if (line === '') this.finish(answered);
    else this.state = { kind: 'trailers', line: '' };
  }

  private body(bytes: Buffer, at: number, length: number): void {
    if (this.status >= 300 && this.excerpt === undefined)
      this.excerpt = bytes.toString('utf8', at, at + Math.min(length, 300));
    this.bodyBytes += length;
  }

  private finish(answered: (answer: Answer) => void): void {
    this.state = { kind: 'head', text: '' };
    answered({ status: this.status, bodyBytes: this.bodyBytes, close: this.close, excerpt: this.excerpt });
  }
}
