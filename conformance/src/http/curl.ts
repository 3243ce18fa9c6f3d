// Renders a recorded exchange as a curl command someone who was not there can paste into bash.

import type { RecordedExchange, RecordedPart } from '../model';
import { NO_MASKING, SecretMasker, type Masker } from './mask';

export interface CurlOptions {
  /** Print keys and tokens in full (--show-secrets). Default false: masked. */
  readonly showSecrets?: boolean;
  /** Secrets to mask besides anything shaped like an API key (dashboard token, webhook secret, …). */
  readonly secrets?: Iterable<string>;
}

/** POSIX single-quoting: safe for any byte sequence bash accepts. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function partArgs(part: RecordedPart): string[] {
  if (part.filename === undefined) return ['--form-string', shellQuote(`${part.name}=${part.value ?? ''}`)];
  // Process substitution feeds the same bytes (small files) or a file of the same size (large ones) to -F.
  const source =
    part.base64 !== undefined
      ? `<(printf %s ${shellQuote(part.base64)} | base64 -d)`
      : `<(head -c ${part.size ?? 0} /dev/zero)`;
  const attrs = `;filename=${part.filename}${part.contentType ? `;type=${part.contentType}` : ''}`;
  return ['-F', `${shellQuote(`${part.name}=@`)}${source}${shellQuote(attrs)}`];
}

export function toCurl(exchange: RecordedExchange, options: CurlOptions = {}): string {
  const masker: Masker = options.showSecrets ? NO_MASKING : new SecretMasker(options.secrets ?? []);
  const { method, url, headers, body, multipart } = exchange.request;
  const upper = method.toUpperCase();
  const args: string[] = ['curl', '-sS', '-i'];
  if (upper === 'HEAD') args.push('-I');
  else if (upper !== 'GET' || body !== undefined) args.push('-X', upper);
  args.push(shellQuote(url));
  for (const [name, value] of Object.entries(headers)) {
    // curl writes its own multipart boundary; copying ours would corrupt the body.
    if (multipart && name.toLowerCase() === 'content-type') continue;
    args.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (multipart) for (const part of multipart) args.push(...partArgs(part));
  else if (body !== undefined) args.push('--data-raw', shellQuote(body));
  return masker.mask(args.join(' '));
}
