// Remembered query validation (src/platform/http/remembered-query.ts): every route's query is still decided by its
// Joi schema, the first time and every time after, for any query; errors are never remembered; the remembered
// value cannot be changed by one request under another; the memory is bounded.
import fc from 'fast-check';
import Joi from 'joi';
import { isPublicApiRoute } from '../src/openapi/document';
import { isDocumentedValidator } from '../src/platform/http/documented-validator';
import { rememberedQuery } from '../src/platform/http/remembered-query';
import { API, startTestServer, type TestServer } from './helpers/server';

// What Hapi merges into the options of every validation (build.ts's route defaults).
const HAPI_OPTIONS = { abortEarly: false, errors: { wrap: { label: '"' } } } as const;

type Outcome = { value: unknown } | { error: string };
async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { value: await run() };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

describe('every public route with a query schema', () => {
  it('answers as its Joi schema does, the first time and when remembered (fast-check)', async () => {
    const routes = t.server.table().filter((route) => isPublicApiRoute(route, API));
    const remembered = routes.flatMap((route) => {
      const query: unknown = route.settings.validate?.query;
      return isDocumentedValidator(query)
        ? [
            {
              where: `${route.method} ${route.path}`,
              validate: query as unknown as (value: unknown, options: object) => Promise<unknown>,
              schema: query.documented,
            },
          ]
        : [];
    });
    // Not vacuous: the list endpoints are all remembered.
    expect(remembered.length).toBeGreaterThan(15);
    const values = fc.oneof(
      fc.constantFrom(
        '1',
        '2',
        '50',
        '100',
        '500',
        '501',
        '0',
        '-1',
        '1.5',
        'abc',
        '',
        'true',
        'Active',
        'Overdue',
        '2026-11-27',
        '2026-02-30',
        'x'.repeat(300),
      ),
      fc.array(fc.constantFrom('1', 'Active', 'abc'), { minLength: 2, maxLength: 2 }),
      fc.string({ maxLength: 12 }),
    );
    for (const { where, validate, schema } of remembered) {
      const names = [...Object.keys((schema.describe() as { keys?: object }).keys ?? {}), 'unknownName'];
      const query = fc.dictionary(fc.constantFrom(...names), values, { maxKeys: 4 });
      await fc.assert(
        fc.asyncProperty(query, async (raw) => {
          const expected = await outcome(() => schema.validateAsync({ ...raw }, HAPI_OPTIONS));
          // Twice: the first answer computes, the second may be remembered; both must be the schema's.
          for (let i = 0; i < 2; i += 1) {
            const got = await outcome(() => validate({ ...raw }, HAPI_OPTIONS));
            expect({ where, raw, got }).toEqual({ where, raw, got: expected });
          }
        }),
        { numRuns: 40, seed: 1127 },
      );
    }
  });
});

describe('rememberedQuery', () => {
  const makeSchema = (): Joi.ObjectSchema =>
    Joi.object({
      limit: Joi.number().integer().min(1).max(500).default(50),
      status: Joi.array().items(Joi.string()).single(),
    });
  const schema = makeSchema();

  /** A fresh schema whose validations are counted. */
  const counting = (make: () => Joi.ObjectSchema = makeSchema): { schema: Joi.ObjectSchema; calls: () => number } => {
    let calls = 0;
    const spy = make();
    const original = spy.validateAsync.bind(spy);
    spy.validateAsync = ((value: unknown, options?: Joi.AsyncValidationOptions) => {
      calls += 1;
      return original(value, options);
    }) as typeof spy.validateAsync;
    return { schema: spy, calls: () => calls };
  };

  it('validates a query once, and every query that failed every time', async () => {
    const { schema: spied, calls } = counting();
    const validate = rememberedQuery(spied);
    expect(await validate({ limit: '20' }, HAPI_OPTIONS)).toEqual({ limit: 20 });
    expect(await validate({ limit: '20' }, HAPI_OPTIONS)).toEqual({ limit: 20 });
    expect(calls()).toBe(1);
    await expect(validate({ limit: '0' }, HAPI_OPTIONS)).rejects.toThrow('"limit" must be greater than or equal to 1');
    await expect(validate({ limit: '0' }, HAPI_OPTIONS)).rejects.toThrow('"limit" must be greater than or equal to 1');
    expect(calls()).toBe(3);
  });

  it("hands out a frozen value: a handler writing to it throws instead of changing the next request's query", async () => {
    const validate = rememberedQuery(schema);
    const value = (await validate({ status: ['a', 'b'] }, HAPI_OPTIONS)) as { limit: number; status: string[] };
    expect(() => {
      'use strict';
      value.limit = 1;
    }).toThrow(TypeError);
    expect(() => {
      value.status.push('c');
    }).toThrow(TypeError);
    expect(await validate({ status: ['a', 'b'] }, HAPI_OPTIONS)).toEqual({ limit: 50, status: ['a', 'b'] });
  });

  it('never shares a value it cannot freeze (a Date): such a query is validated every time', async () => {
    const { schema: dated, calls } = counting(() => Joi.object({ from: Joi.date() }));
    const validate = rememberedQuery(dated);
    const first = (await validate({ from: '2026-11-27' }, HAPI_OPTIONS)) as { from: Date };
    const second = (await validate({ from: '2026-11-27' }, HAPI_OPTIONS)) as { from: Date };
    expect(calls()).toBe(2);
    expect(second.from).not.toBe(first.from);
    expect(second).toEqual(first);
  });

  it('keeps a bounded number of queries, the least recently used leaving first, and never a long one', async () => {
    const { schema: spied, calls } = counting();
    const validate = rememberedQuery(spied, 2);
    await validate({ limit: '1' }, HAPI_OPTIONS);
    await validate({ limit: '2' }, HAPI_OPTIONS);
    await validate({ limit: '1' }, HAPI_OPTIONS); // remembered; now the most recently used
    await validate({ limit: '3' }, HAPI_OPTIONS); // the third: limit=2 leaves
    expect(calls()).toBe(3);
    await validate({ limit: '1' }, HAPI_OPTIONS);
    expect(calls()).toBe(3);
    await validate({ limit: '2' }, HAPI_OPTIONS);
    expect(calls()).toBe(4);
    const long = { status: 'x'.repeat(600) };
    await validate(long, HAPI_OPTIONS);
    await validate(long, HAPI_OPTIONS);
    expect(calls()).toBe(6);
  });
});
