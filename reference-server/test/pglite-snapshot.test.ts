// PGLITE_SNAPSHOT: the first start on the embedded in-memory database writes the file once migrated and seeded; a
// later start loads it (the same portfolio, nothing seeded again) and never writes it back. Only with PGlite in
// memory: with DATABASE_URL or DATA_DIR the configuration is refused.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { seedIfEmpty } from '../src/fixtures/load';
import { ManualClock } from '../src/platform/clock';
import { loadConfig } from '../src/platform/config';
import { openDeps, type OpenedDeps } from '../src/server/deps';

const clock = new ManualClock(new Date('2026-11-21T10:00:00.000Z'));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ppapi-snapshot-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open = (file: string): Promise<OpenedDeps> =>
  openDeps(loadConfig({ LOG_LEVEL: 'silent', PGLITE_SNAPSHOT: file }), pino({ level: 'silent' }), { clock });

const landlords = async (deps: OpenedDeps): Promise<string[]> =>
  ((await deps.knex('landlords').select('id').orderBy('id')) as Array<{ id: string }>).map((r) => r.id);

it('refuses PGLITE_SNAPSHOT beside DATABASE_URL or DATA_DIR: a snapshot is of the in-memory database', () => {
  for (const other of [{ DATABASE_URL: 'postgres://localhost/x' }, { DATA_DIR: '/tmp/data' }])
    expect(() => loadConfig({ PGLITE_SNAPSHOT: '/tmp/s.tar', ...other })).toThrow(
      new RegExp(`PGLITE_SNAPSHOT.*${Object.keys(other)[0]}`),
    );
});

it('the first start writes the snapshot once seeded; a later one starts from it and leaves it as it was', async () => {
  const file = join(dir, 'seeded.tar');
  const first = await open(file);
  let seeded: string[];
  try {
    expect(await seedIfEmpty(first.knex, first.clock)).not.toBeNull();
    seeded = await landlords(first);
    await first.keepSnapshot();
  } finally {
    await first.close();
  }
  const written = await readFile(file);

  const second = await open(file);
  try {
    expect(await landlords(second)).toEqual(seeded);
    expect(seeded.length).toBeGreaterThan(0);
    expect(await seedIfEmpty(second.knex, second.clock)).toBeNull();
    await second.knex('landlords').where({ id: seeded[0] }).update({ name: 'Changed after the snapshot' });
    await second.keepSnapshot();
  } finally {
    await second.close();
  }
  expect((await readFile(file)).equals(written)).toBe(true);
}, 180_000);
