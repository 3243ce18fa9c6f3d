// What a test server's database starts as, made once per jest run (jest.snapshots.ts) and copied: on PGlite a
// snapshot file (PGLITE_SNAPSHOT), on PostgreSQL a template database. Each is of one seed: the portfolio of the
// system clock's day, or of a manual clock's instant (its landlords and keys are created at that instant), or none
// (migrated only).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { seedIfEmpty } from '../../src/fixtures/load';
import { openDatabase } from '../../src/persistence/database';
import { migrateLatest } from '../../src/persistence/migrations';
import { systemClock, utcDate, type Clock } from '../../src/platform/clock';
import type { TemplateDatabase } from './fresh-postgres';
import { runTemplatePrefix } from './run-templates';

export interface Seed {
  readonly seed?: boolean;
  readonly clock?: Clock;
}

const runFolder = (): string | undefined => process.env.PPAPI_TEST_SNAPSHOTS;

function key(seed: Seed): string {
  if (seed.seed === false) return 'migrated';
  return `seeded-${seed.clock ? seed.clock.now().toISOString() : utcDate(systemClock)}`;
}

/** The run's PGlite snapshot file for this seed (the first server to start with it writes it). */
export function snapshotFile(seed: Seed): string | undefined {
  const dir = runFolder();
  return dir ? join(dir, `server-${key(seed).replace(/:/g, '-')}.tar`) : undefined;
}

/** The run's template database for this seed, made by migrating (and seeding) an empty database. */
export function templateDatabase(seed: Seed): TemplateDatabase | undefined {
  const dir = runFolder();
  if (!dir) return undefined;
  return {
    name: `${runTemplatePrefix(dir)}${createHash('sha1').update(key(seed)).digest('hex').slice(0, 12)}`,
    make: async (url) => {
      const database = await openDatabase({ databaseUrl: url });
      try {
        await database.withoutTimeouts(migrateLatest);
        if (seed.seed !== false) await seedIfEmpty(database.knex, seed.clock ?? systemClock);
      } finally {
        await database.close();
      }
    },
  };
}
