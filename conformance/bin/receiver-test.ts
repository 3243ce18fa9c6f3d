// npm run receiver-test -- --url URL --secret SECRET [--report FORMAT:PATH]... [--seed N] [--timeout-ms 10000]
// The bin of ppapi-receiver-test: the suite's receiver checks against an integrator's receiver (conformance/README.md).
import { receiverTestCli } from '../src/receiver-tester';

receiverTestCli(process.argv.slice(2), {
  stdout: (l) => console.log(l),
  stderr: (l) => console.error(l),
  env: process.env,
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`receiver-test: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
