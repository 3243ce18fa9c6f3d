// The receiver tester under the suite's contract: correct receivers that differ from the mock pass (exit 0); a
// broken SHOULD is a warning unless --strict; a broken connection or the tester's own crash is `error` and exit 3,
// never a failure; --baseline and --repeat behave as the suite's.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startReceiver } from '@ppapi/webhook-receiver';
import { receiverTestCli, type CliIo } from '../../src/cli/receiver-test';
import { defineReceiverCheck, runReceiverChecks } from '../../src/receiver-tester';
import { RECEIVER_CHECKS } from '../../src/registry';
import {
  startCorrectReceiver,
  startResettingReceiver,
  type CorrectKind,
  type RunningTestReceiver,
} from '../support/correct-receivers';
import { startFaultyReceiver } from '../support/faulty-receivers';

const SECRET = 'whsec_contract_test';
const SEED = 424242;
const EXIT = { ok: 0, failed: 1, errored: 3 } as const;

function capture(extra: Partial<CliIo> = {}): { out: string[]; err: string[]; io: CliIo } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (l) => out.push(l), stderr: (l) => err.push(l), env: {}, ...extra } };
}

async function withReceiver<T>(start: Promise<RunningTestReceiver>, use: (url: string) => Promise<T>): Promise<T> {
  const receiver = await start;
  try {
    return await use(receiver.url);
  } finally {
    await receiver.close();
  }
}

describe('correct receivers that differ from the mock receiver pass', () => {
  const kinds: readonly CorrectKind[] = [
    'answers-202-with-no-body',
    'answers-204',
    'answers-after-a-delay-inside-the-timeout',
    'closes-the-connection-after-every-answer',
    'answers-duplicates-200-already-seen',
  ];
  test.each(kinds)(
    'a receiver that %s: every case passes, exit 0',
    async (kind) => {
      await withReceiver(startCorrectReceiver(kind, SECRET, 300), async (url) => {
        const t = capture();
        const code = await receiverTestCli(
          ['--url', url, '--secret', SECRET, '--seed', String(SEED), '--concurrency', '16', '--strict'],
          t.io,
        );
        expect(t.out.filter((l) => !l.startsWith('PASS ') && !l.startsWith('receiver-test '))).toEqual([
          `${RECEIVER_CHECKS.length} passed, 0 failed, 0 skipped`,
        ]);
        expect(code).toBe(EXIT.ok);
      });
    },
    60_000,
  );
});

