// How long the conformance suite's quick profile takes against the embedded reference server, end to end
// (server start included), as a user runs it: `npm run conformance`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BenchFigure, BenchSuite } from './types';

const ROOT = path.resolve(__dirname, '..', '..');

function runOnce(): Promise<{ seconds: number; code: number | null; summary: string }> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [
        path.join(ROOT, 'scripts', 'conformance.ts'),
        '--report',
        `json:${path.join(ROOT, 'reports', 'bench-conformance.json')}`,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-20_000);
    });
    child.stderr.resume();
    child.on('exit', (code) => {
      const summary = /^.*\d+ passed, \d+ failed.*$/m.exec(out)?.[0] ?? '';
      resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, code, summary });
    });
  });
}

export const conformanceBench: BenchSuite = {
  name: 'conformance',
  async run(): Promise<BenchFigure[]> {
    const { seconds, code, summary } = await runOnce();
    if (code !== 0 && code !== 1) throw new Error(`conformance suite could not run (exit ${code})`);
    return [
      {
        name: 'conformance quick profile wall time',
        unit: 's',
        value: Number(seconds.toFixed(1)),
        extra: `embedded reference server, target < 180 s; ${summary.trim()}${code === 1 ? ' (had failures)' : ''}`,
      },
    ];
  },
};
