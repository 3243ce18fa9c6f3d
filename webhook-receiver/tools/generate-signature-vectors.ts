// Writes spec-data/webhook-signature-vectors.json. Run: npx tsx webhook-receiver/tools/generate-signature-vectors.ts
// Headers are computed here with node:crypto directly (not with our own sign()), so the vectors are an
// independent witness for the verifier; webhook-receiver/test/signature-vectors.test.ts recomputes them.
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { malformedSignatureShapes } from './malformed-signature-shapes';

const hmacHex = (algorithm: 'sha256' | 'sha1', secret: string, body: string): string =>
  createHmac(algorithm, secret).update(body, 'utf8').digest('hex');
const header = (secret: string, body: string): string => `sha256=${hmacHex('sha256', secret, body)}`;

const SECRET = 'whsec_vectors_3f9a2c71d54e8b06';
const envelope = {
  id: 'evt_7c9e6679-7425-40de-944b-e07fc1f90ae7',
  event: 'rent.overdue',
  created_at: '2025-03-04T09:15:00.000Z',
  landlord_id: '0b3e7a52-1c4d-4f8e-9a61-5d2c8e7f4a10',
  data: {
    rent_payment_id: '5f0c2b8e-3a71-4d9c-8e26-1b7a4c9d0e35',
    contract_id: 'a2d4f6b8-0c1e-4a3b-9d5f-7e9a1c3b5d7f',
    property_id: 'c81d4e2e-bcf2-4b6e-9a4f-2d7e1c0b9a38',
    property_name: 'Flat 2, 14 Rue de la Paix',
    amount: 1250.5,
    due_date: '2025-03-01',
    days_overdue: 3,
  },
};
const compact = JSON.stringify(envelope);
const pretty = `${JSON.stringify(envelope, null, 2)}\n`;
const keysReordered = JSON.stringify({
  data: envelope.data,
  landlord_id: envelope.landlord_id,
  created_at: envelope.created_at,
  event: envelope.event,
  id: envelope.id,
});
const testDelivery = JSON.stringify({
  id: 'evt_2f1d7a0c-9b8e-4c6d-a5f4-3e2d1c0b9a87',
  event: 'contact.created',
  created_at: '2025-03-04T10:00:00.000Z',
  landlord_id: envelope.landlord_id,
  data: {
    contact_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Zoë Ångström',
    company: 'Nørre Plumbing ApS',
    email: 'zoe@example.com',
    mobile: '+45 12 34 56 78',
    categories: ['plumber'],
    _test: true,
  },
  _test: true,
});
const unicodeBody = '{"note":"Grüße aus Köln — 東京の物件 🏠","amount":1250.5}';
const unicodeEscaped = JSON.stringify(JSON.parse(unicodeBody)).replace(
  /[\u0080-\uffff]/g,
  (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
);
const oneByteChanged = compact.replace('"amount":1250.5', '"amount":1250.6');

const github = { secret: "It's a Secret to Everybody", body: 'Hello, World!' };
const githubHeader = header(github.secret, github.body);
if (githubHeader !== 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17') {
  throw new Error(`GitHub's published example does not compute: ${githubHeader}`);
}
const mixCase = (h: string): string => h.replace(/[a-f]/g, (c, i: number) => (i % 2 === 0 ? c.toUpperCase() : c));

const positive = [
  {
    name: 'github-docs-example',
    description: "GitHub's published example (docs: validating webhook deliveries)",
    ...github,
    header: githubHeader,
  },
  {
    name: 'uppercase-hex',
    description: 'same as github-docs-example with the hex in uppercase: hex is case-insensitive',
    ...github,
    header: `sha256=${githubHeader.slice(7).toUpperCase()}`,
  },
  {
    name: 'mixed-case-hex',
    description: 'hex digits in mixed case',
    secret: SECRET,
    body: compact,
    header: `sha256=${mixCase(header(SECRET, compact).slice(7))}`,
  },
  {
    name: 'unicode-body',
    description: 'non-ASCII body: the HMAC is over its UTF-8 bytes',
    secret: SECRET,
    body: unicodeBody,
    header: header(SECRET, unicodeBody),
  },
  {
    name: 'envelope-compact-json',
    description: 'a rent.overdue delivery as the service sends it',
    secret: SECRET,
    body: compact,
    header: header(SECRET, compact),
  },
  {
    name: 'envelope-pretty-json',
    description: 'the same delivery pretty-printed with a trailing newline: signed over these exact bytes',
    secret: SECRET,
    body: pretty,
    header: header(SECRET, pretty),
  },
  {
    name: 'test-delivery',
    description: 'a dashboard test delivery (_test: true at top level and in data)',
    secret: SECRET,
    body: testDelivery,
    header: header(SECRET, testDelivery),
  },
];

// Malformed shapes come from tools/malformed-signature-shapes.ts (the conformance suite's receiver checks keep their own list).
const signed = header(SECRET, compact);
const shapeHeader = (name: string): string | null => {
  const shape = malformedSignatureShapes.find((s) => s.name === name);
  if (!shape) throw new Error(`no malformed shape ${name}`);
  return shape.make({ secret: SECRET, body: compact, header: signed });
};

const negative = [
  {
    name: 'wrong-secret',
    description: 'signed with a different secret',
    secret: SECRET,
    body: compact,
    header: header('not-the-signing-secret', compact),
    reason: 'mismatch',
  },
  {
    name: 'body-changed-one-byte',
    description: 'the body was changed by one byte after signing (1250.5 became 1250.6)',
    secret: SECRET,
    body: oneByteChanged,
    header: signed,
    reason: 'mismatch',
  },
  {
    name: 'reserialised-json-whitespace',
    description:
      'same data re-serialised with other whitespace: a verifier that re-parses and re-stringifies would wrongly accept it',
    secret: SECRET,
    body: pretty,
    header: signed,
    reason: 'mismatch',
  },
  {
    name: 'reserialised-json-key-order',
    description: 'same data with the keys in another order',
    secret: SECRET,
    body: keysReordered,
    header: signed,
    reason: 'mismatch',
  },
  {
    name: 'reserialised-json-unicode-escapes',
    description: 'same data with non-ASCII characters written as \\u escapes',
    secret: SECRET,
    body: unicodeEscaped,
    header: header(SECRET, unicodeBody),
    reason: 'mismatch',
  },
  ...malformedSignatureShapes.map((shape) => ({
    name: shape.name,
    description: shape.description,
    secret: SECRET,
    body: compact,
    header: shapeHeader(shape.name),
    reason: shape.reason,
  })),
];

const document = {
  description:
    'Signature test vectors for the Property Portfolio webhooks. A correct verifier accepts every "positive" vector and rejects every "negative" one. body is the exact raw request body (encode it as UTF-8); header is the X-Service-Signature-256 value (null: header absent).',
  scheme:
    'X-Service-Signature-256: "sha256=" + hex(HMAC-SHA256(secret, raw body bytes)); exactly 64 hex characters, case-insensitive; compared in constant time',
  positive,
  negative,
};

const target = join(__dirname, '..', '..', 'spec-data', 'webhook-signature-vectors.json');
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${positive.length} positive and ${negative.length} negative vectors to ${target}`);
