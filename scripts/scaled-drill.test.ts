// The scaled drill starts what the compose file's scaled profile starts and aims HAProxy's configuration at it: the
// reading of both files, which a drill run relies on, held here without starting anything.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { composeDefaults, haproxyConfig, scaledTopology } from './scaled-drill';

const ROOT = path.resolve(__dirname, '..');
const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
const haproxy = readFileSync(path.join(ROOT, 'deploy/haproxy/haproxy.cfg'), 'utf8');

describe('scaled drill', () => {
  it("reads the profile's servers and workers, with the anchors' environment merged in", () => {
    const topology = scaledTopology(compose);
    expect(topology.servers.map(([name]) => name)).toEqual(['reference-1', 'reference-2', 'reference-3']);
    expect(topology.workers.map(([name]) => name)).toEqual(['worker-1', 'worker-2']);
    for (const [, worker] of topology.workers) expect(worker.environment?.WEBHOOK_RETRY_DELAYS).toBe('2,4');
    expect(new Map(topology.published).get('8080')).toBe('balancer');
  });

  it('takes the compose default of ${NAME:-default}', () => {
    expect(composeDefaults('http://x/${ADMIN_TOKEN:-tok}/${B:-}')).toBe('http://x/tok/');
  });

  it("aims HAProxy's bind and every server line at this run's ports, and refuses a server it does not run", () => {
    const ports = new Map([
      ['reference-1', 5001],
      ['reference-2', 5002],
      ['reference-3', 5003],
    ]);
    const cfg = haproxyConfig(haproxy, 6000, ports);
    expect(cfg).toMatch(/^\s*bind 127\.0\.0\.1:6000$/m);
    expect([...cfg.matchAll(/^\s*server (\S+) (\S+)/gm)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      'reference-1 127.0.0.1:5001',
      'reference-2 127.0.0.1:5002',
      'reference-3 127.0.0.1:5003',
    ]);
    expect(() => haproxyConfig(haproxy, 6000, new Map([['reference-1', 5001]]))).toThrow(/reference-2/);
  });
});
