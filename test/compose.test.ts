// docker-compose.yml and the Dockerfile cannot run here (no Docker engine): this reads them instead. The compose
// file starts the reference server with PostgreSQL, Redis, a mail capture server and the mock receiver, wired to
// each other by service name; every variable it sets on the reference server is one its configuration schema reads
// (and so the generated table of reference-server/README.md documents); fixtures/compose-target.json, the target
// of the documented next command, agrees with it on every token, port and timing. The Dockerfile runs as a
// non-root user and checks /healthz.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { CONFIG_SCHEMA } from '../reference-server/src/platform/config';
import { parseTarget } from '../conformance/src/targets';
import { FIXTURE_KEYS } from '@ppapi/spec';

const ROOT = resolve(__dirname, '..');

interface Service {
  readonly image?: string;
  readonly profiles?: readonly string[];
  readonly volumes?: readonly string[];
  readonly build?: { readonly context: string; readonly target: string };
  readonly command?: readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly ports?: readonly string[];
  readonly depends_on?: Readonly<Record<string, { readonly condition: string }>>;
}

function composeServices(text: string): Record<string, Service> {
  // Merge keys (`<<: *anchor`) as compose resolves them.
  const doc: unknown = parse(text, { merge: true });
  if (typeof doc !== 'object' || doc === null || !('services' in doc))
    throw new Error('docker-compose.yml: no services');
  return doc.services as Record<string, Service>;
}

/** The variables the reference server's configuration schema describes (its README table is generated from it). */
function configuredVariables(): Set<string> {
  const keys: unknown = CONFIG_SCHEMA.describe().keys;
  return new Set(typeof keys === 'object' && keys !== null ? Object.keys(keys) : []);
}

/** `${NAME:-default}` → default (what compose uses when NAME is unset); other values as written. */
const effective = (value: string): string => value.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');

const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const services = composeServices(compose);
const targetJson: unknown = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'compose-target.json'), 'utf8'));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

describe('docker-compose.yml', () => {
  it('has the reference server, PostgreSQL, Redis, a mail capture server and the mock receiver', () => {
    const always = Object.entries(services).filter(([, service]) => !service.profiles);
    expect(always.map(([name]) => name).sort()).toEqual(['mail', 'postgres', 'receiver', 'redis', 'reference']);
    expect(services.reference?.build?.target).toBe('reference');
    expect(services.receiver?.build?.target).toBe('receiver');
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.mail?.image).toMatch(/^maildev\/maildev:/);
  });

  it('sets on the reference server only variables its configuration schema reads (and its README documents)', () => {
    const known = configuredVariables();
    const unknown = Object.keys(services.reference?.environment ?? {}).filter((v) => !known.has(v));
    expect(unknown).toEqual([]);
  });

  it('wires the reference server to the other services by name, and starts it after them', () => {
    const env = services.reference?.environment ?? {};
    const host = (url: string | undefined): string => new URL(effective(url ?? '')).hostname;
    const port = (url: string | undefined): string => new URL(effective(url ?? '')).port;
    expect(host(env.DATABASE_URL)).toBe('postgres');
    expect(new URL(effective(env.DATABASE_URL ?? '')).pathname).toBe(`/${services.postgres?.environment?.POSTGRES_DB}`);
    expect(host(env.REDIS_URL)).toBe('redis');
    expect(host(env.SMTP_URL)).toBe('mail');
    expect(host(env.WEBHOOK_URL)).toBe('receiver');
    expect(services.receiver?.command).toEqual(['--port', port(env.WEBHOOK_URL)]);
    expect(effective(services.receiver?.environment?.WEBHOOK_SECRET ?? '')).toBe(
      effective(env.WEBHOOK_SECRET ?? 'unset'),
    );
    expect(env.HOST).toBe('0.0.0.0');
    expect(services.reference?.ports).toEqual([`${env.PORT}:${env.PORT}`]);
    expect(Object.keys(services.reference?.depends_on ?? {}).sort()).toEqual(['mail', 'postgres', 'receiver', 'redis']);
  });
});

