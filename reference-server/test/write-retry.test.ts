// A write PostgreSQL rolls back to break a deadlock runs again (runWrite), with the effects of the failed attempt
// dropped: on a real deadlock between two writes (PostgreSQL only: the embedded database has one connection), and
// on the error codes alone.
import pino from 'pino';
import { runWrite, WRITE_ATTEMPTS } from '../src/platform/sandbox/unit-of-work';
import { systemClock } from '../src/platform/clock';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const deps = () => ({ knex: t.deps.knex, clock: systemClock, logger: pino({ level: 'silent' }) });
const LANDLORD = '00000000-0000-4000-8000-000000000001';
const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('runWrite', () => {
  it('runs a write again after a deadlock or serialization failure, and only its committed attempt has effects', async () => {
    for (const code of ['40P01', '40001']) {
      let attempts = 0;
      const effects: number[] = [];
      const result = await runWrite(deps(), LANDLORD, false, async (ctx) => {
        attempts += 1;
        ctx.afterCommit(async () => {
          effects.push(attempts);
        });
        // objection wraps driver errors: the code may sit on nativeError.
        if (attempts === 1) throw Object.assign(new Error('wrapped'), { nativeError: failure(code) });
        return 'done';
      });
      expect({ code, result, attempts, effects }).toEqual({ code, result: 'done', attempts: 2, effects: [2] });
    }
  });

  it(`gives up after ${WRITE_ATTEMPTS} attempts, and never runs again a write that failed otherwise`, async () => {
    let attempts = 0;
    await expect(
      runWrite(deps(), LANDLORD, false, async () => {
        attempts += 1;
        throw failure('40P01');
      }),
    ).rejects.toThrow('failed with 40P01');
    expect(attempts).toBe(WRITE_ATTEMPTS);
    attempts = 0;
    await expect(
      runWrite(deps(), LANDLORD, false, async () => {
        attempts += 1;
        throw failure('23505');
      }),
    ).rejects.toThrow('failed with 23505');
    expect(attempts).toBe(1);
  });

  const onPostgres = process.env.DATABASE_URL ? it : it.skip;
  onPostgres('both writes of a real deadlock commit: PostgreSQL aborts one, and it runs again', async () => {
    const knex = t.deps.knex;
    await knex.raw('create table retry_probe (id int primary key, n int not null)');
    try {
      await knex('retry_probe').insert([
        { id: 1, n: 0 },
        { id: 2, n: 0 },
      ]);
      // Each write locks its first row, waits until the other has locked its own, then wants the other's.
      let locked = 0;
      const bothLocked = () =>
        new Promise<void>((resolve) => {
          const poll = (): void => {
            if (locked >= 2) resolve();
            else setImmediate(poll);
          };
          poll();
        });
      const write = (first: number, second: number) =>
        runWrite(deps(), LANDLORD, false, async (ctx) => {
          await ctx.db('retry_probe').where('id', first).increment('n', 1);
          locked += 1;
          await bothLocked();
          await ctx.db('retry_probe').where('id', second).increment('n', 1);
        });
      await Promise.all([write(1, 2), write(2, 1)]);
      expect(await knex('retry_probe').orderBy('id').select('id', 'n')).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    } finally {
      await knex.raw('drop table retry_probe');
    }
  });
});
