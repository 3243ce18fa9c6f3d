// The checks' provisioning client (`ctx.dashboard`): the contract's operations over one of two transports.
// - HTTP: `{ url, token }`, the contract served under `url` with `Authorization: Bearer token` (the reference
//   server serves it at /provisioning/v1; its older /dashboard/api serves the same paths, so a target's legacy
//   `dashboard` section lands here too).
// - Command: `{ command: [program, ...args], token? }`, one process per operation, one JSON request on stdin and
//   one JSON answer on stdout (docs/provisioning/README.md), `token` handed over as PROVISIONING_TOKEN.
// Either way a request that is not an operation of the contract throws: the checks are written against it.

import { spawn } from 'node:child_process';
import type { RecordedExchange } from '../model';
import {
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  TransportError,
  type HttpClient,
  type HttpResponse,
  type RequestOptions,
} from '../http/client';
import type { ProvisioningConfig } from '../targets/types';
import { CONTRACT_ID, matchOperation, type MatchedOperation } from './contract';

export interface ProvisioningClientOptions {
  readonly timeoutMs?: number;
  readonly signal?: () => AbortSignal | undefined;
  readonly onExchange?: (exchange: RecordedExchange) => void;
  readonly fetch?: typeof fetch;
}

/** What a command-mode program reads on stdin. */
export interface CommandRequest {
  readonly contract: typeof CONTRACT_ID;
  readonly operation: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** What a command-mode program writes on stdout: the status and the JSON body, or bytes for an attachment. */
export interface CommandAnswer {
  readonly status: number;
  readonly body?: unknown;
  readonly bodyBase64?: string;
  readonly contentType?: string;
}

class NotInContract extends Error {
  override readonly name = 'NotInContract';
}

function resolveOperation(method: string, path: string): MatchedOperation {
  const matched = matchOperation(method, path);
  if (!matched)
    throw new NotInContract(
      `not an operation of the provisioning contract ${CONTRACT_ID}: ${method} ${path} (docs/provisioning/openapi.json)`,
    );
  return matched;
}

/** The contract path of a request: `path`, or an absolute `url` under the contract's base URL (legacy mail reads). */
function contractPath(req: RequestOptions, baseUrl: string | undefined): string {
  if (req.url === undefined) return (req.path ?? '/').split('?')[0];
  const base = baseUrl?.replace(/\/+$/, '');
  if (base === undefined || !req.url.startsWith(`${base}/`)) {
    throw new NotInContract(`the provisioning client only calls the contract's operations, not ${req.url}`);
  }
  return new URL(req.url).pathname.slice(new URL(base).pathname.replace(/\/+$/, '').length);
}

function httpProvisioning(
  config: { readonly url: string; readonly token: string },
  options: ProvisioningClientOptions,
): HttpClient {
  const inner = createHttpClient({
    baseUrl: config.url,
    defaultBearer: config.token,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    onExchange: options.onExchange,
    fetch: options.fetch,
  });
  return {
    get exchanges() {
      return inner.exchanges;
    },
    async request(req) {
      resolveOperation(req.method ?? 'GET', contractPath(req, config.url));
      return inner.request(req);
    },
  };
}

function stringQuery(query: RequestOptions['query']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    out[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

interface ProcessResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runOnce(
  command: readonly string[],
  input: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const stop = (reason: string): void => {
      child.kill('SIGKILL');
      reject(new Error(reason));
    };
    const timer = setTimeout(() => stop(`no answer within ${timeoutMs} ms`), timeoutMs);
    const onAbort = (): void => stop('request aborted (check timed out)');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (b: Buffer) => stdout.push(b));
    child.stderr.on('data', (b: Buffer) => stderr.push(b));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

function parseAnswer(stdout: string): CommandAnswer {
  const parsed = JSON.parse(stdout) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('the answer is not a JSON object');
  const answer = parsed as Record<string, unknown>;
  if (typeof answer.status !== 'number' || !Number.isInteger(answer.status))
    throw new Error('the answer has no integer "status"');
  if (answer.bodyBase64 !== undefined && typeof answer.bodyBase64 !== 'string')
    throw new Error('"bodyBase64" must be a string');
  if (answer.contentType !== undefined && typeof answer.contentType !== 'string')
    throw new Error('"contentType" must be a string');
  return answer as unknown as CommandAnswer;
}

function commandProvisioning(
  config: { readonly command: readonly string[]; readonly token?: string },
  options: ProvisioningClientOptions,
): HttpClient {
  const exchanges: RecordedExchange[] = [];
  const record = (exchange: RecordedExchange): RecordedExchange => {
    exchanges.push(exchange);
    options.onExchange?.(exchange);
    return exchange;
  };
  const env = { ...process.env, ...(config.token !== undefined ? { PROVISIONING_TOKEN: config.token } : {}) };

  async function request(req: RequestOptions): Promise<HttpResponse> {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = contractPath(req, undefined);
    const { operation, params } = resolveOperation(method, path);
    const query = stringQuery(req.query);
    const input: CommandRequest = {
      contract: CONTRACT_ID,
      operation: operation.id,
      params,
      query,
      ...(req.json !== undefined ? { body: req.json } : {}),
    };
    const recordedRequest = {
      method,
      url: `command:${operation.id} ${path}`,
      headers: {},
      body: JSON.stringify(input),
    };
    const started = performance.now();
    const durationMs = (): number => Math.round(performance.now() - started);
    let result: ProcessResult;
    try {
      result = await runOnce(
        config.command,
        `${recordedRequest.body}\n`,
        env,
        req.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        options.signal?.(),
      );
    } catch (error) {
      const message = `provisioning command ${config.command.join(' ')}: ${error instanceof Error ? error.message : String(error)}`;
      throw new TransportError(message, record({ request: recordedRequest, error: message, durationMs: durationMs() }));
    }
    let answer: CommandAnswer;
    try {
      if (result.code !== 0) throw new Error(`exited with status ${result.code}`);
      answer = parseAnswer(result.stdout);
    } catch (error) {
      const detail = result.stderr.trim().split('\n').slice(-3).join(' | ');
      const message = `provisioning command ${config.command.join(' ')} (${operation.id}): ${error instanceof Error ? error.message : String(error)}${detail ? `; stderr: ${detail}` : ''}`;
      throw new TransportError(message, record({ request: recordedRequest, error: message, durationMs: durationMs() }));
    }
    const bytes =
      answer.bodyBase64 !== undefined
        ? new Uint8Array(Buffer.from(answer.bodyBase64, 'base64'))
        : new TextEncoder().encode(answer.body === undefined ? '' : JSON.stringify(answer.body));
    const contentType =
      answer.contentType ?? (answer.bodyBase64 !== undefined ? 'application/octet-stream' : 'application/json');
    const text =
      answer.bodyBase64 !== undefined
        ? Buffer.from(bytes).toString('utf8')
        : answer.body === undefined
          ? ''
          : JSON.stringify(answer.body);
    const headers = { 'content-type': contentType };
    const exchange = record({
      request: recordedRequest,
      response: {
        status: answer.status,
        headers,
        body: answer.bodyBase64 !== undefined ? `<${bytes.byteLength} bytes of ${contentType}>` : text.slice(0, 4_000),
      },
      durationMs: durationMs(),
    });
    return {
      status: answer.status,
      headers,
      text,
      bytes,
      json: answer.bodyBase64 !== undefined ? undefined : answer.body,
      exchange,
    };
  }

  return { request, exchanges };
}

export function createProvisioningClient(
  config: ProvisioningConfig,
  options: ProvisioningClientOptions = {},
): HttpClient {
  return 'command' in config ? commandProvisioning(config, options) : httpProvisioning(config, options);
}
