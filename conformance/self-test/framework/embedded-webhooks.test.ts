// The embedded run's webhook side: a mock receiver in the suite's process, the child started with the short retry
// delays and scheduler period that the target's `webhooks` section then declares, everything stopped at the end.
// A stub server stands in for scripts/reference.ts and reports the environment it got.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveTarget } from '../../src/cli/resolve-target';
import {
  EMBEDDED_RETRY_DELAYS_SECONDS,
  EMBEDDED_TIMEOUT_SECONDS,
  parseTarget,
  startEmbeddedReceiver,
} from '../../src/targets';
import { targetFile, tempDir } from './helpers';

const STUB = `
const http = require('node:http');
const fs = require('node:fs');
fs.writeFileSync(process.env.STUB_ENV, JSON.stringify({ delays: process.env.WEBHOOK_RETRY_DELAYS, timeout: process.env.WEBHOOK_TIMEOUT_MS, scheduler: process.env.WEBHOOK_SCHEDULER_INTERVAL_MS }));
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"data":[]}'); });
server.listen(Number(process.env.PORT), process.env.HOST, () => console.log('listening on http://' + process.env.HOST + ':' + process.env.PORT));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

describe('embedded run: webhook receiver', () => {
  const dir = tempDir();
  const stub = join(dir, 'stub-reference.js');
  const fixture = join(dir, 'reference-target.json');
  writeFileSync(stub, STUB);
  writeFileSync(fixture, JSON.stringify(targetFile('http://127.0.0.1:3000/api/public/v1')));

  it('starts a mock receiver, gives the server short retry delays and a short call timeout and declares them in the webhooks section; stop() stops both', async () => {
    const envFile = join(dir, 'env.json');
    const resolved = await resolveTarget(
      {},
      {
        root: dir,
        command: process.execPath,
        args: [stub],
        fixture,
        startTimeoutMs: 20_000,
        env: { STUB_ENV: envFile },
      },
    );
    try {
      const hooks = resolved.target.webhooks;
      expect(hooks).toMatchObject({
        retryDelaysSeconds: [...EMBEDDED_RETRY_DELAYS_SECONDS],
        timeoutSeconds: EMBEDDED_TIMEOUT_SECONDS,
        schedulerIntervalSeconds: 2,
      });
      expect(hooks?.receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
      expect(JSON.parse(readFileSync(envFile, 'utf8'))).toEqual({
        delays: EMBEDDED_RETRY_DELAYS_SECONDS.join(','),
        timeout: String(EMBEDDED_TIMEOUT_SECONDS * 1000),
        scheduler: '2000',
      });
      const health = await fetch(`${hooks?.receiverAdminUrl}/health`);
      expect(health.status).toBe(200);
    } finally {
      await resolved.stop?.();
      await resolved.stop?.();
    }
    await expect(fetch(`${resolved.target.webhooks?.receiverAdminUrl}/health`)).rejects.toThrow();
  });

  it('without a receiver (webhooks: false) the target has no webhooks section', async () => {
    const resolved = await resolveTarget(
      {},
      {
        root: dir,
        command: process.execPath,
        args: [stub],
        fixture,
        startTimeoutMs: 20_000,
        env: { STUB_ENV: join(dir, 'env2.json') },
        webhooks: false,
      },
    );
    try {
      expect(resolved.target.webhooks).toBeUndefined();
    } finally {
      await resolved.stop?.();
    }
  });

  it("an operator's own WEBHOOK_RETRY_DELAYS, timeout and scheduler period are kept and declared", async () => {
    const receiver = await startEmbeddedReceiver({
      env: { WEBHOOK_RETRY_DELAYS: '900,3600', WEBHOOK_TIMEOUT_MS: '10000', WEBHOOK_SCHEDULER_INTERVAL_MS: '60000' },
    });
    try {
      expect(receiver.webhooks).toMatchObject({
        retryDelaysSeconds: [900, 3600],
        timeoutSeconds: 10,
        schedulerIntervalSeconds: 60,
      });
      expect(receiver.env).toEqual({
        WEBHOOK_RETRY_DELAYS: '900,3600',
        WEBHOOK_TIMEOUT_MS: '10000',
        WEBHOOK_SCHEDULER_INTERVAL_MS: '60000',
      });
    } finally {
      await receiver.stop();
    }
  });

  it('target files may declare webhooks.timeoutSeconds (a positive number)', () => {
    const base = { baseUrl: 'http://x/api', keys: { enterpriseLive: 'svc_live_k' } };
    const hooks = { receiverUrl: 'http://r/hooks', receiverAdminUrl: 'http://r/_receiver', secret: 's' };
    expect(
      parseTarget({ ...base, webhooks: { ...hooks, timeoutSeconds: 3 } }, 't').target.webhooks?.timeoutSeconds,
    ).toBe(3);
    expect(() => parseTarget({ ...base, webhooks: { ...hooks, timeoutSeconds: 0 } }, 't')).toThrow(
      /timeoutSeconds must be a positive number/,
    );
  });

  it('target files may declare webhooks.schedulerIntervalSeconds (a positive number)', () => {
    const base = { baseUrl: 'http://x/api', keys: { enterpriseLive: 'svc_live_k' } };
    const hooks = { receiverUrl: 'http://r/hooks', receiverAdminUrl: 'http://r/_receiver', secret: 's' };
    expect(
      parseTarget({ ...base, webhooks: { ...hooks, schedulerIntervalSeconds: 5 } }, 't').target.webhooks
        ?.schedulerIntervalSeconds,
    ).toBe(5);
    expect(() => parseTarget({ ...base, webhooks: { ...hooks, schedulerIntervalSeconds: 0 } }, 't')).toThrow(
      /schedulerIntervalSeconds must be a positive number/,
    );
  });
});
