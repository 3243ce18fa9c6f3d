// Entry point of `npm run reference` and of the ppapi-reference bin: the server (serve.ts) with its Node flags
// (src/server/node-tuning.ts), in a child process of this one when they are not already in effect. The server's
// modules are loaded only where it runs, so a relaunching parent stays small.
import { relaunchTuned, tuned } from '../src/server/node-tuning';

if (tuned()) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('./serve');
} else {
  relaunchTuned();
}
