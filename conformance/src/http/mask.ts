// Keys never appear in reports in full unless --show-secrets: prefix plus last four, like dashboards show them.

const API_KEY_PATTERN = /\bsvc_(live|sandbox)_[A-Za-z0-9_-]+/g;

/** `svc_live_abcdef123456` → `svc_live_****3456`; other secrets → `****3456` (or `****` when short). */
export function maskSecret(secret: string): string {
  const prefix = /^svc_(live|sandbox)_/.exec(secret)?.[0] ?? '';
  const rest = secret.slice(prefix.length);
  const last4 = rest.length > 8 ? rest.slice(-4) : '';
  return `${prefix}****${last4}`;
}

export class SecretMasker {
  private readonly secrets: string[];

  constructor(secrets: Iterable<string>) {
    // Longest first so a secret that contains another is replaced whole.
    this.secrets = [...new Set(secrets)].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  }

  /** Replaces known secrets and anything shaped like an API key (e.g. a key the dashboard just created). */
  mask(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join(maskSecret(secret));
    return out.replace(API_KEY_PATTERN, (key) => (key.includes('****') ? key : maskSecret(key)));
  }
}

/** A masker that leaves everything as it is (--show-secrets). */
export const NO_MASKING = { mask: (text: string): string => text };

export type Masker = Pick<SecretMasker, 'mask'>;
