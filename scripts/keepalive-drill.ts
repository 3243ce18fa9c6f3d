// The keep-alive drill: two reference-server processes on one PostgreSQL and one Redis, behind nginx pooling its
// upstream connections, and keep-alive clients that idle just under nginx's upstream idle timeout between requests.
// Every request must be answered by a server: a server closing an idle connection nginx is about to reuse shows up as
// a 502 nginx answers itself (nginx is told not to retry on another server, which would hide it). Exit status 1 on
// any error. The timeouts are scaled down so it runs in about half a minute; their order is the production one:
//   client idle (1.9 s) < nginx upstream keepalive_timeout (2 s) < server KEEP_ALIVE_TIMEOUT_MS (3 s) < HEADERS_TIMEOUT_MS
// (as 60 s of a balancer < 65 s < 66 s). `--server-keep-alive-ms 1900` runs the broken order (the server closes
// when the client comes back) for comparison, and reports without failing.
//
// Two clients staggered by half the idle time and nginx's round robin put each server's kept connection to use every
// 1.9 s: every upstream connection idles just under nginx's timeout before it is reused.
//
//   env $(scripts/services.sh start DIR) npx tsx scripts/keepalive-drill.ts [--clients 2] [--requests 14]
// Needs DATABASE_URL, REDIS_URL and nginx (`apt-get install -y nginx`).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { FIXTURE_KEYS } from '@ppapi/spec';
import { freshPostgres } from '../reference-server/test/helpers/fresh-postgres';

const REPO = path.resolve(__dirname, '..');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p));

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '2' },
    requests: { type: 'string', default: '14' },
    'client-idle-ms': { type: 'string', default: '1900' },
    'upstream-idle-s': { type: 'string', default: '2' },
    'server-keep-alive-ms': { type: 'string', default: '3000' },
  },
});
const CLIENTS = Number(values.clients);
const REQUESTS = Number(values.requests);
const CLIENT_IDLE_MS = Number(values['client-idle-ms']);
const UPSTREAM_IDLE_S = Number(values['upstream-idle-s']);
const SERVER_KEEP_ALIVE_MS = Number(values['server-keep-alive-ms']);
// The production order, checked: a drill run in the broken order only reports.
const PRODUCTION_ORDER = CLIENT_IDLE_MS < UPSTREAM_IDLE_S * 1000 && UPSTREAM_IDLE_S * 1000 < SERVER_KEEP_ALIVE_MS;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface Proc {
  readonly child: ChildProcess;
  readonly output: () => string;
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  // Its own process group: the server's entry point runs the server in a child process, which must get the signal.
  const child = spawn(command, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, output: () => out };
}

async function stop(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null || proc.child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => proc.child.once('exit', () => resolve()));
  process.kill(-proc.child.pid, 'SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  try {
    process.kill(-proc.child.pid, 'SIGKILL');
  } catch {
    /* the group is gone */
  }
}

async function startServer(name: string, env: NodeJS.ProcessEnv): Promise<{ proc: Proc; url: string }> {
  const proc = start(path.join(REPO, 'node_modules/.bin/tsx'), ['scripts/reference.ts'], env);
  for (let waited = 0; waited < 90_000; waited += 100) {
    const match = /reference server listening on (http:\/\/\S+)/.exec(proc.output());
    if (match?.[1]) return { proc, url: match[1] };
    if (proc.child.exitCode !== null) break;
    await sleep(100);
  }
  await stop(proc);
  throw new Error(`${name} did not start:\n${proc.output()}`);
}

function nginxConfig(dir: string, port: number, upstreams: readonly string[]): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  log_format drill '$upstream_addr $status';
  access_log ${dir}/access.log drill;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream reference {
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 16;
    keepalive_timeout ${UPSTREAM_IDLE_S}s;
  }
  server {
    listen 127.0.0.1:${port};
    keepalive_timeout 30s;
    location / {
      proxy_pass http://reference;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # A failed upstream request is the client's error here, never retried on the other server.
      proxy_next_upstream off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function waitForPort(port: number): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on ${port}`);
}

interface Outcome {
  readonly status: number | null;
  readonly error: string | null;
  readonly upstream: string | null;
  readonly reusedClientConnection: boolean;
}

function request(agent: http.Agent, port: number, pathname: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: pathname,
        headers: { authorization: `Bearer ${FIXTURE_KEYS.enterpriseLive}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const upstream = res.headers['x-upstream'];
          resolve({
            status: res.statusCode ?? null,
            error: null,
            upstream: typeof upstream === 'string' ? upstream : null,
            reusedClientConnection: req.reusedSocket,
          });
        });
      },
    );
    req.on('error', (err) =>
      resolve({ status: null, error: err.message, upstream: null, reusedClientConnection: req.reusedSocket }),
    );
    req.end();
  });
}

