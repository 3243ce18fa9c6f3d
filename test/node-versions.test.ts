// Supported Node versions: 20, 22 and 24 (README "Node versions"). Every package says so in `engines`, and no
// dependency that the shipped packages load at run time (production dependencies, followed through the lock
// file) requires a newer Node than the oldest supported one. Dev tools may (maildev pulls cookie@2 and
// content-disposition@3, which declare Node >= 22: it runs only as the SMTP capture server, and scripts/services.sh
// starts it on Node 24 when the machine's Node is older).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';

const ROOT = resolve(__dirname, '..');
const SUPPORTED = ['20', '22', '24'];
const ENGINES = '^20.16.0 || ^22.3.0 || ^24.0.0';
const WORKSPACES = ['spec-data', 'webhook-receiver', 'conformance', 'reference-server'];

interface LockEntry {
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly engines?: { readonly node?: string } | readonly string[];
  readonly link?: boolean;
  readonly resolved?: string;
}
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Readonly<Record<string, LockEntry>>;
};

/** Where node resolves `name` from the package at `from` (a lock path): its node_modules, then each parent's. */
function resolveIn(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (dir === '') return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

/** Lock paths of every package loaded at run time by the workspace at `dir`. */
function runtimeClosure(dir: string): Set<string> {
  const seen = new Set<string>();
  const queue = [dir];
  while (queue.length > 0) {
    const path = queue.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const entry = lock.packages[path];
    const real = entry?.link && entry.resolved !== undefined ? entry.resolved : path;
    const deps = { ...lock.packages[real]?.dependencies, ...lock.packages[real]?.optionalDependencies };
    for (const name of Object.keys(deps)) {
      const found = resolveIn(real, name);
      if (found) queue.push(found);
    }
  }
  return seen;
}

const oldest = semver.minVersion(ENGINES)?.version ?? 'none';
const nodeRange = (entry: LockEntry | undefined): string | undefined =>
  entry?.engines && !Array.isArray(entry.engines) ? (entry.engines as { node?: string }).node : undefined;

describe('supported Node versions', () => {
  it(`every package.json declares engines.node ${ENGINES}, which admits exactly the majors ${SUPPORTED.join(', ')}`, () => {
    for (const dir of ['.', ...WORKSPACES]) {
      const json = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { engines?: { node?: string } };
      expect([dir, json.engines?.node]).toEqual([dir, ENGINES]);
    }
    for (let major = 18; major <= 26; major++)
      expect([major, semver.satisfies(`${major}.99.0`, ENGINES)]).toEqual([major, SUPPORTED.includes(String(major))]);
  });

  it.each(WORKSPACES)(`%s loads no dependency at run time that refuses Node ${oldest}`, (dir) => {
    const refusing = [...runtimeClosure(dir)]
      .map((path) => [path, nodeRange(lock.packages[path])] as const)
      .filter(([, range]) => range !== undefined && !semver.satisfies(oldest, range))
      .map(([path, range]) => `${path} (${range})`);
    expect(refusing).toEqual([]);
  });

  it('the closure follows the lock file: the suite reaches fast-check, not a compiler, the reference server or pdf-parse (optional peer)', () => {
    const closure = [...runtimeClosure('conformance')];
    expect(closure).toEqual(expect.arrayContaining(['node_modules/fast-check', 'node_modules/@ppapi/spec']));
    expect(closure.filter((p) => /reference-server|pdf-parse|@hapi|knex|typescript|tsx|esbuild/.test(p))).toEqual([]);
  });

  it('finds a dependency that refuses the oldest Node: maildev (a dev tool) reaches content-disposition@3', () => {
    const refusing = [...runtimeClosure('node_modules/maildev')].filter((p) => {
      const r = nodeRange(lock.packages[p]);
      return r !== undefined && !semver.satisfies(oldest, r);
    });
    expect(refusing).toEqual(expect.arrayContaining([expect.stringMatching(/content-disposition$/)]));
  });
});
