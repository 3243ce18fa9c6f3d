// Where the contract lives and how it is written: one JSON file in fixtures/pacts/, normalized (interactions sorted
// by description, stable key order, two-space indent) and replaced only when its content changes, so re-running
// the consumer test leaves a committed pact untouched unless an interaction changed.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CONSUMER = 'portfolio-conformance-client';
export const PROVIDER = 'property-portfolio-reference-server';
export const PACTS_DIR = join(__dirname, '..', '..', 'fixtures', 'pacts');
export const PACT_FILE = join(PACTS_DIR, `${CONSUMER}-${PROVIDER}.json`);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Object keys sorted recursively: the same contract always serializes to the same bytes. */
function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

export function normalizePact(raw: string): string {
  const pact = JSON.parse(raw) as { interactions?: Array<{ description?: string }> } & Record<string, Json>;
  const interactions = [...(pact.interactions ?? [])].sort((a, b) =>
    String(a.description).localeCompare(String(b.description)),
  );
  return `${JSON.stringify(sortKeys({ ...pact, interactions }), null, 2)}\n`;
}

/** Writes the normalized pact when it differs from the committed one; returns whether the file changed. */
export function publishPact(generatedFile: string, target = PACT_FILE): boolean {
  const next = normalizePact(readFileSync(generatedFile, 'utf8'));
  if (existsSync(target) && readFileSync(target, 'utf8') === next) return false;
  // Atomic replace: the provider verification may be reading the file in another jest worker.
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, next);
  renameSync(temporary, target);
  return true;
}
