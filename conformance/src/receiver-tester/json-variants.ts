import type { Envelope } from './wire';

// Bodies with the same data as JSON.stringify(envelope) but other bytes. A verifier that re-serialises
// before computing the HMAC treats them as equal; a correct one does not.

export function prettyJson(envelope: Envelope): string {
  return `${JSON.stringify(envelope, null, 2)}\n`;
}

/** Every non-ASCII UTF-16 unit as a \\uXXXX escape (astral characters become escaped surrogate pairs). */
export function unicodeEscapedJson(envelope: Envelope): string {
  return JSON.stringify(envelope).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Top-level keys in reverse order. */
export function keysReversedJson(envelope: Envelope): string {
  return JSON.stringify(Object.fromEntries(Object.entries(envelope).reverse()));
}

/** Guarantees multi-byte UTF-8 in a body whatever the seed drew, so escaping actually changes the bytes. */
export function withUnicodeText(envelope: Envelope): Envelope {
  const drawn = envelope.data.text;
  return {
    ...envelope,
    data: { ...envelope.data, text: `Grüße aus Köln — 東京の物件 🏠 ${typeof drawn === 'string' ? drawn : ''}` },
  };
}

/** One character of the timestamp's milliseconds changed: same length, one byte different. */
export function withOneByteChanged(envelope: Envelope): Envelope {
  const createdAt = envelope.created_at;
  const i = createdAt.length - 2; // the last digit before "Z"
  const digit = createdAt.charAt(i) === '0' ? '1' : '0';
  return { ...envelope, created_at: `${createdAt.slice(0, i)}${digit}${createdAt.slice(i + 1)}` };
}
