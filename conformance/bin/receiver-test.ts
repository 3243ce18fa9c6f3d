// npm run receiver-test -- --url URL --secret SECRET [--report FORMAT:PATH]... [--seed N] [--timeout-ms 10000]
// The bin of ppapi-receiver-test: the suite's receiver checks against an integrator's receiver (conformance/README.md).
import { receiverTestCli } from '../src/cli/receiver-test';

receiverTestCli(process.argv.slice(2), {
  stdout: (l) => console.log(l),
  stderr: (l) => console.error(l),
  env: process.env,
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    // The tester itself crashed: not a verdict on the receiver (exit 3, as the suite's errors).
    console.error(`receiver-test: internal error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(3);
  },
);
