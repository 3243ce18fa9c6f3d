// API key format, generation and hashing. Keys are high-entropy random strings, so a plain SHA-256 is the
// right lookup hash (a slow KDF buys nothing against 190 bits of entropy and would cost every request).
import { createHash, randomBytes } from 'node:crypto';
import type { KeyMode } from './account-types';

export const KEY_PREFIX: Record<KeyMode, string> = { live: 'svc_live_', sandbox: 'svc_sandbox_' };
const KEY_PATTERN = /^svc_(live|sandbox)_[A-Za-z0-9]{16,128}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** The mode a well-formed key claims by its prefix, or null when the key is malformed. */
export function keyModeOf(key: string): KeyMode | null {
  const match = KEY_PATTERN.exec(key);
  return match ? (match[1] as KeyMode) : null;
}

export function generateKey(mode: KeyMode): string {
  const bytes = randomBytes(32);
  let body = '';
  for (const byte of bytes) body += ALPHABET[byte % ALPHABET.length];
  return KEY_PREFIX[mode] + body;
}

/** Masks a key for display: its prefix and last four characters. */
export const maskKey = (key: string): string => {
  const mode = keyModeOf(key);
  return mode ? `${KEY_PREFIX[mode]}****${key.slice(-4)}` : '****';
};

export type Presented = { readonly key: string } | { readonly problem: 'missing' | 'not-bearer' };

/** Authorization: Bearer takes precedence; x-api-key is the alternative header. */
export function presentedKey(headers: Readonly<Record<string, string | string[] | undefined>>): Presented {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.length > 0) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    return match ? { key: match[1] } : { problem: 'not-bearer' };
  }
  const apiKey = headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.trim().length > 0) return { key: apiKey.trim() };
  return { problem: 'missing' };
}
