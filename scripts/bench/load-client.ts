// The load generator of the large-portfolio benchmark: `connections` keep-alive connections, each sending its next
// request when the last byte of its answer has arrived, for a fixed time. A request's latency is from the moment it
// is sent to the moment the last byte of its answer is read, so everything the server does, and every byte it
// sends, is inside it.
//
// It does what any client must and no more: it writes the request, reads every byte of the answer off the socket
// into one buffer per connection, reused (`onread`), finds where the answer ends (response-reader.ts), and drops the
// body. A load generator shares the machine's two cores with the server and PostgreSQL, so its own cost per byte is
// taken from theirs: at 50,000 properties the compliance summary is 29 MB an answer, and measured on one server at
// load average 19-20, autocannon (used before; it parses in JavaScript and appends every body to a string it never
// reads) spent about 100 ms of CPU per answer, Node's own HTTP client 25-32 ms (64 KB reads, a stream event each),
// this one 8-9 ms, most of it the kernel's copy. The requests still in flight when the time is up are waited for
// and counted (autocannon dropped them, and with them a round's slowest answers).
import net from 'node:net';
import { ResponseReader, type Answer } from './response-reader';

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

/** Runs the load and returns every latency; never throws for a failed request (counted in `errors`). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let [non2xx, errors, bytes, next] = [0, 0, 0, 0];
  let firstProblem: string | undefined;
  const { hostname, port } = new URL(options.origin);
  const extra = Object.entries(options.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const cpu = process.cpuUsage();
  const started = performance.now();
  const end = started + options.durationMs;
  const more = (): boolean => performance.now() < end && next < (options.maxRequests ?? Infinity);
  const loop = async (): Promise<void> => {
    const own = new KeepAlive(hostname, Number(port), options.timeoutMs);
    try {
      while (more()) {
        const path = options.paths[next++ % options.paths.length];
        try {
          const sent = performance.now();
          const answer = await own.request(`GET ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${extra}\r\n`);
          latencies.push(performance.now() - sent);
          bytes += answer.bodyBytes;
          if (answer.status < 200 || answer.status >= 300) {
            non2xx += 1;
            firstProblem ??= `${path} answered ${answer.status}: ${answer.excerpt ?? ''}`;
          }
        } catch (err) {
          errors += 1;
          firstProblem ??= `${path}: ${err instanceof Error ? err.message : String(err)}`;
        }
      }
    } finally {
      own.close();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
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

/** One connection sending one request at a time; connected again after an error or a `Connection: close`. */
class KeepAlive {
  private socket?: net.Socket;
  private reader = new ResponseReader();
  private pending?: { resolve(answer: Answer): void; reject(err: Error): void };
  // Each connection reads into one buffer of its own, reused for every read.
  private readonly buffer = Buffer.allocUnsafe(1024 * 1024);

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly timeoutMs: number,
  ) {}

  request(text: string): Promise<Answer> {
    const socket = this.socket ?? this.connect();
    return new Promise<Answer>((resolve, reject) => {
      this.pending = { resolve, reject };
      socket.write(text);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connect(): net.Socket {
    this.reader = new ResponseReader();
    const socket = net.connect({
      host: this.host,
      port: this.port,
      onread: {
        buffer: this.buffer,
        callback: (length: number, buffer: Uint8Array): boolean => {
          try {
            this.reader.feed(buffer as Buffer, length, (answer) => this.answered(answer));
          } catch (err) {
            this.fail(socket, err instanceof Error ? err : new Error(String(err)));
          }
          return true;
        },
      },
    });
    socket.setNoDelay(true);
    socket.setTimeout(this.timeoutMs, () => this.fail(socket, new Error(`no answer in ${this.timeoutMs} ms`)));
    socket.on('error', (err) => this.fail(socket, err));
    socket.on('close', () => this.fail(socket, new Error('the server closed the connection mid-answer')));
    this.socket = socket;
    return socket;
  }

  private answered(answer: Answer): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) throw new Error(`an answer (${answer.status}) nobody asked for`);
    if (answer.close) this.close();
    pending.resolve(answer);
  }

  /** Ends the connection; the request waiting on it, if any, fails (an older connection's end is only closed). */
  private fail(socket: net.Socket, err: Error): void {
    socket.destroy();
    if (this.socket !== socket) return;
    this.socket = undefined;
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(err);
  }
}
