// What a QA engineer installs and waits for: the suite's three packages packed (npm pack builds them), installed
// into an empty folder from the tarballs, then its installed size, package count, whether a compiler came along,
// and how long `npx ppapi-conformance --help` takes: the first run after the install (cold) and the median of five.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, type BenchFigure, type BenchSuite } from './types';

const ROOT = path.resolve(__dirname, '..', '..');
const COMPILERS = ['typescript', 'tsx', 'esbuild', '@swc/core', 'ts-node'];

function timedMs(cwd: string, command: string, args: readonly string[]): number {
  const started = process.hrtime.bigint();
  const r = spawnSync(command, args, { cwd, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${String(r.status)}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export const installBench: BenchSuite = {
  name: 'install',
  async run(): Promise<BenchFigure[]> {
    const work = mkdtempSync(path.join(tmpdir(), 'bench-install-'));
    try {
      execFileSync(
        'npm',
        [
          'pack',
          '--silent',
          '--workspace',
          'spec-data',
          '--workspace',
          'webhook-receiver',
          '--workspace',
          'conformance',
          '--pack-destination',
          work,
        ],
        { cwd: ROOT, stdio: 'ignore' },
      );
      const suite = path.join(work, 'suite');
      execFileSync('mkdir', ['-p', suite]);
      writeFileSync(path.join(suite, 'package.json'), '{ "name": "bench-install", "private": true }\n');
      const tarballs = readdirSync(work)
        .filter((f) => f.endsWith('.tgz'))
        .map((f) => path.join(work, f));
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
        cwd: suite,
        stdio: 'ignore',
      });
      const packages = execFileSync('npm', ['ls', '--all', '--parseable'], { cwd: suite, encoding: 'utf8' })
        .trim()
        .split('\n')
        .slice(1).length;
      const kb = Number(execFileSync('du', ['-sk', 'node_modules'], { cwd: suite, encoding: 'utf8' }).split('\t')[0]);
      const compilers = COMPILERS.filter((name) => existsSync(path.join(suite, 'node_modules', name))).length;
      const help = ['--no-install', 'ppapi-conformance', '--help'];
      const cold = timedMs(suite, 'npx', help);
      const warm = median([1, 2, 3, 4, 5].map(() => timedMs(suite, 'npx', help)));
      const direct = median(
        [1, 2, 3, 4, 5].map(() =>
          timedMs(suite, process.execPath, [path.join('node_modules', '.bin', 'ppapi-conformance'), '--help']),
        ),
      );
      return [
        { name: 'installed-suite packages', unit: 'packages', value: packages, extra: 'npm ls --all, less the root' },
        { name: 'installed-suite size', unit: 'MB', value: Math.round(kb / 102.4) / 10, extra: 'du -sk node_modules' },
        { name: 'installed-suite compilers', unit: 'packages', value: compilers, extra: COMPILERS.join(', ') },
        {
          name: 'installed-suite help-cold',
          unit: 'ms',
          value: Math.round(cold),
          extra: 'first npx ppapi-conformance --help after the install',
        },
        {
          name: 'installed-suite help',
          unit: 'ms',
          value: Math.round(warm),
          extra: 'npx ppapi-conformance --help, median of 5',
        },
        {
          name: 'installed-suite help-node',
          unit: 'ms',
          value: Math.round(direct),
          extra: 'node node_modules/.bin/ppapi-conformance --help, median of 5 (npx itself excluded)',
        },
      ];
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
