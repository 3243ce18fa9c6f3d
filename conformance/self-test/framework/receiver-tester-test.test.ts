// The receiver checks' runner and the receiver-test command, against the mock receiver (and one faulty receiver for
// what a failure carries). Each check's own faults run in the self-test shards (support/receiver-tester-suite.ts).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { eventCatalogue, type CheckResult } from '@ppapi/spec';
import { startReceiver, type RunningReceiver } from '@ppapi/webhook-receiver';
import {
  malformedSignatureShapes,
  ReceiverUnreachableError,
  runReceiverChecks,
  type ReceiverTestOptions,
} from '../../src/receiver-tester';
import { receiverTestCli } from '../../src/cli/receiver-test';
import { camel } from '../../src/receiver-tester/ids';
import { RECEIVER_CHECKS } from '../../src/registry';
import { startFaultyReceiver } from '../support/faulty-receivers';

const SECRET = 'whsec_tester_test';
const SEED = 20250304;
// Generous: jest workers and spawned processes share the CPU.
const TIMEOUT_MS = 5000;
/** One "now" for runs whose bytes are compared (created_at is relative to the run's start). */
const NOW = new Date('2026-03-04T09:00:00.000Z');
const now = (): Date => NOW;

const failedIds = (results: readonly CheckResult[]): string[] =>
  results
    .filter((r) => r.status === 'failed')
    .map((r) => r.id)
    .sort();
const run = (options: Omit<ReceiverTestOptions, 'checks'>) =>
  runReceiverChecks({ ...options, checks: RECEIVER_CHECKS });

describe('against the mock receiver', () => {
  let receiver: RunningReceiver;
  let results: CheckResult[];

  beforeAll(async () => {
    receiver = await startReceiver({ secret: SECRET });
    results = (await run({ url: `${receiver.url}/webhooks`, secret: SECRET, seed: SEED, timeoutMs: TIMEOUT_MS, now }))
      .results;
  });
  afterAll(() => receiver.close());

  test('every check passes', () => {
    expect(failedIds(results)).toEqual([]);
    expect(results.every((r) => r.status === 'passed')).toBe(true);
  });

  test('sends a signed delivery of every event type', () => {
    const perEvent = results.filter((r) => r.id.startsWith('receiver.acceptsEvent.'));
    expect(perEvent.map((r) => r.id.slice('receiver.acceptsEvent.'.length)).sort()).toEqual(
      eventCatalogue.map((e) => e.event).sort(),
    );
    expect(new Set(receiver.store.deliveries({ verified: true }).map((d) => d.event))).toEqual(
      new Set(eventCatalogue.map((e) => e.event)),
    );
  });

  test('covers forged, malformed, changed, re-serialised, duplicate, retry and test deliveries', () => {
    const ids = results.map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'receiver.rejectsForgedSignature',
        ...malformedSignatureShapes.map((s) => `receiver.rejectsMalformedSignature.${camel(s.name)}`),
        'receiver.rejectsChangedBody',
        'receiver.rejectsReserialisedBody.whitespace',
        'receiver.acceptsDuplicate',
        'receiver.acceptsRetry',
        'receiver.acceptsTestDelivery',
      ]),
    );
    expect(receiver.store.deliveries().filter((d) => d.test)).toHaveLength(1);
    expect(receiver.store.deliveries().filter((d) => d.duplicate).length).toBeGreaterThanOrEqual(3);
  });

  test('every result names spec rules and carries a curl reproduction without the secret', () => {
    for (const r of results) {
      expect(r.rules.length).toBeGreaterThan(0);
      expect(r.rules.every((rule) => /^EVT-(VERIFY|DELIVERY|REQ|ENV|CAT)-/.test(rule))).toBe(true);
      expect(r.reproduction).toMatch(/^curl /);
      expect(r.reproduction).not.toContain(SECRET);
      expect(r.seed).toBe(SEED);
    }
    expect(results.find((r) => r.id === 'receiver.acceptsEvent.rent.overdue')?.rules).toContain('EVT-CAT-rent.overdue');
  });

  test('the same seed sends the same deliveries', async () => {
    const again = await startReceiver({ secret: SECRET });
    try {
      await run({ url: again.url, secret: SECRET, seed: SEED, timeoutMs: 5000, now });
      const bodies = (r: RunningReceiver): string[] =>
        r.store
          .deliveries()
          .map((d) => d.rawBody)
          .sort();
      expect(bodies(again)).toEqual(bodies(receiver));
    } finally {
      await again.close();
    }
  });
});

