import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

import { startReceiver, type RunningReceiver } from '@ppapi/webhook-receiver';
import { curlCommand, shellQuote } from '../../src/receiver-tester/curl-reproduction';
import { DeliveryFactory } from '../../src/receiver-tester/delivery-factory';
import { prettyJson, withUnicodeText } from '../../src/receiver-tester/json-variants';

const SECRET = 'whsec_curl_test';
// Async: the receiver runs in this process, so a synchronous curl would block the very server it calls.
const bash = async (command: string): Promise<string> =>
  (await promisify(execFile)('bash', ['-c', command], { encoding: 'utf8' })).stdout;
let receiver: RunningReceiver;
const factory = new DeliveryFactory(3, SECRET);

beforeEach(async () => {
  receiver = await startReceiver({ secret: SECRET });
});
afterEach(() => receiver.close());

// Whether curl exists is a property of the machine, not of the code: skip rather than fail without it.
const hasCurl = ((): boolean => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const withCurl = hasCurl ? test : test.skip;

describe('curl reproduction', () => {
  test('single quotes in values are escaped for the shell', () => {
    expect(shellQuote("It's")).toBe(`'It'\\''s'`);
  });

  test('an empty header is written as `Name;` so curl sends it empty', () => {
    expect(curlCommand({ url: 'http://h/', body: '{}', headers: { 'X-Service-Signature-256': '' } }, 10_000)).toContain(
      `-H 'X-Service-Signature-256;'`,
    );
  });

  withCurl('replaying the command sends the exact bytes: a pretty, unicode body still verifies', async () => {
    const envelope = withUnicodeText(factory.envelope('note.created', 'curl'));
    const delivery = factory.signed(envelope, { body: `${prettyJson(envelope)}it's\n` });
    const output = await bash(curlCommand({ url: receiver.url, body: delivery.body, headers: delivery.headers }, 5000));
    expect(output).toMatch(/^HTTP\/1\.1 400/); // verified, then refused as not JSON: the bytes arrived intact
    const [attempt] = receiver.store.deliveries();
    expect(attempt).toMatchObject({ verified: true, rawBody: delivery.body });
  });

  withCurl('replaying a valid delivery is accepted', async () => {
    const delivery = factory.signed(factory.envelope('chat.message_sent', 'curl-ok'));
    const output = await bash(curlCommand({ url: receiver.url, body: delivery.body, headers: delivery.headers }, 5000));
    expect(output).toMatch(/^HTTP\/1\.1 200/);
  });

  withCurl('replaying an empty-header delivery reaches the receiver with the header present and empty', async () => {
    const delivery = factory.signed(factory.anyEnvelope('curl-empty'), { signature: '' });
    await bash(curlCommand({ url: receiver.url, body: delivery.body, headers: delivery.headers }, 5000));
    expect(receiver.store.deliveries()[0]?.headers['x-service-signature-256']).toBe('');
  });
});
