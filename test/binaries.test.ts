// Every binary the packages install answers --version and --help with its own name, and exits 0 without
// starting anything; the suite answers them (and argument errors) without loading a single check.

import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly bin: Readonly<Record<string, string>>;
}

const BINARIES = ['conformance', 'webhook-receiver', 'reference-server'].flatMap((dir) => {
  const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as PackageJson;
  return Object.entries(pkg.bin).map(([bin, file]) => ({ bin, script: join(ROOT, dir, file), pkg }));
});

function run(script: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.each(BINARIES)('$bin', ({ bin, script, pkg }) => {
  it('answers --version with its own name and its package version', () => {
    const r = run(script, ['--version']);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    expect(r.stdout).toBe(`${bin} ${pkg.version} (${pkg.name})\n`);
  });

  it('answers --help naming itself', () => {
    const r = run(script, ['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^\\S*[Uu]sage: ${bin}\\b`));
  });
});

describe('the suite loads its checks only to run them', () => {
  // A child process, so the module cache is the real one: which files did main() load?
  const probe = (argv: readonly string[]): { status: number; checksLoaded: boolean; stderr: string } => {
    const code = `
      const { main } = require('./conformance/src/cli/main');
      const io = { stdout: () => {}, stderr: (t) => process.stderr.write(t), isTTY: false, color: false };
      main(${JSON.stringify(argv)}, io).then((status) => {
        const checksLoaded = Object.keys(require.cache).some((f) => f.includes('/src/checks/') || f.endsWith('/src/registry.ts'));
        process.stdout.write(JSON.stringify({ status, checksLoaded }));
      });`;
    const out = execFileSync(process.execPath, ['-r', 'tsx/cjs', '-e', code], { cwd: ROOT, encoding: 'utf8' });
    return JSON.parse(out) as { status: number; checksLoaded: boolean; stderr: string };
  };

  it.each([
    [['--help'], 0],
    [['--version'], 0],
    [['--profile', 'slow'], 2],
    [['--no-such-option'], 2],
  ])('%j answers with status %i before any check loads', (argv, status) => {
    expect(probe(argv)).toEqual({ status, checksLoaded: false });
  });

  it('a listing does load them (the probe can tell)', () => {
    expect(probe(['--list'])).toEqual({ status: 0, checksLoaded: true });
  });
});