describe('against a faulty receiver', () => {
  test('a failed check carries the exchanges and a reproduction for each request', async () => {
    const faulty = await startFaultyReceiver('rejects-duplicates-with-409', SECRET);
    const results = await run({ url: faulty.url, secret: SECRET, seed: SEED, timeoutMs: TIMEOUT_MS, concurrency: 16 })
      .then((r) => r.results)
      .finally(() => faulty.close());
    const duplicate = results.find((r) => r.id === 'receiver.acceptsDuplicate');
    expect(duplicate?.exchanges).toHaveLength(2);
    expect(duplicate?.exchanges?.[1]?.response?.status).toBe(409);
    const commands = duplicate?.reproduction?.split('\n') ?? [];
    expect(commands).toHaveLength(2);
    expect(commands[0]).toBe(commands[1]);
    expect(commands[0]).toContain("-H 'X-Service-Signature-256: sha256=");
    expect(commands[0]).toContain('--data-binary');
  });
});

describe('runReceiverTest', () => {
  test('throws ReceiverUnreachableError when nothing listens at the URL', async () => {
    const r = await startReceiver({ secret: SECRET });
    const url = r.url;
    await r.close();
    await expect(run({ url, secret: SECRET, timeoutMs: 500 })).rejects.toBeInstanceOf(ReceiverUnreachableError);
  });

  test('--only runs just the matching checks (case-insensitive, as the conformance run)', async () => {
    const r = await startReceiver({ secret: SECRET });
    try {
      const { results } = await run({ url: r.url, secret: SECRET, seed: SEED, only: 'RECEIVER.rejectsmalformed*' });
      expect(results.map((x) => x.id)).toEqual(
        malformedSignatureShapes.map((s) => `receiver.rejectsMalformedSignature.${camel(s.name)}`),
      );
      expect(r.store.deliveries()).toHaveLength(malformedSignatureShapes.length);
    } finally {
      await r.close();
    }
  });

  test('--only matches rule ids too', async () => {
    const r = await startReceiver({ secret: SECRET });
    try {
      const { results } = await run({ url: r.url, secret: SECRET, seed: SEED, only: 'EVT-CAT-meter*' });
      expect(results.map((x) => x.id)).toEqual([
        'receiver.acceptsEvent.meter.registered',
        'receiver.acceptsEvent.meter.updated',
        'receiver.acceptsEvent.meter.removed',
        'receiver.acceptsEvent.meter_reading.recorded',
      ]);
    } finally {
      await r.close();
    }
  });
});

