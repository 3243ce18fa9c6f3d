// A snapshot file of the embedded in-memory database as a start left it (migrated, and seeded with the fixture
// portfolio): a later start loads it instead of creating the database, migrating it and seeding it again, which
// costs PGlite about four times as much CPU (12 s against 3.5 s on a loaded 2-core machine).
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Database } from './database';

/** The snapshot's bytes, or undefined when there is no such file yet. */
export async function readSnapshot(path: string): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(path)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes the snapshot whole or not at all: processes starting together may each write it, the last rename wins. */
export async function writeSnapshot(database: Database, path: string): Promise<void> {
  if (!database.dump) throw new Error('a snapshot is of the embedded database (PGlite) only');
  const partial = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(partial, new Uint8Array(await (await database.dump()).arrayBuffer()));
    await rename(partial, path);
  } finally {
    await rm(partial, { force: true });
  }
}
