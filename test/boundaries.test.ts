// The architecture, enforced rather than remembered: which package may import which, that no relative import
// leaves its package, that every bare import is a declared dependency of the package that makes it (and every
// declared dependency is imported by the code it ships: no dependency only tests use, no compiler), and which
// layers of the reference server may import which, in one direction only. A new edge fails here until it is added
// to a table below, where a reviewer sees it; an edge pointing up the layers cannot be added.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(__dirname, '..');

/** Workspace packages (folder → what it may import of the others). */
const PACKAGES: Readonly<
  Record<
    string,
    { readonly name: string; readonly mayImport: readonly string[]; readonly mayImportInTests?: readonly string[] }
  >
> = {
  // Data only: the event catalogue, signature vectors, fixture keys and ids, report model types.
  'spec-data': { name: '@ppapi/spec', mayImport: [] },
  // The mock receiver reads the spec on its own.
  'webhook-receiver': { name: '@ppapi/webhook-receiver', mayImport: ['@ppapi/spec'] },
  // The suite reads the spec on its own; its embedded mode runs the mock receiver as a peer over HTTP.
  conformance: { name: '@ppapi/conformance', mayImport: ['@ppapi/spec', '@ppapi/webhook-receiver'] },
  // The server reads the spec on its own; its tests use the mock receiver as an outside witness of deliveries.
  'reference-server': {
    name: '@ppapi/reference-server',
    mayImport: ['@ppapi/spec'],
    mayImportInTests: ['@ppapi/webhook-receiver'],
  },
};

/**
 * Layers of reference-server/src (a top-level folder), from the top down, and the layers each may import. An edge
 * may only point down this list (a test below holds the table to that), so no two layers import each other.
 */
const SERVER_LAYERS: ReadonlyArray<readonly [layer: string, mayImport: readonly string[]]> = [
  // The composition root: builds the server from its parts.
  ['server', ['api', 'dashboard', 'fixtures', 'persistence', 'platform', 'webhooks']],
  // The public API plugin: its auth scheme, the resource groups, the OpenAPI document.
  ['api', ['openapi', 'resources', 'persistence', 'platform']],
  ['openapi', ['storage', 'platform']],
  // One plugin per resource group (invoices under rent's routes), routes over services over repositories.
  ['resources', ['fixtures', 'storage', 'webhooks', 'persistence', 'platform']],
  // The fixture portfolio, provisioned through the dashboard's landlord service.
  ['fixtures', ['dashboard', 'storage', 'platform']],
  ['dashboard', ['storage', 'webhooks', 'persistence', 'platform']],
  ['storage', ['persistence', 'platform']],
  ['webhooks', ['platform']],
  // The README's configuration table, rendered from the schema's descriptions (documentation, no server part).
  ['config-table', ['platform']],
  // Models and migrations; `scoped(scope)` is the one place a query is bound to its landlord.
  ['persistence', ['platform']],
  // Below all: configuration, the request context (app-context), auth, limits, errors, mail, time.
  ['platform', []],
];
const LAYER_RULES: ReadonlyMap<string, readonly string[]> = new Map(SERVER_LAYERS);

interface SourceImport {
  readonly file: string;
  readonly specifier: string;
}

const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[^\w.])require(?:\.resolve)?\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|js)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function importsOf(file: string): SourceImport[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => ({ file, specifier: m[1] ?? m[2] ?? m[3] ?? m[4] }));
}

