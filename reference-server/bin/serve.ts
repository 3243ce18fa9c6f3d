// The server itself, in the process that runs it (see reference.ts).
import { main } from '../src/server/main';
import { stopWhenOrphaned } from '../src/server/node-tuning';

stopWhenOrphaned();
main().catch((err: unknown) => {
  process.stderr.write(`reference server failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