describe('receiver-test command', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l), env: {} } };
  };

  test("exit 0, PASS lines and the suite's summary line against the mock receiver; reports written", async () => {
    const r = await startReceiver({ secret: SECRET });
    const dir = mkdtempSync(join(tmpdir(), 'receiver-test-'));
    try {
      const t = io();
      const code = await receiverTestCli(
        [
          '--url',
          r.url,
          '--secret',
          SECRET,
          '--seed',
          String(SEED),
          '--report',
          `json:${join(dir, 'r.json')}`,
          '--report',
          `junit:${join(dir, 'r.xml')}`,
          '--report',
          `html:${join(dir, 'r.html')}`,
        ],
        t.io,
      );
      expect(code).toBe(0);
      expect(t.out[0]).toBe(`receiver-test ${r.url} seed ${SEED} (replay with --seed ${SEED})`);
      const checkLines = t.out.slice(1).filter((l) => !l.startsWith('report '));
      expect(checkLines.slice(0, -1).every((l) => /^PASS receiver\./.test(l))).toBe(true);
      expect(t.out.at(-1)).toBe(`${RECEIVER_CHECKS.length} passed, 0 failed, 0 skipped`);
      const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as {
        summary: { passed: number; failed: number; skipped: number };
        checks: Array<{ id: string; rules: string[]; status: string }>;
      };
      expect(report.summary).toMatchObject({ passed: RECEIVER_CHECKS.length, failed: 0, skipped: 0 });
      expect(report.checks.map((c) => c.id)).toEqual(RECEIVER_CHECKS.map((c) => c.id));
      expect(report.checks.find((c) => c.id === 'receiver.acceptsEvent.rent.overdue')).toMatchObject({
        status: 'passed',
        rules: expect.arrayContaining(['EVT-CAT-rent.overdue']),
      });
      expect(readFileSync(join(dir, 'r.xml'), 'utf8')).toContain('<testsuite');
      expect(readFileSync(join(dir, 'r.html'), 'utf8')).toContain('receiver.acceptsDuplicate');
      expect(t.err).toEqual([]);
    } finally {
      await r.close();
    }
  });

  test('a SHOULD broken (a duplicate answered 409) is a warning and exit 0; --strict makes it a failure, exit 1', async () => {
    const faulty = await startFaultyReceiver('rejects-duplicates-with-409', SECRET);
    try {
      const t = io();
      expect(await receiverTestCli(['--url', faulty.url, '--secret', SECRET, '--seed', String(SEED)], t.io)).toBe(0);
      expect(t.out).toContainEqual(
        expect.stringMatching(
          /^WARN receiver\.acceptsDuplicate \[[^\]]*EVT-DELIVERY-5[^\]]*\] SHOULD expected 2xx within 10000 ms to the same delivery again \(a duplicate\); got 409/,
        ),
      );
      expect(t.out.at(-1)).toMatch(/^\d+ passed, 0 failed, 0 skipped, \d+ warnings$/);

      const strict = io();
      const argv = ['--url', faulty.url, '--secret', SECRET, '--seed', String(SEED), '--strict'];
      expect(await receiverTestCli(argv, strict.io)).toBe(1);
      expect(strict.out).toContainEqual(expect.stringMatching(/^FAIL receiver\.acceptsDuplicate /));
      expect(strict.out.at(-1)).toMatch(/^\d+ passed, [1-9]\d* failed, 0 skipped$/);
      expect([...t.out, ...strict.out].join('\n')).not.toContain(SECRET);
    } finally {
      await faulty.close();
    }
  });

  test('a MUST broken (hex compared case-sensitively) fails without --strict: exit 1', async () => {
    const faulty = await startFaultyReceiver('compares-hex-case-sensitively', SECRET);
    try {
      const t = io();
      expect(await receiverTestCli(['--url', faulty.url, '--secret', SECRET, '--seed', String(SEED)], t.io)).toBe(1);
      expect(t.out).toContainEqual(expect.stringMatching(/^FAIL receiver\.acceptsHexInAnyCase\.uppercase \[/));
    } finally {
      await faulty.close();
    }
  });

  test('exit 2 with a one-line reason on a bad option', async () => {
    for (const argv of [
      ['--secret', SECRET],
      ['--url', 'http://127.0.0.1:1'],
      ['--url', 'nope', '--secret', 'x'],
      ['--url', 'http://x', '--secret', 'x', '--report', 'pdf:a'],
      ['--url', 'http://x', '--secret', 'x', '--timeout-ms', 'soon'],
      ['--frobnicate'],
    ]) {
      const t = io();
      expect(await receiverTestCli(argv, t.io)).toBe(2);
      expect(t.err).toHaveLength(1);
      expect(t.err[0]).toMatch(/^receiver-test: /);
    }
  });

  test('exit 2 with a one-line reason when the URL is unreachable', async () => {
    const r = await startReceiver({ secret: SECRET });
    const url = r.url;
    await r.close();
    const t = io();
    expect(await receiverTestCli(['--url', url, '--secret', SECRET], t.io)).toBe(2);
    expect(t.err).toEqual([expect.stringMatching(/^receiver-test: cannot reach .*ECONNREFUSED/)]);
  });

  test('the secret can come from WEBHOOK_SECRET', async () => {
    const r = await startReceiver({ secret: SECRET });
    try {
      const t = io();
      expect(
        await receiverTestCli(['--url', r.url, '--only', 'receiver.rejectsForgedSignature'], {
          ...t.io,
          env: { WEBHOOK_SECRET: SECRET },
        }),
      ).toBe(0);
      expect(t.out).toContain('PASS receiver.rejectsForgedSignature');
    } finally {
      await r.close();
    }
  });
});
