// npm run receiver-test -- --url URL --secret SECRET [--report FORMAT:PATH]... [--seed N] [--timeout-ms 10000]
// Sends signed, forged, malformed, duplicate and test deliveries to an integrator's receiver (see webhook-receiver/README.md).
import { receiverTestCli } from '@ppapi/webhook-receiver';
import { writeReports } from '../src/reporters';

receiverTestCli(process.argv.slice(2), { stdout: (l) => console.log(l), stderr: (l) => console.error(l), env: process.env, writeReports }).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`receiver-test: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
