// The scaled profile of docker-compose.yml, run without Docker: the seeding `reference` service, the scaled server
// processes and webhook workers, the mock receiver, and HAProxy with deploy/haproxy/haproxy.cfg, every one started
// from what the compose file says (its environment, with the compose defaults) on PostgreSQL, Redis and maildev on
// loopback; then the whole conformance suite through the balancer, aimed by fixtures/scaled-target.json. Only the
// addresses change: each compose host name becomes a loopback port of this run. So a setting the profile lacks, a
// balancer rule that breaks an answer, or state one process keeps that another does not see, fails here as it
// would under `docker compose --profile scaled up`.
//
//   env $(scripts/services.sh start DIR) npx tsx scripts/scaled-drill.ts [-- conformance options]
// Needs DATABASE_URL, REDIS_URL, SMTP_URL, MAIL_API_URL (scripts/services.sh prints them) and HAProxy
// (`apt-get install -y haproxy`). Exit status: the suite's (0 passed, 1 a check failed, 3 errored), 2 when the
// drill could not start.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'yaml';
import { freshPostgres } from '../reference-server/test/helpers/fresh-postgres';

const REPO = path.resolve(__dirname, '..');
const TSX = path.join(REPO, 'node_modules/.bin/tsx');
const HAPROXY = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p));

interface ComposeService {
  readonly profiles?: readonly string[];
  readonly command?: readonly string[];
  readonly image?: string;
  readonly environment?: Readonly<Record<string, string>>;
  readonly ports?: readonly string[];
  readonly volumes?: readonly string[];
}

/** `${NAME:-default}` as compose reads it with NAME unset: the default. */
export function composeDefaults(value: string): string {
  return value.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');
}

/** The compose file's services, by role in the scaled profile. */
export function scaledTopology(text: string): {
  readonly seeder: ComposeService;
  readonly receiver: ComposeService;
  readonly servers: ReadonlyArray<readonly [string, ComposeService]>;
  readonly workers: ReadonlyArray<readonly [string, ComposeService]>;
  /** Ports published on the host, and the service behind each: `127.0.0.1:PORT` in a target means that service. */
  readonly published: ReadonlyArray<readonly [string, string]>;
} {
  const doc: unknown = parse(text, { merge: true });
  const services =
    typeof doc === 'object' && doc !== null && 'services' in doc && typeof doc.services === 'object'
      ? (doc.services as Record<string, ComposeService>)
      : {};
  const scaled = Object.entries(services).filter(([, s]) => s.profiles?.includes('scaled') && s.image === undefined);
  const isWorker = (s: ComposeService): boolean => (s.command ?? []).some((part) => /worker/.test(part));
  const seeder = services.reference;
  const receiver = services.receiver;
  if (!seeder || !receiver) throw new Error('docker-compose.yml: no reference or receiver service');
  return {
    seeder,
    receiver,
    servers: scaled.filter(([, s]) => !isWorker(s)),
    workers: scaled.filter(([, s]) => isWorker(s)),
    published: Object.entries(services).flatMap(([name, s]) =>
      (s.ports ?? []).map((p): [string, string] => [p.split(':')[0] ?? '', name]),
    ),
  };
}

