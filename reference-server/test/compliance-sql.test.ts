// The compliance rules exist twice: in TypeScript for one property's `compliance.items`, and as SQL (generated
// from the same tables) for the summary, which applies them to every property at once. These properties hold the
// SQL equal to the TypeScript over generated inputs: any day count around every severity bound, missing
// certificates and renewal dates, any score, and recorded letters in any case and padding.
import fc from 'fast-check';
import type { Knex } from 'knex';
import { addDays } from '../src/platform/time/dates';
import { bandOf, epcView } from '../src/resources/compliance/epc';
import { complianceItem } from '../src/resources/compliance/severity';
import {
  computed,
  concatJson,
  epcBandSql,
  epcCompliantSql,
  fixed,
  ITEM_OUTCOMES,
  itemSql,
  literal,
  type JsonPart,
} from '../src/resources/compliance/sql';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
let knex: Knex;
beforeAll(async () => {
  t = await startTestServer({ seed: false });
  knex = t.deps.knex;
});
afterAll(async () => {
  await t.stop();
});

const TODAY = '2026-03-10';
// Every bound of SEVERITY_BY_DAYS and its neighbours are likely; far dates too.
const offset = fc.oneof(fc.integer({ min: -3, max: 95 }), fc.integer({ min: -4000, max: 4000 }));
const date = fc.option(
  offset.map((days) => addDays(TODAY, days)),
  { nil: null },
);
const today = fc.oneof(
  fc.constant(TODAY),
  offset.map((days) => addDays(TODAY, days)),
);

interface ItemCase {
  expiry: string | null;
  renewal: string | null;
  today: string;
}
const itemCase: fc.Arbitrary<ItemCase> = fc.record({ expiry: date, renewal: date, today });

/** Runs a SQL select list over the cases (one query), each case's fields as typed columns of `c`, in order. */
async function evaluate<C extends object>(
  cases: readonly C[],
  columns: Record<keyof C & string, string>,
  select: string,
): Promise<Array<Record<string, unknown>>> {
  const definition = Object.entries<string>(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  const { rows } = await knex.raw<{ rows: Array<Record<string, unknown>> }>(
    `select ${select} from rows from (json_to_recordset(?::json) as (${definition})) with ordinality as c order by c.ordinality`,
    [JSON.stringify(cases)],
  );
  return rows;
}

describe('compliance rules in SQL agree with the TypeScript rules (fast-check)', () => {
  it('items: due date, days until, and the outcome that gives state and severity', async () => {
    const item = itemSql('c.expiry', 'c.renewal', 'c.today');
    await fc.assert(
      fc.asyncProperty(fc.array(itemCase, { minLength: 1, maxLength: 60 }), async (cases) => {
        const rows = await evaluate(
          cases,
          { expiry: 'date', renewal: 'date', today: 'date' },
          `to_json(${item.due})::text as due, ${item.days} as days, ${item.outcome} as outcome`,
        );
        cases.forEach((c, i) => {
          const expected = complianceItem(
            { code: 'EICR', required: true, certificateExpiry: c.expiry, renewalDate: c.renewal },
            c.today,
          );
          const due = rows[i].due as string | null;
          const outcome = ITEM_OUTCOMES[rows[i].outcome as number];
          expect({
            dueDate: due === null ? null : (JSON.parse(due) as string),
            daysUntil: rows[i].days,
            state: outcome?.state,
            severity: outcome?.severity,
          }).toEqual({
            dueDate: expected.dueDate,
            daysUntil: expected.daysUntil,
            state: expected.state,
            severity: expected.severity,
          });
        });
      }),
      { numRuns: 40 },
    );
  });

  interface EpcCase {
    rating: string | null;
    score: number | null;
    expiry: string | null;
    today: string;
  }
  const rating = fc.option(
    fc.oneof(
      fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'Z', ''),
      fc
        .tuple(fc.constantFrom('', ' ', '\t'), fc.constantFrom('a', 'c', 'g', 'B', 'x'), fc.constantFrom('', ' ', '\n'))
        .map((parts) => parts.join('').slice(0, 2)),
    ),
    { nil: null },
  );
  const score = fc.option(
    fc.oneof(fc.integer({ min: -5, max: 125 }), fc.constantFrom(0, 1, 20, 21, 38, 39, 54, 55, 68, 69, 80, 81, 91, 92)),
    { nil: null },
  );
  const epcCase: fc.Arbitrary<EpcCase> = fc.record({ rating, score, expiry: date, today });

  it('EPC: band from the score, else the letter recorded; compliant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(epcCase, { minLength: 1, maxLength: 60 }), async (cases) => {
        const band = epcBandSql('c.rating', 'c.score');
        const rows = await evaluate(
          cases,
          { rating: 'text', score: 'int', expiry: 'date', today: 'date' },
          `${band} as band, ${epcCompliantSql(`case when c.expiry is not null then ${band} end`, 'c.expiry', 'c.today')} as compliant`,
        );
        cases.forEach((c, i) => {
          expect(rows[i].band).toBe(bandOf(c.rating, c.score));
          expect(rows[i].compliant).toBe(
            epcView({ rating: c.rating, score: c.score, expiry: c.expiry, renewal: null }, c.today).compliant,
          );
        });
      }),
      { numRuns: 40 },
    );
  });

  it('concatJson: the SQL yields the text of the parts in order, fixed neighbours merged (quotes, backslashes, empty parts)', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', "'", '"', '\\', ',', '{', '}', 'é', ' '), maxLength: 6 });
    const part = fc.oneof(
      text.map((t) => ({ part: fixed(t), text: t })),
      text.map((t) => ({ part: computed(`(${literal(t)})::text`), text: t })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 8 }), async (parts) => {
        const sql = concatJson(parts.map((p): JsonPart => p.part));
        const { rows } = await knex.raw<{ rows: Array<{ text: string }> }>(`select ${sql} as text`);
        expect(rows[0].text).toBe(parts.map((p) => p.text).join(''));
        // Fixed neighbours become one literal (none when their text is empty): one term per computed part and per run.
        let terms = 0;
        let run = '';
        for (const p of parts) {
          if ('fixed' in p.part) {
            run += p.text;
            continue;
          }
          terms += (run === '' ? 0 : 1) + 1;
          run = '';
        }
        terms += run === '' ? 0 : 1;
        expect(sql.split(' || ').length).toBe(Math.max(1, terms));
      }),
      { numRuns: 60 },
    );
  });
});