async function client(index: number, port: number): Promise<Outcome[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // Staggered, so the clients' requests spread over the idle interval.
  await sleep(Math.round((index * CLIENT_IDLE_MS) / CLIENTS));
  const outcomes: Outcome[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    if (i > 0) await sleep(CLIENT_IDLE_MS);
    outcomes.push(await request(agent, port, `/api/public/v1/properties?limit=1&page=${(i % 3) + 1}`));
  }
  agent.destroy();
  return outcomes;
}

async function main(): Promise<number> {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL) {
    process.stderr.write('keepalive drill: DATABASE_URL and REDIS_URL are needed (scripts/services.sh start DIR)\n');
    return 2;
  }
  if (!NGINX) {
    process.stderr.write('keepalive drill: nginx is not installed (apt-get install -y nginx)\n');
    return 2;
  }
  const started = Date.now();
  const dir = await mkdtemp(path.join(tmpdir(), 'keepalive-drill-'));
  const database = await freshPostgres(DATABASE_URL, 'drill');
  const servers: Proc[] = [];
  let nginx: Proc | undefined;
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: `drill-${randomBytes(4).toString('hex')}:`,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEBHOOK_PROCESSING: '0',
      KEEP_ALIVE_TIMEOUT_MS: String(SERVER_KEEP_ALIVE_MS),
      HEADERS_TIMEOUT_MS: String(Math.max(SERVER_KEEP_ALIVE_MS + 1000, 4000)),
      REQUEST_TIMEOUT_MS: String(Math.max(SERVER_KEEP_ALIVE_MS + 1000, 4000)),
      ADMIN_TOKEN: randomBytes(12).toString('hex'),
    };
    // The first seeds the fixture portfolio (and migrates); the second joins the same database.
    const first = await startServer('server 1', { ...env, SEED_FIXTURES: '1' });
    servers.push(first.proc);
    const second = await startServer('server 2', { ...env, SEED_FIXTURES: '0' });
    servers.push(second.proc);
    const upstreams = [first.url, second.url].map((u) => new URL(u).host);

    const port = await freePort();
    for (const sub of ['', '/tmp', '/tmp/body', '/tmp/proxy', '/tmp/fastcgi', '/tmp/uwsgi', '/tmp/scgi']) {
      await mkdir(`${dir}${sub}`, { recursive: true });
      await chmod(`${dir}${sub}`, 0o777); // nginx's worker runs as another user when started as root
    }
    await writeFile(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
    nginx = start(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], process.env);
    await waitForPort(port);

    const drillStarted = Date.now();
    const outcomes = (await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, port)))).flat();
    const drillMs = Date.now() - drillStarted;

    const errors = outcomes.filter((o) => o.error !== null || o.status !== 200);
    const perUpstream = Object.fromEntries(upstreams.map((u) => [u, outcomes.filter((o) => o.upstream === u).length]));
    // nginx's own record of each request: the server that answered, or none and a 502 of its own.
    const log = (await readFile(path.join(dir, 'access.log'), 'utf8')).trim().split('\n').filter(Boolean);
    const nginxErrors = log.filter((line) => !/ 200$/.test(line)).length;
    const summary = {
      clients: CLIENTS,
      requests: outcomes.length,
      errors: errors.length,
      errorSamples: errors.slice(0, 5).map((e) => e.error ?? `status ${e.status}`),
      perUpstream,
      nginxLogged: log.length,
      nginxErrors,
      reusedClientConnections: outcomes.filter((o) => o.reusedClientConnection).length,
      clientIdleMs: CLIENT_IDLE_MS,
      upstreamIdleMs: UPSTREAM_IDLE_S * 1000,
      serverKeepAliveMs: SERVER_KEEP_ALIVE_MS,
      drillMs,
      totalMs: Date.now() - started,
    };
    process.stdout.write(`keepalive drill: ${JSON.stringify(summary)}\n`);
    if (!PRODUCTION_ORDER) {
      process.stdout.write('keepalive drill: timeouts in the broken order (comparison run): not failing\n');
      return 0;
    }
    const failures = [
      ...(errors.length > 0 || nginxErrors > 0
        ? [`${errors.length} requests failed (${nginxErrors} in nginx's log)`]
        : []),
      ...(log.length !== outcomes.length ? [`nginx logged ${log.length} requests of ${outcomes.length}`] : []),
      ...Object.entries(perUpstream)
        .filter(([, n]) => n === 0)
        .map(([u]) => `server ${u} answered nothing`),
    ];
    for (const failure of failures) process.stderr.write(`keepalive drill FAILED: ${failure}\n`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    if (nginx) await stop(nginx);
    for (const server of servers) await stop(server);
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`keepalive drill: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
