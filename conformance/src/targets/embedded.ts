// Without --target the suite aims at a reference server it starts itself. It runs as a CHILD PROCESS,
// never imported: the suite must judge the server from outside, exactly as it judges any deployment.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { loadFixtureTarget } from './fixture';
import { findReferenceBin, NO_REFERENCE_SERVER } from './reference-bin';
import { TargetError, type MailConfig, type Target, type WebhooksConfig } from './types';
import type { ParsedTarget } from './validate';

export interface EmbeddedOptions {
  /** Repository root: cwd of a given command, and where the search for the reference server's bin starts. */
  readonly root: string;
  /**
   * Default: the ppapi-reference bin found in node_modules/.bin above `root` (or the working directory), run with
   * this process's Node in the folder that holds it. Self-tests pass a stub server.
   */
  readonly command?: string;
  readonly args?: readonly string[];
  readonly host?: string;
  readonly port?: number;
  readonly startTimeoutMs?: number;
  /** Extra environment for the child (on top of process.env, PORT, HOST, ADMIN_TOKEN). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface EmbeddedServer {
  readonly origin: string;
  readonly port: number;
  readonly adminToken: string;
  /** SIGTERM, then wait; SIGKILL if it has not ended within 10 s. */
  stop(): Promise<void>;
}

const TAIL_LINES = 8;

/**
 * A port the OS just handed out, for a command of the user's own (which may not print the port it binds): another
 * process can take it before the child binds it.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function tail(lines: string[]): string {
  const kept = lines.filter((l) => l.trim().length > 0).slice(-TAIL_LINES);
  return kept.length === 0 ? '(no output)' : kept.map((l) => l.trim()).join(' | ');
}

function collectLines(stream: NodeJS.ReadableStream | null, sink: string[], onLine?: (line: string) => void): void {
  if (!stream) return;
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (partial + chunk).split(/\r?\n/);
    partial = parts.pop() ?? '';
    for (const line of parts) {
      sink.push(line);
      if (sink.length > 200) sink.splice(0, sink.length - 200);
      onLine?.(line);
    }
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startEmbeddedReference(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const host = options.host ?? '127.0.0.1';
  const adminToken = randomBytes(24).toString('hex');
  let command = options.command;
  let args = options.args ?? [];
  let cwd = options.root;
  // The reference server binds a port of the OS's choosing (PORT=0) and prints it: a port picked here and bound
  // there could be taken in between (it was, in CI, by a neighbouring test run). A command of the user's own gets
  // a port picked here, as before.
  let requested: number;
  if (command === undefined) {
    const bin = findReferenceBin([options.root, process.cwd()]);
    if (!bin) throw new TargetError(NO_REFERENCE_SERVER);
    command = process.execPath;
    args = [bin.script, ...args];
    cwd = bin.root;
    requested = options.port ?? 0;
  } else {
    requested = options.port ?? (await freePort(host));
  }
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const readyPrefix = `listening on http://${host}:`;
  const ready = requested === 0 ? `${readyPrefix}<port>` : `${readyPrefix}${requested}`;
  let port = requested;

  const child = spawn(command, [...args], {
    cwd,
    env: { ...process.env, ...options.env, PORT: String(requested), HOST: host, ADMIN_TOKEN: adminToken },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];

  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(
        new TargetError(
          `embedded reference server did not print "${ready}" within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}: ${tail(stderr.length ? stderr : stdout)}`,
        ),
      );
    }, timeoutMs);
    collectLines(child.stdout, stdout, (line) => {
      const at = line.indexOf(readyPrefix);
      if (at < 0) return;
      const bound = /^\d+/.exec(line.slice(at + readyPrefix.length))?.[0];
      if (bound === undefined || (requested !== 0 && Number(bound) !== requested)) return;
      port = Number(bound);
      settle();
    });
    collectLines(child.stderr, stderr);
    child.once('error', (error) =>
      settle(new TargetError(`cannot start embedded reference server (${command}): ${error.message}`)),
    );
    child.once('exit', (code, signal) => {
      // Let the last stderr chunk arrive before describing the crash.
      setImmediate(() =>
        settle(
          new TargetError(
            `embedded reference server exited (${signal ?? `code ${code}`}) before listening: ${tail(stderr.length ? stderr : stdout)}`,
          ),
        ),
      );
    });
  });

  return {
    origin: `http://${host}:${port}`,
    port,
    adminToken,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    },
  };
}

/** The reference server's provisioning contract (docs/provisioning/), the one every other deployment offers. */
export const REFERENCE_PROVISIONING_PATH = '/provisioning/v1';

/**
 * Where the embedded server's mail can be read: its in-process capture, through the provisioning contract's mail
 * operations, unless SMTP_URL sends the mail out, in which case the maildev API of MAIL_API_URL (as
 * scripts/services.sh provides), or none.
 */
export function embeddedMail(): MailConfig | undefined {
  if (!process.env.SMTP_URL) return { kind: 'provisioning' };
  return process.env.MAIL_API_URL ? { kind: 'maildev', url: process.env.MAIL_API_URL } : undefined;
}

/**
 * The fixture target file, aimed at the embedded server, with the provisioning section it just got a token for
 * (the contract's paths only, as any deployment serves them, not the reference server's wider dashboard), and the
 * `webhooks` section of the embedded mock receiver when one was started.
 */
export function embeddedTarget(
  fixtureFile: string,
  server: Pick<EmbeddedServer, 'origin' | 'adminToken'>,
  webhooks?: WebhooksConfig,
): ParsedTarget {
  const parsed = loadFixtureTarget(fixtureFile);
  const mail = parsed.target.mail ?? embeddedMail();
  const hooks = webhooks ?? parsed.target.webhooks;
  const target: Target = {
    ...parsed.target,
    baseUrl: `${server.origin}/api/public/v1`,
    provisioning: { url: `${server.origin}${REFERENCE_PROVISIONING_PATH}`, token: server.adminToken },
    ...(mail ? { mail } : {}),
    ...(hooks ? { webhooks: hooks } : {}),
    source: `embedded reference server (${server.origin})`,
  };
  return { target, warnings: parsed.warnings };
}
