// npm run receiver -- --port 4000 --secret S [--secret S2] [--host 127.0.0.1] [--dedupe-ttl-ms N]
// The mock webhook receiver as a process, for integrators and for the conformance suite (admin API under /_receiver/).
import { receiverCli } from '../src/server/cli';

receiverCli(process.argv.slice(2), {
  stdout: (l) => console.log(l),
  stderr: (l) => console.error(l),
  env: process.env,
}).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (err: unknown) => {
    console.error(`receiver: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
