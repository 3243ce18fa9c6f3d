// Document download links: `<kind>.<documentId>.<landlordId>.<expires>.<signature>`, where the signature is the
// HMAC-SHA256 (base64url) of the first four fields with the URL-signing secret. A link is valid for one hour.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../../platform/config';

export type DocumentKind = 'property' | 'contract';
export const DOWNLOAD_TTL_SECONDS = 3600;

export interface DownloadClaims {
  readonly kind: DocumentKind;
  readonly documentId: string;
  readonly landlordId: string;
  /** Unix seconds; the link is valid up to and including this second. */
  readonly expires: number;
}

/** URL_SIGNING_SECRET, or when it is unset the secret the database keeps (openDeps puts it in the configuration). */
export function signingSecretOf(config: Pick<ServerConfig, 'urlSigningSecret'>): Buffer {
  if (!config.urlSigningSecret) throw new Error('no URL signing secret: openDeps reads the one the database keeps');
  return Buffer.from(config.urlSigningSecret, 'utf8');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: Buffer, body: string): Buffer =>
  createHmac('sha256', secret).update(`download-v1.${body}`).digest();

export function signDownload(secret: Buffer, claims: DownloadClaims): string {
  const body = `${claims.kind}.${claims.documentId}.${claims.landlordId}.${claims.expires}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export type Verified =
  | { readonly ok: true; readonly claims: DownloadClaims }
  | { readonly ok: false; readonly reason: 'invalid' | 'expired' };

export function verifyDownload(secret: Buffer, token: string, nowMs: number): Verified {
  const parts = token.split('.');
  if (parts.length !== 5) return { ok: false, reason: 'invalid' };
  const [kind, documentId, landlordId, expires, signature] = parts as [string, string, string, string, string];
  if (
    (kind !== 'property' && kind !== 'contract') ||
    !UUID.test(documentId) ||
    !UUID.test(landlordId) ||
    !/^\d{1,12}$/.test(expires)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  // Compared as text: decoding base64url first would accept variants that differ only in ignored bits.
  const expected = Buffer.from(mac(secret, `${kind}.${documentId}.${landlordId}.${expires}`).toString('base64url'));
  const given = Buffer.from(signature);
  // The signature is checked before the expiry, so an expired answer is only ever given for a genuine link.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (Math.floor(nowMs / 1000) > Number(expires)) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { kind, documentId, landlordId, expires: Number(expires) } };
}
