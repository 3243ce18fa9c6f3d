// The run's template databases on PostgreSQL (./snapshots.ts): named with a prefix of the jest run's snapshot folder
// (jest.snapshots.ts), so another run's are left alone, and dropped by jest's global teardown (the default export).
// Loaded by jest itself, outside the test environment: nothing here may import the server's code.
import { createHash } from 'node:crypto';
import { dropDatabases } from './fresh-postgres';

export function runTemplatePrefix(runFolder: string): string {
  return `tpl_${createHash('sha1').update(runFolder).digest('hex').slice(0, 8)}_`;
}

export default async function dropRunTemplates(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  const runFolder = process.env.PPAPI_TEST_SNAPSHOTS;
  if (baseUrl && runFolder) await dropDatabases(baseUrl, runTemplatePrefix(runFolder));
}
