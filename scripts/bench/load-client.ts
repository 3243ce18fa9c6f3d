// The load generator of the large-portfolio benchmark: `connections` keep-alive connections, each sending its next
// request when the last byte of its answer has arrived, for a fixed time. A request's latency is from the moment it
// is sent to the moment the last byte of its answer is read, so everything the server does, and every byte it
// sends, is inside it.
//
// Node's own HTTP client parses the answers (llhttp, native code), and the body's bytes are counted and dropped.
// autocannon, used before, parses in JavaScript (http-parser-js) and appends every body to a string it never reads:
// for a 29 MB answer (the compliance summary at 50,000 properties) that is a UTF-8 decode of 29 MB per answer,
// CPU the load generator took from the two cores the server and PostgreSQL share with it, so its figures grew with
// the client's cost, not the server's. The requests still in flight when the time is up are waited for and counted
// (autocannon dropped them, and with them the slowest answers of a round).
import http from 'node:http';

export interface LoadOptions {
  /** The server's origin, `http://host:port`. */
  readonly origin: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Paths (with their queries) requested in turn, one per request across all connections. */
  readonly paths: readonly string[];
  readonly connections: number;
  /** No request is sent after this long. */
  readonly durationMs: number;
  /** No request is sent after this many (all connections together). */
  readonly maxRequests?: number;
  /** A request without its answer's last byte by then is an error. */
  readonly timeoutMs: number;
}

export interface LoadResult {
  /** ms, ascending: one per answer, whatever its status. */
  readonly latencies: readonly number[];
  readonly non2xx: number;
  readonly errors: number;
  /** The first error or non-2xx answer, for the report. */
  readonly firstProblem?: string;
  /** Body bytes received. */
  readonly bytes: number;
  readonly elapsedMs: number;
  /** CPU the load generator's process spent (user + system), ms. */
  readonly clientCpuMs: number;
}

/** One request on `agent`: its status and latency, the body's bytes counted and dropped. */
function request(
  target: { host: string; port: string; path: string },
  headers: LoadOptions['headers'],
  agent: http.Agent,
  timeoutMs: number,
): Promise<{ status: number; ms: number; bytes: number; head?: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ ...target, headers, agent, timeout: timeoutMs }, (res) => {
      let bytes = 0;
      let head: string | undefined;
      const ok = res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300;
      res.on('data', (chunk: Buffer) => {
        if (!ok && head === undefined) head = chunk.subarray(0, 300).toString();
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes, head }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

/** Runs the load and returns every latency; never throws for a failed request (counted in `errors`). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, scheduling: 'fifo' });
  const latencies: number[] = [];
  let [non2xx, errors, bytes, next] = [0, 0, 0, 0];
  let firstProblem: string | undefined;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const end = started + options.durationMs;
  const { hostname: host, port } = new URL(options.origin);
  const connection = async (): Promise<void> => {
    while (performance.now() < end && next < (options.maxRequests ?? Infinity)) {
      const path = options.paths[next++ % options.paths.length];
      try {
        const answer = await request({ host, port, path }, options.headers, agent, options.timeoutMs);
        latencies.push(answer.ms);
        bytes += answer.bytes;
        if (answer.status < 200 || answer.status >= 300) {
          non2xx += 1;
          firstProblem ??= `${path} answered ${answer.status}: ${answer.head ?? ''}`;
        }
      } catch (err) {
        errors += 1;
        firstProblem ??= `${path}: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, connection));
  } finally {
    agent.destroy();
  }
  const used = process.cpuUsage(cpu);
  return {
    latencies: latencies.sort((a, b) => a - b),
    non2xx,
    errors,
    firstProblem,
    bytes,
    elapsedMs: performance.now() - started,
    clientCpuMs: (used.user + used.system) / 1000,
  };
}
