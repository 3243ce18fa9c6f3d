// Every error the server can answer, held to the spec's Errors table (parsed from the spec itself) and to the page
// that documents the server's own codes. The catalogue is the closed set of codes the responder can answer (its
// type admits no other), and the responder answers each code with the catalogue's status: so walking the
// catalogue, and every status Hapi could raise, over HTTP walks every error answer there is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Boom from '@hapi/boom';
import Hapi, { type Server } from '@hapi/hapi';
import pino from 'pino';
import { apiError } from '../src/platform/errors/api-error';
import { ERRORS, isErrorCode, type ErrorCode } from '../src/platform/errors/catalogue';
import { errorResponderPlugin } from '../src/platform/errors/responder';

const ROOT = path.resolve(__dirname, '../..');

/** Rows `| status | CODE | ... |` of the markdown table under the given heading (up to the next heading). */
function tableRows(file: string, heading: RegExp): Array<[number, string]> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((line) => heading.test(line));
  if (start === -1) throw new Error(`${file}: no heading ${String(heading)}`);
  const rows: Array<[number, string]> = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,6} /.test(line)) break;
    const cells = /^\|\s*(\d{3})\s*\|\s*`?([A-Z_]+)`?\s*\|/.exec(line);
    if (cells) rows.push([Number(cells[1]), cells[2]]);
  }
  return rows;
}

const SPEC = tableRows('docs/spec/property-portfolio-api.md', /^## Errors\s*$/);
const OWN = tableRows('docs/api-notes/error-codes.md', /^# Error codes/);
const specStatuses = new Set(SPEC.map(([status]) => status));
const specPairs = new Set(SPEC.map(([status, code]) => `${status} ${code}`));
const CODES = Object.keys(ERRORS).filter(isErrorCode);

describe("the spec's Errors table, as parsed", () => {
  it('has the statuses and codes the spec lists (a parse that found nothing would hold nothing)', () => {
    expect(SPEC.length).toBeGreaterThanOrEqual(20);
    expect([...specStatuses].sort()).toEqual([400, 401, 403, 404, 409, 410, 413, 429, 500, 503]);
    expect(specPairs.has('503 SERVICE_UNAVAILABLE')).toBe(true);
  });
});

describe('the error catalogue against the spec', () => {
  it("holds every code of the spec's table with the spec's status", () => {
    const missing = SPEC.filter(([status, code]) => !isErrorCode(code) || ERRORS[code].status !== status);
    expect(missing).toEqual([]);
  });

  it("answers a status the spec lists only with one of the spec's codes for that status", () => {
    const foreign = CODES.filter((code) => specStatuses.has(ERRORS[code].status))
      .filter((code) => !specPairs.has(`${ERRORS[code].status} ${code}`))
      .map((code) => `${ERRORS[code].status} ${code}`);
    expect(foreign).toEqual([]);
  });

  it('marks every code of its own as an extension, for a status the spec does not list, documented in docs/', () => {
    const own = CODES.filter((code) => !specPairs.has(`${ERRORS[code].status} ${code}`));
    for (const code of own) {
      const entry: { readonly status: number; readonly extension?: true } = ERRORS[code];
      expect([code, entry.extension]).toEqual([code, true]);
    }
    const documented = new Set(OWN.map(([status, code]) => `${status} ${code}`));
    expect(own.filter((code) => !documented.has(`${ERRORS[code].status} ${code}`))).toEqual([]);
    // The page lists nothing the server does not answer, and no status the spec has codes for.
    expect(OWN.filter(([status, code]) => !isErrorCode(code) || ERRORS[code].status !== status)).toEqual([]);
    expect(OWN.filter(([status]) => specStatuses.has(status))).toEqual([]);
  });
});

// Over HTTP, the one responder every route's errors go through.
let server: Server;
let base: string;

beforeAll(async () => {
  server = Hapi.server({ host: '127.0.0.1', port: 0 });
  await server.register({ plugin: errorResponderPlugin, options: { logger: pino({ level: 'silent' }) } });
  server.route([
    {
      method: 'GET',
      path: '/code/{code}',
      handler: (request) => {
        const code = String(request.params.code);
        if (!isErrorCode(code)) throw new Error('test asked for an unknown code');
        throw apiError(code);
      },
    },
    {
      method: 'GET',
      path: '/status/{status}',
      handler: (request) => {
        throw new Boom.Boom('raised by the framework', { statusCode: Number(request.params.status) });
      },
    },
    {
      method: 'GET',
      path: '/database/{failure}',
      handler: (request) => {
        const failure = String(request.params.failure);
        const err =
          failure === 'refused' || failure === 'wrapped'
            ? Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
            : failure === 'shutdown'
              ? Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
              : failure === 'acquire'
                ? Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })
                : failure === 'statement'
                  ? Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })
                  : new Error('a bug');
        // objection wraps the driver's error; the responder looks inside.
        throw failure === 'wrapped' ? Object.assign(new Error('wrapped'), { nativeError: err }) : err;
      },
    },
  ]);
  await server.start();
  base = server.info.uri;
});

afterAll(async () => {
  await server.stop();
});

interface Answer {
  readonly status: number;
  readonly body: { error?: unknown; code?: unknown };
  readonly retryAfter: string | null;
}

async function get(url: string): Promise<Answer> {
  const res = await fetch(`${base}${url}`);
  return {
    status: res.status,
    body: (await res.json()) as Answer['body'],
    retryAfter: res.headers.get('retry-after'),
  };
}

/** The rules every error answer obeys, whatever raised it. */
function expectLawful(answer: Answer, label: string): void {
  const code = String(answer.body.code);
  expect([label, typeof answer.body.error, isErrorCode(code)]).toEqual([label, 'string', true]);
  expect([label, answer.status]).toEqual([label, ERRORS[code as ErrorCode].status]);
  if (specStatuses.has(answer.status))
    expect([label, specPairs.has(`${answer.status} ${code}`)]).toEqual([label, true]);
  // "honor Retry-After on 429 and 503": every 503 gives one.
  if (answer.status === 503) expect([label, Number(answer.retryAfter) > 0]).toEqual([label, true]);
}

describe('every code of the catalogue, answered over HTTP', () => {
  it.each(CODES)('%s: its catalogue status, the envelope, Retry-After on a 503', async (code) => {
    const answer = await get(`/code/${code}`);
    expectLawful(answer, code);
    expect(answer.body.code).toBe(code);
  });
});

describe('every status the framework could raise', () => {
  const statuses = [...range(400, 451), ...range(500, 511)];
  it.each(statuses)(
    'Boom %i: a code of the spec for a status the spec lists, else one of the documented own',
    async (status) => {
      const answer = await get(`/status/${status}`);
      expectLawful(answer, String(status));
    },
  );
});

describe('the database unreachable or slow', () => {
  it.each(['refused', 'shutdown', 'acquire', 'statement', 'wrapped'])(
    '%s: 503 SERVICE_UNAVAILABLE with Retry-After',
    async (failure) => {
      const answer = await get(`/database/${failure}`);
      expectLawful(answer, failure);
      expect([answer.status, answer.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    },
  );

  it('any other thrown error: 500 SERVER_ERROR, no Retry-After', async () => {
    const answer = await get('/database/bug');
    expect([answer.status, answer.body.code, answer.retryAfter]).toEqual([500, 'SERVER_ERROR', null]);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