/** The package name of a bare specifier (`@scope/name/deep` → `@scope/name`), or undefined for builtins. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] ?? '')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function isTestFile(pkgDir: string, file: string): boolean {
  const rel = relative(join(ROOT, pkgDir), file);
  return /\.test\.ts$|\.faults\.ts$/.test(rel) || /^(test|self-test|pact|tools)\//.test(rel.split(sep).join('/'));
}

/** Runtime dependencies include (optional) peers: the suite loads pdf-parse lazily and skips the PDF text without it. */
function manifest(pkgDir: string): { dependencies: Record<string, string>; devDependencies: Record<string, string> } {
  const json = JSON.parse(readFileSync(join(ROOT, pkgDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return {
    dependencies: { ...json.peerDependencies, ...json.dependencies },
    devDependencies: json.devDependencies ?? {},
  };
}

/**
 * The bin wrappers (`bin/*.js`) require tsx only when the TypeScript source sits beside them: in a clone, whose
 * root devDependencies hold it. The tarballs carry no sources (files: bin/*.js, dist), so tsx never loads there.
 */
function cloneOnly(pkgDir: string, file: string, specifier: string): boolean {
  return specifier === 'tsx/cjs' && /^bin\/[^/]+\.js$/.test(relative(join(ROOT, pkgDir), file).split(sep).join('/'));
}

/** Declared runtime dependencies (not optional peers) that no shipped file imports: a test-only dependency, say. */
export function unusedDependencies(
  pkgDir: string,
  files: readonly string[] = sourceFiles(join(ROOT, pkgDir)),
): string[] {
  const json = JSON.parse(readFileSync(join(ROOT, pkgDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const used = new Set(
    files
      .filter((file) => !isTestFile(pkgDir, file))
      .flatMap((file) => importsOf(file).map(({ specifier }) => packageOf(specifier))),
  );
  return Object.keys(json.dependencies ?? {}).filter((name) => !used.has(name));
}

/** Problems of one package: relative imports leaving it, undeclared or forbidden bare imports. */
export function packageProblems(pkgDir: string, files: readonly string[] = sourceFiles(join(ROOT, pkgDir))): string[] {
  const rules = PACKAGES[pkgDir];
  if (!rules) throw new Error(`unknown package folder ${pkgDir}`);
  const { dependencies, devDependencies } = manifest(pkgDir);
  const home = join(ROOT, pkgDir) + sep;
  const problems: string[] = [];
  for (const file of files) {
    const test = isTestFile(pkgDir, file);
    for (const { specifier } of importsOf(file)) {
      const where = `${relative(ROOT, file)} imports '${specifier}'`;
      if (specifier.startsWith('.')) {
        if (!resolve(dirname(file), specifier).startsWith(home))
          problems.push(`${where}: a relative import leaves ${pkgDir}/ (import the package by name)`);
        continue;
      }
      const name = packageOf(specifier);
      if (name === undefined || cloneOnly(pkgDir, file, specifier)) continue;
      if (name.startsWith('@ppapi/')) {
        const allowed = [...rules.mayImport, ...(test ? (rules.mayImportInTests ?? []) : [])];
        if (name !== rules.name && !allowed.includes(name))
          problems.push(`${where}: ${rules.name} may not depend on ${name}`);
      }
      const declared = name === rules.name || name in dependencies || (test && name in devDependencies);
      if (!declared)
        problems.push(
          `${where}: ${name} is not in ${pkgDir}/package.json ${test ? 'dependencies or devDependencies' : 'dependencies'}`,
        );
    }
  }
  return problems;
}

function layerOf(file: string): string {
  const rel = relative(join(ROOT, 'reference-server', 'src'), file).split(sep);
  return rel.length === 1 ? rel[0].replace(/\.ts$/, '') : rel[0];
}

/** Edges of the table that do not point down it (each would allow a mutual pair or a cycle of layers). */
export function upwardEdges(layers: ReadonlyArray<readonly [string, readonly string[]]> = SERVER_LAYERS): string[] {
  const rank = new Map(layers.map(([layer], i) => [layer, i]));
  return layers.flatMap(([layer, mayImport], i) =>
    mayImport.filter((to) => (rank.get(to) ?? -1) <= i).map((to) => `${layer} -> ${to}`),
  );
}

export function layerProblems(files: readonly string[] = sourceFiles(join(ROOT, 'reference-server', 'src'))): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    const allowed = LAYER_RULES.get(from);
    if (!allowed) {
      problems.push(`${relative(ROOT, file)}: layer '${from}' is not in the layer table`);
      continue;
    }
    for (const { specifier } of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const to = layerOf(resolve(dirname(file), specifier));
      if (to !== from && !allowed.includes(to))
        problems.push(`${relative(ROOT, file)} imports '${specifier}': layer ${from} may not import layer ${to}`);
    }
  }
  return problems;
}

/** A package's folder of a file: `src/<folder>` under src/ (a top-level module counts as its own), else `<folder>`. */
function folderOf(pkgRoot: string, file: string): string {
  const rel = relative(pkgRoot, file).split(sep);
  const name = (segment: string | undefined): string => (segment ?? '').replace(/\.(ts|js)$/, '');
  return rel[0] === 'src' ? `src/${name(rel[1])}` : name(rel[0]);
}

/** Folders of a package that import each other, tests included (each pair once, as "a <-> b"). */
export function mutualFolderPairs(
  pkgDir: string,
  files: readonly string[] = sourceFiles(join(ROOT, pkgDir)),
): string[] {
  const pkgRoot = join(ROOT, pkgDir);
  const edges = new Set<string>();
  for (const file of files) {
    for (const { specifier } of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(pkgRoot + sep)) continue;
      const [from, to] = [folderOf(pkgRoot, file), folderOf(pkgRoot, target)];
      if (from !== to) edges.add(`${from} -> ${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split(' -> '))
    .filter(([a, b]) => a !== undefined && b !== undefined && a < b && edges.has(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`);
}

describe('package boundaries', () => {
  it.each(Object.keys(PACKAGES))('%s imports only what it may, each declared in its package.json', (pkgDir) => {
    expect(packageProblems(pkgDir)).toEqual([]);
  });

  it.each(Object.keys(PACKAGES))('%s declares as dependencies only what its shipped code imports', (pkgDir) => {
    expect(unusedDependencies(pkgDir)).toEqual([]);
  });

  it('no package ships a compiler among its dependencies (they run their compiled dist/)', () => {
    for (const dir of Object.keys(PACKAGES)) {
      const json = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      const compilers = Object.keys(json.dependencies ?? {}).filter((d) =>
        ['typescript', 'tsx', 'esbuild', 'ts-node'].includes(d),
      );
      expect([dir, compilers]).toEqual([dir, []]);
    }
  });

  it.each(Object.keys(PACKAGES))('%s has no two folders that import each other (tests included)', (pkgDir) => {
    expect(mutualFolderPairs(pkgDir)).toEqual([]);
  });

  it('a pair of folders importing each other is found', () => {
    const root = join(ROOT, 'conformance');
    const a = join(root, 'src', 'alpha', 'a.ts');
    const b = join(root, 'src', 'beta', 'b.ts');
    mkdirSync(dirname(a), { recursive: true });
    mkdirSync(dirname(b), { recursive: true });
    try {
      writeFileSync(a, "import { b } from '../beta/b';\nexport const a = b;\n");
      writeFileSync(b, "import { a } from '../alpha/a';\nexport const b = a;\n");
      expect(mutualFolderPairs('conformance', [a, b])).toEqual(['src/alpha <-> src/beta']);
    } finally {
      rmSync(dirname(a), { recursive: true, force: true });
      rmSync(dirname(b), { recursive: true, force: true });
    }
  });

  it('the reference server layers import only the layers the table allows', () => {
    expect(layerProblems()).toEqual([]);
  });

  it('the layer table holds one direction: every allowed edge points to a lower layer', () => {
    expect(upwardEdges()).toEqual([]);
  });

  it('every package folder has a package.json named as the table says, and a README', () => {
    for (const [dir, rules] of Object.entries(PACKAGES)) {
      const json = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { name: string };
      expect(json.name).toBe(rules.name);
      expect(statSync(join(ROOT, dir, 'README.md')).isFile()).toBe(true);
    }
  });

  describe('each check can fail', () => {
    // Probe files written inside the real package folders (so paths resolve as for real code), removed after.
    const probes: string[] = [];
    const probe = (relPath: string, text: string): string => {
      const path = join(ROOT, relPath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      probes.push(dirname(path));
      return path;
    };
    afterAll(() => {
      for (const dir of probes) rmSync(dir, { recursive: true, force: true });
    });

    it('flags the suite importing the reference server by a relative path, and by name', () => {
      const file = probe(
        'conformance/src/.boundary-probe/a.ts',
        "import { loadConfig } from '../../../reference-server/src/platform/config';\nimport { x } from '@ppapi/reference-server';\n",
      );
      expect(packageProblems('conformance', [file])).toEqual([
        expect.stringContaining('a relative import leaves conformance/'),
        expect.stringContaining('@ppapi/conformance may not depend on @ppapi/reference-server'),
        expect.stringContaining('@ppapi/reference-server is not in conformance/package.json dependencies'),
      ]);
    });

    it('flags an undeclared dependency, and a dev dependency used outside tests', () => {
      const file = probe(
        'webhook-receiver/src/.boundary-probe/b.ts',
        "import Joi from 'joi';\nimport { fc } from '@octokit/webhooks-methods';\nimport { createHash } from 'node:crypto';\n",
      );
      expect(packageProblems('webhook-receiver', [file])).toEqual([
        expect.stringContaining('joi is not in webhook-receiver/package.json dependencies'),
        expect.stringContaining('@octokit/webhooks-methods is not in webhook-receiver/package.json dependencies'),
      ]);
    });

    it('flags a dependency that only tests import, and lets a bin wrapper require tsx beside its sources only', () => {
      const test = probe('webhook-receiver/src/.boundary-probe/d.test.ts', "import fc from 'fast-check';\n");
      const shipped = probe('webhook-receiver/src/.boundary-probe/e.ts', "import { x } from '@ppapi/spec';\n");
      expect(unusedDependencies('webhook-receiver', [test, shipped])).toEqual([]);
      const pkg = JSON.parse(readFileSync(join(ROOT, 'webhook-receiver', 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      expect(Object.keys(pkg.dependencies)).toEqual(['@ppapi/spec']);
      expect(unusedDependencies('webhook-receiver', [test])).toEqual(['@ppapi/spec']);
      const wrapper = join(ROOT, 'webhook-receiver', 'bin', 'ppapi-receiver.js');
      expect(packageProblems('webhook-receiver', [wrapper])).toEqual([]);
      const elsewhere = probe('webhook-receiver/src/.boundary-probe/f.ts', "require('tsx/cjs');\n");
      expect(packageProblems('webhook-receiver', [elsewhere])).toEqual([
        expect.stringContaining('tsx is not in webhook-receiver/package.json dependencies'),
      ]);
    });

    it('flags a layer table edge pointing up, and a pair of layers allowed to import each other', () => {
      expect(
        upwardEdges([
          ['api', ['platform']],
          ['platform', ['api']],
        ]),
      ).toEqual(['platform -> api']);
      expect(upwardEdges([['api', ['api']]])).toEqual(['api -> api']);
      expect(upwardEdges([['api', ['nowhere']]])).toEqual(['api -> nowhere']);
    });

    it('flags a layer of the reference server importing one it may not', () => {
      const file = probe(
        'reference-server/src/platform/.boundary-probe/c.ts',
        "import { plugin } from '../../resources/properties/routes';\n",
      );
      expect(layerProblems([file])).toEqual([expect.stringContaining('layer platform may not import layer resources')]);
    });
  });
});
