// The target of the reference server's fixture portfolio: fixtures/reference-target.json in a clone; where the
// suite is installed on its own, the same keys and field names from @ppapi/spec (test/fixtures.test.ts and
// self-test/framework/installed.test.ts keep the two equal).

import { existsSync } from 'node:fs';
import { FIXTURE_FIELDS, FIXTURE_KEYS } from '@ppapi/spec';
import { loadTargetFile } from './load';
import { STANDARD_ROLES } from './types';
import { parseTarget, type ParsedTarget } from './validate';

/** The address interfaces.md gives fixtures/reference-target.json: `npm run reference` with its defaults. */
export const FIXTURE_BASE_URL = 'http://127.0.0.1:3000/api/public/v1';

export function fixtureTargetJson(): {
  baseUrl: string;
  keys: Record<string, string>;
  extraKeys: Record<string, string>;
  fields: typeof FIXTURE_FIELDS;
} {
  const standard = new Set<string>(STANDARD_ROLES);
  const entries = Object.entries(FIXTURE_KEYS);
  return {
    baseUrl: FIXTURE_BASE_URL,
    keys: Object.fromEntries(entries.filter(([role]) => standard.has(role))),
    extraKeys: Object.fromEntries(entries.filter(([role]) => !standard.has(role))),
    fields: FIXTURE_FIELDS,
  };
}

/** The fixture target file at `path` when it exists, else the same target built from @ppapi/spec. */
export function loadFixtureTarget(path: string): ParsedTarget {
  if (existsSync(path)) return loadTargetFile(path);
  return parseTarget(fixtureTargetJson(), 'the fixture keys of @ppapi/spec');
}