/** haproxy.cfg with its public bind and each `server NAME NAME:3000` line aimed at this run's loopback ports. */
export function haproxyConfig(text: string, bindPort: number, ports: ReadonlyMap<string, number>): string {
  const out = text
    .replace(/^(\s*bind\s+):8080\b.*$/m, `$1127.0.0.1:${bindPort}`)
    .replace(/^(\s*server\s+)(\S+)\s+(\S+):3000\b/gm, (line: string, lead: string, name: string, host: string) => {
      const port = ports.get(host);
      if (port === undefined) throw new Error(`haproxy.cfg names ${host}, which the scaled profile does not run`);
      return `${lead}${name} 127.0.0.1:${port}`;
    });
  if (!out.includes(`127.0.0.1:${bindPort}`)) throw new Error('haproxy.cfg: no `bind :8080` line to aim');
  return out;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

interface Proc {
  readonly name: string;
  readonly child: ChildProcess;
  readonly output: () => string;
}

function start(name: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv): Proc {
  // Its own process group, so a stop reaches whatever the entry point starts.
  const child = spawn(command, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { name, child, output: () => out };
}

async function stop(proc: Proc): Promise<void> {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* the group is gone */
  }
}

async function waitFor(proc: Proc, pattern: RegExp): Promise<void> {
  for (let waited = 0; waited < 120_000; waited += 100) {
    if (pattern.test(proc.output())) return;
    if (proc.child.exitCode !== null) break;
    await sleep(100);
  }
  throw new Error(`${proc.name} did not start:\n${proc.output().slice(-3000)}`);
}

async function waitForBalancer(base: string, servers: number): Promise<void> {
  // Every server in the rotation: as many answers in a row as there are servers, each the API's 401 to no key.
  let ok = 0;
  for (let waited = 0; waited < 60_000 && ok < servers * 2; waited += 200) {
    const status = await fetch(`${base}/api/public/v1/properties`).then(
      (r) => r.status,
      () => 0,
    );
    ok = status === 401 ? ok + 1 : 0;
    if (ok < servers * 2) await sleep(200);
  }
  if (ok < servers * 2) throw new Error(`the balancer at ${base} did not answer the API`);
}

async function main(suiteArgs: readonly string[]): Promise<number> {
  const { DATABASE_URL, REDIS_URL, SMTP_URL, MAIL_API_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL || !SMTP_URL || !MAIL_API_URL) {
    process.stderr.write(
      'scaled drill: DATABASE_URL, REDIS_URL, SMTP_URL and MAIL_API_URL are needed (scripts/services.sh start DIR)\n',
    );
    return 2;
  }
  if (!HAPROXY) {
    process.stderr.write('scaled drill: HAProxy is not installed (apt-get install -y haproxy)\n');
    return 2;
  }
  const topology = scaledTopology(readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8'));
  const dir = await mkdtemp(path.join(tmpdir(), 'scaled-drill-'));
  const database = await freshPostgres(DATABASE_URL, 'scaled');
  const procs: Proc[] = [];
  try {
    const ports = new Map<string, number>();
    for (const host of ['reference', 'receiver', ...topology.servers.map(([n]) => n)])
      ports.set(host, await freePort());
    const balancerPort = await freePort();
    const hostPort = (host: string): number => {
      const port = ports.get(host);
      if (port === undefined) throw new Error(`no port for ${host}`);
      return port;
    };
    // Compose addresses as this run's: a service by name inside the network, or by its published port on the host.
    const published = new Map(topology.published);
    const mailPort = new URL(MAIL_API_URL).port;
    const portOf = (host: string): string =>
      host === 'balancer' ? String(balancerPort) : host === 'mail' ? mailPort : String(hostPort(host));
    const address = (value: string): string =>
      composeDefaults(value)
        .replace(/\b(receiver|reference(?:-\d+)?):(\d+)\b/g, (_, host: string) => `127.0.0.1:${portOf(host)}`)
        .replace(/\b127\.0\.0\.1:(\d+)\b/g, (whole: string, port: string) => {
          const host = published.get(port);
          return host === undefined ? whole : `127.0.0.1:${portOf(host)}`;
        });
    const redisPrefix = `scaled-${randomBytes(4).toString('hex')}:`;
    // A named volume is a folder of this run, shared by every service that mounts it, as compose shares it.
    const mounted = (service: ComposeService, value: string): string => {
      for (const volume of service.volumes ?? []) {
        const [name = '', inside = ''] = volume.split(':');
        if (/^[a-z][\w-]*$/i.test(name) && (value === inside || value.startsWith(`${inside}/`)))
          return path.join(dir, 'volumes', name) + value.slice(inside.length);
      }
      return value;
    };
    const envOf = (service: ComposeService, port?: number): NodeJS.ProcessEnv => {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn' };
      for (const [name, value] of Object.entries(service.environment ?? {}))
        env[name] = mounted(service, address(String(value)));
      // The services the compose file names by host, as this run has them.
      if (env.DATABASE_URL !== undefined) env.DATABASE_URL = database.url;
      if (env.REDIS_URL !== undefined) Object.assign(env, { REDIS_URL, REDIS_PREFIX: redisPrefix });
      if (env.SMTP_URL !== undefined) env.SMTP_URL = SMTP_URL;
      if (port !== undefined) Object.assign(env, { HOST: '127.0.0.1', PORT: String(port) });
      return env;
    };

    const receiverEnv = envOf(topology.receiver);
    const receiver = start(
      'receiver',
      TSX,
      ['scripts/receiver.ts', '--host', '127.0.0.1', '--port', String(hostPort('receiver'))],
      receiverEnv,
    );
    procs.push(receiver);
    await waitFor(receiver, /receiver listening on/);

    // The seeding service first (it migrates and loads the fixture portfolio), then the others join its database.
    const seeder = start('reference', TSX, ['scripts/reference.ts'], envOf(topology.seeder, hostPort('reference')));
    procs.push(seeder);
    await waitFor(seeder, /listening on http/);
    const joined = [
      ...topology.servers.map(([name, s]) => start(name, TSX, ['scripts/reference.ts'], envOf(s, hostPort(name)))),
      ...topology.workers.map(([name, s]) => start(name, TSX, ['scripts/worker.ts'], envOf(s))),
    ];
    procs.push(...joined);
    await Promise.all(joined.map((p) => waitFor(p, /listening on http|webhook worker started/)));

    const cfg = path.join(dir, 'haproxy.cfg');
    const serverPorts = new Map(topology.servers.map(([name]) => [name, hostPort(name)]));
    await writeFile(
      cfg,
      haproxyConfig(readFileSync(path.join(REPO, 'deploy/haproxy/haproxy.cfg'), 'utf8'), balancerPort, serverPorts),
    );
    const balancer = start('balancer', HAPROXY, ['-db', '-f', cfg], process.env);
    procs.push(balancer);
    const base = `http://127.0.0.1:${balancerPort}`;
    await waitForBalancer(base, topology.servers.length);

    // The scaled target, its compose addresses as this run's (the mail API is maildev's, from services.sh).
    const target: unknown = JSON.parse(address(readFileSync(path.join(REPO, 'fixtures/scaled-target.json'), 'utf8')));
    const targetFile = path.join(dir, 'scaled-target.json');
    await writeFile(targetFile, JSON.stringify(target, null, 2));
    process.stdout.write(
      `scaled drill: ${topology.servers.length} servers and ${topology.workers.length} workers behind HAProxy at ${base}, ` +
        `the seeding server and the mock receiver beside them\n`,
    );
    const suite = spawn(TSX, ['scripts/conformance.ts', '--target', targetFile, ...suiteArgs], {
      cwd: REPO,
      env: process.env,
      stdio: 'inherit',
    });
    const code = await new Promise<number>((resolve) => suite.once('exit', (c) => resolve(c ?? 1)));
    const died = procs.filter((p) => p.child.exitCode !== null || p.child.signalCode !== null);
    for (const p of died)
      process.stderr.write(`scaled drill: ${p.name} exited during the run:\n${p.output().slice(-2000)}\n`);
    return died.length > 0 && code === 0 ? 1 : code;
  } finally {
    for (const p of procs.reverse()) await stop(p);
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main(process.argv.slice(2).filter((a) => a !== '--')).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`scaled drill: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(2);
    },
  );
}