describe('levels: a SHOULD broken is a warning unless --strict', () => {
  test('401 answered as 403: warnings and exit 0; with --strict, failures and exit 1', async () => {
    await withReceiver(startCorrectReceiver('refuses-unverifiable-with-403', SECRET), async (url) => {
      const lenient = capture();
      const argv = ['--url', url, '--secret', SECRET, '--seed', String(SEED), '--concurrency', '16'];
      expect(await receiverTestCli(argv, lenient.io)).toBe(EXIT.ok);
      expect(lenient.out).toContainEqual(expect.stringMatching(/^WARN receiver\.rejectsForgedSignature .* SHOULD /));
      expect(lenient.out.filter((l) => l.startsWith('FAIL '))).toEqual([]);

      const strict = capture();
      expect(await receiverTestCli([...argv, '--strict'], strict.io)).toBe(EXIT.failed);
      expect(strict.out).toContainEqual(expect.stringMatching(/^FAIL receiver\.rejectsForgedSignature /));
    });
  }, 60_000);

  test('a forgery answered 2xx breaks the verification paragraph: a failure without --strict', async () => {
    await withReceiver(startFaultyReceiver('accepts-everything', SECRET), async (url) => {
      const t = capture();
      const argv = ['--url', url, '--secret', SECRET, '--seed', String(SEED), '--only', 'receiver.rejects*'];
      expect(await receiverTestCli(argv, t.io)).toBe(EXIT.failed);
      expect(t.out).toContainEqual(expect.stringMatching(/^FAIL receiver\.rejectsForgedSignature \[.*EVT-VERIFY-1/));
      expect(t.out).toContainEqual(expect.stringMatching(/^FAIL receiver\.rejectsMalformedSignature\.truncatedHex /));
    });
  }, 60_000);

  test('no answer within the timeout breaks the 10-second rule (MUST): a failure without --strict', async () => {
    await withReceiver(startCorrectReceiver('answers-after-a-delay-inside-the-timeout', SECRET, 1500), async (url) => {
      const t = capture();
      const argv = ['--url', url, '--secret', SECRET, '--timeout-ms', '300', '--only', 'receiver.acceptsTestDelivery'];
      expect(await receiverTestCli(argv, t.io)).toBe(EXIT.failed);
      expect(t.out).toContainEqual(
        expect.stringMatching(/^FAIL receiver\.acceptsTestDelivery .*got no answer within 300 ms/),
      );
    });
  }, 60_000);
});

describe('a broken network or a crashed tester is never a verdict', () => {
  test('every connection reset: every case is error after its retry, exit 3, nothing failed', async () => {
    await withReceiver(startResettingReceiver(SECRET, 1), async (url) => {
      const t = capture();
      const code = await receiverTestCli(['--url', url, '--secret', SECRET, '--concurrency', '16'], t.io);
      expect(t.out.filter((l) => l.startsWith('FAIL ') || l.startsWith('WARN '))).toEqual([]);
      expect(t.out.filter((l) => l.startsWith('ERROR '))).toHaveLength(RECEIVER_CHECKS.length);
      expect(t.out.at(-1)).toBe(`0 passed, 0 failed, 0 skipped, ${RECEIVER_CHECKS.length} errors`);
      expect(code).toBe(EXIT.errored);
    });
  }, 60_000);

  test('one request in seven reset: exit 0 or 3, never 1, no warning; errored cases were retried', async () => {
    await withReceiver(startResettingReceiver(SECRET, 7), async (url) => {
      const { results } = await runReceiverChecks({
        url,
        secret: SECRET,
        seed: SEED,
        concurrency: 1,
        checks: RECEIVER_CHECKS,
      });
      expect(results.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
      for (const r of results.filter((x) => x.status === 'error')) expect(r.attempts).toBe(2);
      const t = capture();
      expect([EXIT.ok, EXIT.errored]).toContain(await receiverTestCli(['--url', url, '--secret', SECRET], t.io));
    });
  }, 60_000);

  test("the tester's own crash inside a case is error, exit 3", async () => {
    const crashing = defineReceiverCheck({
      id: 'selfTest.receiverTesterCrash',
      title: 'throws',
      group: 'Events > Delivery',
      rules: ['EVT-DELIVERY-5'],
      run() {
        return Promise.reject(new TypeError('Cannot read properties of undefined'));
      },
    });
    const mock = await startReceiver({ secret: SECRET });
    try {
      const t = capture({ checks: [crashing] });
      expect(await receiverTestCli(['--url', mock.url, '--secret', SECRET], t.io)).toBe(EXIT.errored);
      expect(t.out).toContainEqual(expect.stringMatching(/^ERROR selfTest\.receiverTesterCrash .*tester error/));
    } finally {
      await mock.close();
    }
  });
});

describe('--baseline and --repeat, as the suite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'receiver-contract-'));
  const baseline = join(dir, 'baseline.json');
  writeFileSync(
    baseline,
    JSON.stringify({ knownFailing: [{ check: 'receiver.acceptsDuplicate', reason: 'answers 409 to duplicates' }] }),
  );

  test('a listed failure is expected (exit 0); the same entry against a receiver that passes is stale (exit 1)', async () => {
    const argv = (url: string): string[] => [
      ...['--url', url, '--secret', SECRET, '--strict', '--baseline', baseline],
      ...['--only', 'receiver.acceptsDuplicate'],
    ];
    await withReceiver(startFaultyReceiver('rejects-duplicates-with-409', SECRET), async (url) => {
      const t = capture();
      expect(await receiverTestCli(argv(url), t.io)).toBe(EXIT.ok);
      expect(t.out).toContainEqual(expect.stringMatching(/^XFAIL receiver\.acceptsDuplicate /));
    });
    const mock = await startReceiver({ secret: SECRET });
    try {
      const t = capture();
      expect(await receiverTestCli(argv(mock.url), t.io)).toBe(EXIT.failed);
      expect(t.out).toContainEqual(expect.stringMatching(/^FAIL baseline entry receiver\.acceptsDuplicate is stale/));
    } finally {
      await mock.close();
    }
  });

  test('--repeat 2 runs twice and records it in the report', async () => {
    const mock = await startReceiver({ secret: SECRET });
    try {
      const t = capture();
      const report = join(dir, 'repeat.json');
      const argv = ['--url', mock.url, '--secret', SECRET, '--repeat', '2', '--only', 'receiver.rejects*'];
      expect(await receiverTestCli([...argv, '--report', `json:${report}`], t.io)).toBe(EXIT.ok);
      const json = JSON.parse(readFileSync(report, 'utf8')) as { meta?: { repeat?: number; unstable?: unknown[] } };
      expect(json.meta).toMatchObject({ repeat: 2, unstable: [] });
    } finally {
      await mock.close();
    }
  });
});