describe('fixtures/compose-target.json: the target of `docker compose up` and the one documented command', () => {
  const { target } = parseTarget(targetJson, 'fixtures/compose-target.json', {});
  const env = services.reference?.environment ?? {};
  const receiverEnv = services.receiver?.environment ?? {};
  const published = (service: Service | undefined, inside: string): string | undefined =>
    service?.ports?.map((p) => p.split(':')).find(([, to]) => to === inside)?.[0];

  it('aims at the published reference server with the fixture keys', () => {
    const url = new URL(target.baseUrl);
    expect([url.hostname, url.port, url.pathname]).toEqual([
      '127.0.0.1',
      published(services.reference, env.PORT ?? ''),
      '/api/public/v1',
    ]);
    expect({ ...target.keys, ...target.extraKeys }).toEqual(FIXTURE_KEYS);
  });

  it("provisions with the compose file's ADMIN_TOKEN, on the same server", () => {
    expect(target.provisioning).toEqual({
      url: `http://127.0.0.1:${published(services.reference, env.PORT ?? '')}/provisioning/v1`,
      token: effective(env.ADMIN_TOKEN ?? ''),
    });
  });

  it('reads mail from the published maildev API', () => {
    expect(target.mail).toEqual({ kind: 'maildev', url: `http://127.0.0.1:${published(services.mail, '1080')}` });
  });

  it('has the server deliver to the receiver by service name, and reads the receiver where it is published', () => {
    const hooks = target.webhooks;
    expect(hooks?.receiverUrl).toBe(effective(env.WEBHOOK_URL ?? ''));
    const admin = new URL(hooks?.receiverAdminUrl ?? '');
    expect([admin.hostname, admin.port, admin.pathname]).toEqual([
      '127.0.0.1',
      published(services.receiver, '4000'),
      '/_receiver',
    ]);
    expect(hooks?.secret).toBe(effective(receiverEnv.WEBHOOK_SECRET ?? ''));
    expect(hooks?.secret).toBe(effective(env.WEBHOOK_SECRET ?? ''));
    const file = targetJson as { webhooks: { receiverAdminToken: string } };
    expect(file.webhooks.receiverAdminToken).toBe(effective(receiverEnv.RECEIVER_ADMIN_TOKEN ?? ''));
  });

  it("declares the server's webhook timings", () => {
    expect(target.webhooks?.retryDelaysSeconds).toEqual((env.WEBHOOK_RETRY_DELAYS ?? '').split(',').map(Number));
    expect(target.webhooks?.timeoutSeconds).toBe(Number(env.WEBHOOK_TIMEOUT_MS) / 1000);
    expect(target.webhooks?.schedulerIntervalSeconds).toBe(Number(env.WEBHOOK_SCHEDULER_INTERVAL_MS) / 1000);
  });

  it('is the command the README and the compose file document', () => {
    const command = 'npm run conformance -- --target fixtures/compose-target.json';
    expect(readme).toContain(command);
    expect(compose).toContain(command);
  });
});

describe('Dockerfile', () => {
  const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)/gm)].map((m) => m[1]);
  it('is multi-stage, with the receiver and the reference server (the default, last) as targets', () => {
    expect(stages).toEqual(['deps', 'build', 'runtime', 'receiver', 'reference']);
  });

  it('compiles with the versions the repository pins, and ships the compiled packages without their sources', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const tools = [...dockerfile.matchAll(/\s((?:@types\/)?[a-z-]+)@(\d+\.\d+\.\d+)/g)].map((m) => [m[1], m[2]]);
    expect(tools.map(([name]) => name)).toEqual(expect.arrayContaining(['typescript', '@types/node']));
    for (const [name, version] of tools)
      expect([name, version]).toEqual([name, lock.packages[`node_modules/${name}`]?.version]);
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).not.toMatch(/\/src\b/);
    expect(runtime).not.toMatch(/bin\/\*\.ts|COPY \S+\/bin \S+\/bin/);
    for (const pkg of ['spec-data', 'webhook-receiver', 'reference-server'])
      expect(runtime).toContain(`COPY --from=build /app/${pkg}/dist ${pkg}/dist`);
  });

  it('runs as a non-root user, with a health check on GET /healthz', () => {
    const lastUser = [...dockerfile.matchAll(/^USER (\S+)/gm)].map((m) => m[1]).pop();
    expect(lastUser).toBe('node');
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD [^\n]*\/healthz/m);
    expect(dockerfile).toMatch(/^CMD \["node", "reference-server\/bin\/ppapi-reference\.js"\]$/m);
  });
});

