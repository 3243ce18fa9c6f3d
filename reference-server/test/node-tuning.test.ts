// The entry point runs the server with its Node flags, in a child process when they are not in effect already
// (src/server/node-tuning.ts). The child must never outlive its parent: not after a SIGTERM passed on, and not
// after a SIGKILL that could not be.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS, tuned } from '../src/server/node-tuning';

const BIN = path.resolve(__dirname, '../bin/ppapi-reference.js');

describe('tuned()', () => {
  it('is true when every flag is on the command line or in NODE_OPTIONS, in either spelling', () => {
    expect(tuned([...SERVER_NODE_FLAGS], {})).toBe(true);
    expect(tuned([], { NODE_OPTIONS: `--inspect=0 ${SERVER_NODE_FLAGS.join(' ')}` })).toBe(true);
    expect(tuned(['--max_semi_space_size=128'], {})).toBe(true); // the operator's own value wins
    expect(tuned([], { PPAPI_REFERENCE_RELAUNCHED: '1' })).toBe(true);
  });

  it('is false without them', () => {
    expect(tuned([], {})).toBe(false);
    expect(tuned(['--max-old-space-size=4096'], { NODE_OPTIONS: '--enable-source-maps' })).toBe(false);
    expect(tuned([], { PPAPI_REFERENCE_RELAUNCHED: '0' })).toBe(false);
  });
});

interface Started {
  proc: ChildProcess;
  url: string;
  output: () => string;
  /**
   * Resolves once no process holds the bin's stdout and stderr any more: the server it runs inherits both, so the
   * bin and the server have both exited then.
   */
  outputClosed: Promise<void>;
}

async function startBin(): Promise<Started> {
  const proc = spawn(process.execPath, [BIN], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_FIXTURES: '0',
      WEBHOOK_PROCESSING: '0',
      ADMIN_TOKEN: 'node-tuning-admin-token-0123',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const outputClosed = Promise.all(
    [proc.stdout, proc.stderr].map((stream) => new Promise((resolve) => stream.once('close', resolve))),
  ).then(() => undefined);
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  proc.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening within 60 s:\n${out}`)), 60_000);
    proc.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${out}`));
    });
  });
  return { proc, url, output: () => out, outputClosed };
}

const answers = async (url: string): Promise<boolean> =>
  fetch(`${url}/api/public/v1/properties`).then(
    () => true,
    () => false,
  );

/** The server has exited within `ms` (its output closed), and nothing answers at its address any more. */
async function gone(started: Started, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the server still runs ${ms} ms later:\n${started.output()}`)), ms);
  });
  try {
    await Promise.race([started.outputClosed, late]);
  } finally {
    clearTimeout(timer);
  }
  expect(await answers(started.url)).toBe(false);
}

describe('the ppapi-reference bin', () => {
  jest.setTimeout(120_000);

  it('passes SIGTERM on: the server stops gracefully and the bin exits 0', async () => {
    const started = await startBin();
    expect(await answers(started.url)).toBe(true);
    const exited = new Promise<number | null>((resolve) => started.proc.once('exit', (code) => resolve(code)));
    started.proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    await gone(started, 10_000);
    expect(started.output()).not.toMatch(/failed to start/);
  });

  it('leaves no server behind when it is SIGKILLed (the child sees its parent gone)', async () => {
    const started = await startBin();
    expect(await answers(started.url)).toBe(true);
    started.proc.kill('SIGKILL');
    await gone(started, 20_000);
  });
});
