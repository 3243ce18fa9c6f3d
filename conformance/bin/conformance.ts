// Entry point of `npm run conformance`. All logic lives in conformance/src/cli; this file wires it to the process.

import { main } from '../src/cli/main';

let stopEmbedded: (() => Promise<void>) | undefined;

// Ctrl-C or a CI cancel must not leave the embedded reference server running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (stopEmbedded?.() ?? Promise.resolve()).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

main(
  process.argv.slice(2),
  {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isTTY: process.stdout.isTTY === true,
    color: process.env.NO_COLOR === undefined && process.env.TERM !== 'dumb',
  },
  { onStop: (stop) => (stopEmbedded = stop) },
).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`conformance: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
