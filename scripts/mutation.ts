// Entry point of `npm run mutation`: the suite's mutation engine and variant generator (a dev tool, not shipped).
import { parseMutationArgs, runMutation } from '../conformance/mutation/cli';

async function main(): Promise<number> {
  let options;
  try {
    options = parseMutationArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  return runMutation(options, (text) => process.stdout.write(text));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `mutation run crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(3);
  },
);
