// Entry point of `npm run reference`.
import { main } from '../src/server/main';

main().catch((err: unknown) => {
  process.stderr.write(`reference server failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
