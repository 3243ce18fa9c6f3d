// docker-compose.yml and the Dockerfile cannot run here (no Docker engine): this reads them instead. The compose
// file starts the reference server with PostgreSQL, Redis, a mail capture server and the mock receiver, wired to
// each other by service name, and every variable it sets on a service built from this repository is one the
// README's Configuration table documents. The Dockerfile runs as a non-root user and checks /healthz.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

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
  const doc: unknown = parse(text);
  if (typeof doc !== 'object' || doc === null || !('services' in doc))
    throw new Error('docker-compose.yml: no services');
  return doc.services as Record<string, Service>;
}

/** Variable names in the first cell of each row of the README's "## Configuration" table. */
export function documentedVariables(readme: string): Set<string> {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Configuration'));
  if (!section) throw new Error('README: no Configuration section');
  const names = new Set<string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const first = line.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(m[1] as string);
  }
  return names;
}

/** `${NAME:-default}` → default (what compose uses when NAME is unset); other values as written. */
const effective = (value: string): string => value.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');

const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const services = composeServices(compose);
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

  it('sets on the services built here only variables the README Configuration table documents', () => {
    const documented = documentedVariables(readme);
    for (const [name, service] of Object.entries(services)) {
      if (!service.build) continue;
      const undocumented = Object.keys(service.environment ?? {}).filter((v) => !documented.has(v));
      expect([name, undocumented]).toEqual([name, []]);
    }
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

  it('the documented-variables reader finds every variable of a row, and only the first cell', () => {
    const names = documentedVariables(
      '## Configuration\n\n| variable | default | meaning |\n| --- | --- | --- |\n| `A_B`, `C` | `D_E` | `F` |\n\n## Next\n| `G` | x |\n',
    );
    expect([...names].sort()).toEqual(['A_B', 'C']);
  });
});

describe('Dockerfile', () => {
  const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)/gm)].map((m) => m[1]);
  it('is multi-stage, with the receiver and the reference server (the default, last) as targets', () => {
    expect(stages).toEqual(['deps', 'runtime', 'receiver', 'reference']);
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

  it('checks readiness, forwards only the API prefixes, and purges idle upstream connections before the servers close them', () => {
    expect(haproxy).toMatch(/^\s*option httpchk GET \/readyz$/m);
    const prefixes = /^\s*acl api path_beg (.+)$/m.exec(haproxy)?.[1]?.split(/\s+/).sort();
    expect(prefixes).toEqual(['/api/public/v1', '/dashboard/api', '/provisioning/v1']);
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
});