// The `scaled` profile: several server processes and webhook workers on one PostgreSQL and Redis, behind HAProxy.
describe('docker-compose.yml, profile scaled', () => {
  const scaled = Object.entries(services).filter(([, service]) => service.profiles?.includes('scaled'));
  const servers = scaled.filter(([, s]) => s.build?.target === 'reference' && !s.command);
  const workers = scaled.filter(([, s]) => s.build?.target === 'reference' && s.command);
  const balancer = scaled.find(([, s]) => s.image?.startsWith('haproxy:'));
  const haproxy = readFileSync(join(ROOT, 'deploy/haproxy/haproxy.cfg'), 'utf8');
  const reference = services.reference?.environment ?? {};

  it('runs at least two servers and two workers on the PostgreSQL and Redis of the reference service', () => {
    expect(servers.length).toBeGreaterThanOrEqual(2);
    expect(workers.length).toBeGreaterThanOrEqual(2);
    for (const [name, service] of [...servers, ...workers]) {
      const env = service.environment ?? {};
      expect([name, env.DATABASE_URL, env.REDIS_URL]).toEqual([name, reference.DATABASE_URL, reference.REDIS_URL]);
      // Started once the reference service (which seeds and migrates) is healthy.
      expect([name, service.depends_on?.reference?.condition]).toEqual([name, 'service_healthy']);
    }
  });

  it('servers neither seed nor deliver webhooks, and hand out links through the balancer; workers run the worker bin', () => {
    const published = balancer?.[1].ports?.[0]?.split(':')[0];
    for (const [name, service] of servers) {
      const env = service.environment ?? {};
      expect([name, env.SEED_FIXTURES, env.WEBHOOK_PROCESSING]).toEqual([name, '0', '0']);
      expect([name, new URL(effective(env.PUBLIC_URL ?? '')).port]).toEqual([name, published]);
      expect([name, service.ports]).toEqual([name, undefined]); // /metrics and /readyz stay inside the network
    }
    for (const [name, service] of workers)
      expect([name, service.command]).toEqual([name, ['node', 'reference-server/bin/ppapi-reference-worker.js']]);
  });

  it('puts HAProxy in front, with its configuration mounted, a published port and every server behind it', () => {
    expect(balancer).toBeDefined();
    const [, lb] = balancer!;
    expect(lb.volumes).toEqual(['./deploy/haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro']);
    const bind = /^\s*bind :(\d+)$/m.exec(haproxy)?.[1];
    expect(lb.ports).toEqual([`${bind}:${bind}`]);
    const backends = [...haproxy.matchAll(/^\s*server (\S+) (\S+):(\d+)/gm)].map((m) => [m[2], m[3]]);
    expect(backends.sort()).toEqual(servers.map(([name, s]) => [name, s.environment?.PORT]).sort());
    for (const [name] of servers) expect([name, lb.depends_on?.[name]?.condition]).toEqual([name, 'service_healthy']);
  });

  it('workers deliver on the timings of the reference service, which the targets declare', () => {
    const timings = ['WEBHOOK_RETRY_DELAYS', 'WEBHOOK_TIMEOUT_MS', 'WEBHOOK_SCHEDULER_INTERVAL_MS'];
    const of = (env: Readonly<Record<string, string>>): unknown[] => timings.map((v) => env[v]);
    expect(of(reference).every((v) => v !== undefined)).toBe(true);
    for (const [name, service] of workers) expect([name, of(service.environment ?? {})]).toEqual([name, of(reference)]);
  });

  it('every server stores uploads on one named volume, so any of them serves what another stored', () => {
    const storage = (service: Service | undefined): unknown => {
      const dir = service?.environment?.STORAGE_DIR;
      const mount = service?.volumes?.find((v) => dir !== undefined && dir.startsWith(`${v.split(':')[1]}/`));
      return { dir, volume: mount?.split(':')[0] };
    };
    const first = storage(services.reference);
    expect(first).toEqual({ dir: expect.stringMatching(/^\//), volume: expect.stringMatching(/^[a-z]/) });
    for (const [name, service] of servers) expect([name, storage(service)]).toEqual([name, first]);
  });

  it('checks readiness, forwards only the API prefixes, and purges idle upstream connections before the servers close them', () => {
    expect(haproxy).toMatch(/^\s*option httpchk GET \/readyz$/m);
    const prefixes = /^\s*acl api path_beg (.+)$/m.exec(haproxy)?.[1]?.split(/\s+/).sort();
    // The API's prefixes, and /media/ where image URLs and document download links point.
    expect(prefixes).toEqual(['/api/public/v1', '/dashboard/api', '/media/', '/provisioning/v1']);
    expect(haproxy).toMatch(/unless api$/m);
    // HAProxy closes idle pooled connections after pool-purge-delay; each server keeps them KEEP_ALIVE_TIMEOUT_MS
    // (65 s by default, none of the servers sets another): HAProxy must let go first.
    const purge = Number(/pool-purge-delay (\d+)s/.exec(haproxy)?.[1]);
    for (const [name, service] of servers)
      expect([name, service.environment?.KEEP_ALIVE_TIMEOUT_MS]).toEqual([name, undefined]);
    expect(purge * 1000).toBeLessThan(65_000);
  });

  it('has a conformance target for the balancer: the fixture keys on its address', () => {
    const target = JSON.parse(readFileSync(join(ROOT, 'fixtures/scaled-target.json'), 'utf8')) as {
      baseUrl: string;
      keys: unknown;
    };
    const single = JSON.parse(readFileSync(join(ROOT, 'fixtures/reference-target.json'), 'utf8')) as {
      keys: unknown;
    };
    expect(new URL(target.baseUrl).port).toBe(balancer?.[1].ports?.[0]?.split(':')[0]);
    expect(target.keys).toEqual(single.keys);
  });

  it('provisions through the balancer, and reads mail and the receiver as the single-server target does', () => {
    const { target } = parseTarget(
      JSON.parse(readFileSync(join(ROOT, 'fixtures/scaled-target.json'), 'utf8')),
      'fixtures/scaled-target.json',
      {},
    );
    const single = parseTarget(targetJson, 'fixtures/compose-target.json', {}).target;
    const base = new URL(target.baseUrl);
    expect(target.provisioning).toEqual({ ...single.provisioning, url: `${base.origin}/provisioning/v1` });
    expect([target.mail, target.webhooks]).toEqual([single.mail, single.webhooks]);
  });
});
