// The Node flags the server runs with, applied by its entry point (bin/reference.ts) whichever way it is started:
// `npm run reference`, the installed `ppapi-reference` bin, the conformance suite's embedded target, the benchmarks.
//
// --max-semi-space-size=64: a cached read allocates little but keeps it across an await (the Redis round trip), so
// with 50 requests in flight V8's default young generation (16 MB semispaces) fills and scavenges several times as
// often, and promotes objects that die a moment later. Measured on the cached GET /properties?limit=50 at 50
// connections, alternating rounds on one machine, the untuned server started first: 13,070-13,296 req/s without,
// 14,924-15,594 with (about +15%; a run started the other way round showed +20%, so order adds noise); 32 MB gave
// about half of the gain. A bare Hapi route gains nothing from it. Cost: the young generation may grow to
// 3 x 64 MB under load.
//
// V8 reads heap sizes once, when the process starts (v8.setFlagsFromString at run time was measured: no effect),
// so the entry point starts the server as a child process with the flags, unless they (or the operator's own
// --max-semi-space-size) are already in effect.
import { spawn } from 'node:child_process';

export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

const FLAG_NAMES = SERVER_NODE_FLAGS.map((flag) => flag.split('=')[0]);

// Set in the child's environment: it is the relaunched server, whatever its flags look like (never a second relaunch).
const RELAUNCHED = 'PPAPI_REFERENCE_RELAUNCHED';

/** Whether this process already runs with the flags, or with the operator's own value of each, or was relaunched. */
export function tuned(execArgv: readonly string[] = process.execArgv, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[RELAUNCHED] === '1') return true;
  const nodeOptions = env.NODE_OPTIONS ?? '';
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((arg) => arg.split('=')[0].replace(/_/g, '-'));
  return FLAG_NAMES.every((name) => given.includes(name));
}

/**
 * Runs this same entry as a child process with the flags, and mirrors it: stdio shared, SIGTERM, SIGINT and SIGHUP
 * passed on, its exit status (or signal) made this process's own. The child stops gracefully if this process dies
 * without passing a signal on (SIGKILL): it watches the IPC channel between them (see stopWhenOrphaned).
 */
export function relaunchTuned(): void {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...process.execArgv, process.argv[1], ...process.argv.slice(2)],
    {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, [RELAUNCHED]: '1' },
    },
  );
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
  for (const signal of signals)
    process.on(signal, () => {
      child.kill(signal);
    });
  child.on('error', (err) => {
    process.stderr.write(`reference server failed to start: ${err.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const s of signals) process.removeAllListeners(s);
      process.kill(process.pid, signal);
    } else {
      process.exit(code ?? 1);
    }
  });
}

/** In a relaunched child: a parent gone (its IPC channel closed) is a SIGTERM. The channel never holds the process open. */
export function stopWhenOrphaned(): void {
  if (!process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => {
    process.kill(process.pid, 'SIGTERM');
  });
}
