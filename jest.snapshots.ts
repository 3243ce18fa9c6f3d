// A folder for the run's database snapshots (PPAPI_TEST_SNAPSHOTS): the reference servers the tests start, in
// process or as child processes, write the embedded database there once migrated and seeded, and later ones of the
// same fixture date load it instead of migrating and seeding again (PGLITE_SNAPSHOT). One folder per jest run, set
// before the workers start (they inherit it) and removed when jest exits, so no snapshot outlives the code it was
// made by. On PostgreSQL the run's template databases are named after it, and dropped by the global teardown
// (reference-server/test/helpers/run-templates.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function makeSnapshotFolder(): void {
  const dir = mkdtempSync(join(tmpdir(), 'ppapi-snapshots-'));
  process.env.PPAPI_TEST_SNAPSHOTS = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
