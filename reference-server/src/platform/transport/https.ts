// Authentication rule 7: in production plain HTTP is refused. TLS terminated by a proxy counts only when the
// peer is a configured trusted proxy; anyone else could forge X-Forwarded-Proto.
import { isIP } from 'node:net';
import type { Request } from '@hapi/hapi';

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

const normalise = (ip: string): string => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** Matches an address against exact IPs and IPv4 CIDR ranges. */
export function isTrustedPeer(address: string, trusted: readonly string[]): boolean {
  const ip = normalise(address);
  return trusted.some((entry) => {
    const [base, bits] = entry.split('/');
    if (bits === undefined) return normalise(base) === ip;
    if (isIP(ip) !== 4 || isIP(base) !== 4) return false;
    const prefix = Number(bits);
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    return (ipv4ToInt(ip) & mask) === (ipv4ToInt(base) & mask);
  });
}

export function isEncrypted(request: Request, trustedProxies: readonly string[]): boolean {
  if (request.server.info.protocol === 'https') return true;
  const forwarded = request.headers['x-forwarded-proto'];
  if (typeof forwarded !== 'string') return false;
  const first = forwarded.split(',')[0].trim().toLowerCase();
  return first === 'https' && isTrustedPeer(request.info.remoteAddress, trustedProxies);
}
