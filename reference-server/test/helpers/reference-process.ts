// A reference server as a real process (`tsx scripts/reference.ts`), for drills that kill or multiply processes.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../../..');

export interface Child {
  readonly url: string;
  readonly proc: ChildProcess;
  readonly output: () => string;
}

export async function startReference(env: NodeJS.ProcessEnv): Promise<Child> {
  // Its own process group: tsx runs the server in a child process, and a signal must reach that one too.
  const proc = spawn(path.join(REPO, 'node_modules/.bin/tsx'), ['scripts/reference.ts'], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  proc.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`reference server did not start within 60 s:\n${out}`)), 60_000);
    const onData = () => {
      const match = /reference server listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    proc.stdout.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`reference server exited (${code}) before listening:\n${out}`));
    });
  });
  return { url, proc, output: () => out };
}

export async function stopReference(child: Child, signal: NodeJS.Signals): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.proc.once('exit', () => resolve()));
  process.kill(-child.proc.pid!, signal); // the whole group: the tsx wrapper and the server process
  await exited;
  if (signal === 'SIGKILL') return;
  // After a graceful stop, make sure nothing of the group lingers (it would hold the PGlite data directory).
  try {
    process.kill(-child.proc.pid!, 0);
    process.kill(-child.proc.pid!, 'SIGKILL');
  } catch {
    /* group gone */
  }
}
