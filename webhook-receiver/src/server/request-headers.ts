import type { IncomingMessage } from 'node:http';

/** Headers as a flat record (lowercase names, repeated values joined), which is how attempts are stored. */
export function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** One header by name, undefined when absent. Node joins repeated headers with ", ", which then fails strict checks. */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : value;
}
