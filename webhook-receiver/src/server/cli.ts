import { readFileSync } from 'node:fs';
import { MIN_DEDUPE_TTL_MS } from '../store/seen-ids';
import { startReceiver, type ReceiverOptions } from './start-receiver';

export const DEFAULT_CLI_PORT = 4000;

export const RECEIVER_USAGE = `usage: ppapi-receiver --secret SECRET [--secret SECRET2] [--port ${DEFAULT_CLI_PORT}] [--host 127.0.0.1] [--dedupe-ttl-ms ${MIN_DEDUPE_TTL_MS}] [--max-body-bytes N] [--admin-token TOKEN]
  --secret SECRET    signing secret (repeatable during a rotation; or set WEBHOOK_SECRET)
  --port N           port to listen on (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --host HOST        interface to bind (default 127.0.0.1)
  --dedupe-ttl-ms N  how long a processed id is answered as a duplicate (default 24 h, the spec's minimum)
  --max-body-bytes N bodies above this answer 413 (default 1 MiB)
  --admin-token TOKEN the admin API then needs Authorization: Bearer TOKEN (or set RECEIVER_ADMIN_TOKEN);
                     without one it answers loopback connections only
deliveries: POST to any path; admin API under /_receiver/ (see webhook-receiver/README.md)`;

export interface ReceiverCliIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

class UsageError extends Error {}

/** `ppapi-receiver 0.2.0 (@ppapi/webhook-receiver)`, as the installed bin answers --version. */
function versionLine(): string {
  // Resolved by the package's own name, so the sources (a clone) and dist/ (an install) read the same file.
  const pkg: unknown = JSON.parse(readFileSync(require.resolve('@ppapi/webhook-receiver/package.json'), 'utf8'));
  const field = (name: string): string =>
    typeof pkg === 'object' && pkg !== null && name in pkg ? String((pkg as Record<string, unknown>)[name]) : '?';
  return `ppapi-receiver ${field('version')} (${field('name')})`;
}

/**
 * `npm run receiver`: starts the mock receiver and resolves 0 once it has stopped on SIGINT/SIGTERM,
 * or 2 straight away on a bad option or a port that cannot be bound.
 */
export async function receiverCli(argv: readonly string[], io: ReceiverCliIo): Promise<number> {
  if (argv.length === 1 && argv[0] === '--version') {
    io.stdout(versionLine());
    return 0;
  }
  let options: ReceiverOptions | 'help';
  try {
    options = parseReceiverOptions(argv, io.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr(`receiver: ${err.message} (--help for usage)`);
    return 2;
  }
  if (options === 'help') {
    io.stdout(RECEIVER_USAGE);
    return 0;
  }
  let receiver;
  try {
    receiver = await startReceiver(options);
  } catch (err) {
    io.stderr(
      `receiver: cannot listen on ${options.host ?? '127.0.0.1'}:${String(options.port)}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 2;
  }
  io.stdout(`receiver listening on ${receiver.url}`);
  if (receiver.adminTokenRequired) {
    io.stdout(`admin API at ${receiver.adminUrl}/deliveries (Authorization: Bearer <admin token>)`);
    io.stdout(`live page at ${receiver.adminUrl}/live (sign in with the admin token)`);
  } else {
    io.stdout(`admin API at ${receiver.adminUrl}/deliveries`);
    io.stdout(`live page at ${receiver.adminUrl}/live`);
    io.stdout(
      'admin API: no --admin-token (or RECEIVER_ADMIN_TOKEN), so it answers loopback connections only; deliveries are open',
    );
  }
  const running = receiver;
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      running.close().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}

export function parseReceiverOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ReceiverOptions | 'help' {
  const secrets: string[] = [];
  let port = DEFAULT_CLI_PORT;
  let host = '127.0.0.1';
  let dedupeTtlMs: number | undefined;
  let maxBodyBytes: number | undefined;
  let adminToken: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
    const name = match[1] ?? '';
    let value = match[2];
    if (value === undefined) {
      value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
    }
    switch (name) {
      case 'secret':
        if (value === '') throw new UsageError('--secret must not be empty');
        secrets.push(value);
        break;
      case 'port':
        port = integer(value, 'port', 0, 65535);
        break;
      case 'host':
        host = value;
        break;
      case 'dedupe-ttl-ms':
        dedupeTtlMs = integer(value, 'dedupe-ttl-ms', 1, Number.MAX_SAFE_INTEGER);
        break;
      case 'max-body-bytes':
        maxBodyBytes = integer(value, 'max-body-bytes', 1, 100 * 1024 * 1024);
        break;
      case 'admin-token':
        if (value === '') throw new UsageError('--admin-token must not be empty');
        adminToken = value;
        break;
      default:
        throw new UsageError(`unknown option --${name}`);
    }
  }
  if (secrets.length === 0 && env.WEBHOOK_SECRET) secrets.push(env.WEBHOOK_SECRET);
  if (secrets.length === 0) throw new UsageError('--secret is required (or set WEBHOOK_SECRET)');
  // An empty variable is "not set" (compose files pass ${RECEIVER_ADMIN_TOKEN:-} through as "").
  if (adminToken === undefined && env.RECEIVER_ADMIN_TOKEN) adminToken = env.RECEIVER_ADMIN_TOKEN;
  return {
    secrets,
    port,
    host,
    ...(dedupeTtlMs !== undefined ? { dedupeTtlMs } : {}),
    ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}),
    ...(adminToken !== undefined ? { adminToken } : {}),
  };
}

function integer(raw: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new UsageError(`--${name} must be from ${min} to ${max}`);
  return value;
}
