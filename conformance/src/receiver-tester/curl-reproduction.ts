import type { OutgoingRequest } from './send-delivery';

/** Single-quoted for POSIX shells: the body travels byte for byte, newlines and all. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command that sends exactly what the tester sent. It carries the signature header (a MAC, not the
 * secret), never the secret itself.
 */
export function curlCommand(request: OutgoingRequest, timeoutMs: number): string {
  const parts = [
    'curl',
    '-sS',
    '-i',
    '--max-time',
    String(Math.max(1, Math.ceil(timeoutMs / 1000))),
    '-X',
    'POST',
    shellQuote(request.url),
  ];
  for (const [name, value] of Object.entries(request.headers)) {
    // curl sends `Name;` as a header with an empty value (`Name:` would remove the header).
    parts.push('-H', shellQuote(value === '' ? `${name};` : `${name}: ${value}`));
  }
  parts.push('--data-binary', shellQuote(request.body));
  return parts.join(' ');
}

export function curlReproduction(requests: readonly OutgoingRequest[], timeoutMs: number): string {
  return requests.map((r) => curlCommand(r, timeoutMs)).join('\n');
}
