// The tolerance table of docs/conformance-tolerances.md and the choices the self-test deployments make are the same
// list: a row without a deployment making its choice is a promise nothing proves, a choice without a row is a
// leniency nobody documented.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOLERANCES } from './other-choices';
import { WEBHOOK_CHOICES } from './webhook-choices';

const DOC = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'conformance-tolerances.md'), 'utf8');

/** The ids of the table rows (`| \`id\` | …`) of the part of the document before the first `## ` heading, or of the section so headed. */
function rowsOf(section?: string): string[] {
  const parts = DOC.split(/^## /m);
  const part = section === undefined ? parts[0] : parts.find((p) => p.startsWith(`${section}\n`));
  if (part === undefined) throw new Error(`docs/conformance-tolerances.md has no section "${section ?? ''}"`);
  return [...part.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1] ?? '');
}

describe('docs/conformance-tolerances.md', () => {
  it('has one row per choice of the API deployment, and no other', () => {
    expect(rowsOf().sort()).toEqual(TOLERANCES.map((t) => t.id).sort());
  });

  it('has one row per choice of the webhook sender, and no other', () => {
    expect(rowsOf('Webhook deliveries').sort()).toEqual(WEBHOOK_CHOICES.map((c) => c.id).sort());
  });
});
