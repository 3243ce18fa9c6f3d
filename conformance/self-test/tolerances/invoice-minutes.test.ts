// The invoice limits counted in fixed minutes (invoice-limits-fixed-minutes), where it matters: a minute that begins
// inside the limit checks' first burst, so its 21st (11th) request is rightly served. The deployment's minutes run
// on the suite's own clock, whose sleeps take no time, so waiting for the next minute costs nothing; the reference
// server behind it has its own invoice limits raised out of the way. Each check must pass that deployment and fail
// the same deployment allowing one request a minute more, or twice the limit.
import type { Check } from '../../src/runner';
import { runCheck } from '../../src/runner';
import { invoiceEmailLimitedTo10PerMinute } from '../../src/checks/invoices/email';
import { invoicePdfLimitedTo20PerMinute } from '../../src/checks/invoices/pdf';
import { startBrokenDeployment } from '../support/broken';
import { startReferenceServer, type ReferenceDeployment } from '../support/reference';
import { explain, FastClock, SELF_TEST_SEED } from '../support/run';
import { invoiceLimitsInFixedMinutes } from './number-choices';
import { TOLERANCES, otherChoices, targetFor } from './other-choices';

const CHECKS: readonly [Check, number][] = [
  [invoicePdfLimitedTo20PerMinute, 20],
  [invoiceEmailLimitedTo10PerMinute, 10],
];

let reference: ReferenceDeployment;

beforeAll(async () => {
  reference = await startReferenceServer({
    env: { LANDLORD_LIMITS: 'public_api.rent_invoice_pdf=1000,public_api.rent_invoice_email=1000' },
  });
}, 240_000);

afterAll(async () => {
  await reference?.stop();
});

/** Every other choice, with the invoice minutes beginning 1 ms after each key's first invoice request. */
async function run(check: Check, extra: number) {
  const clock = new FastClock();
  const minutes = invoiceLimitsInFixedMinutes({ phase: { offsetMs: 1 }, extra, now: () => clock.now() });
  const choices = TOLERANCES.map((t) => (t.id === minutes.id ? minutes : t));
  const deployment = await startBrokenDeployment(reference.origin, otherChoices(choices));
  try {
    return await runCheck(
      check,
      { ...targetFor(choices, reference.target), baseUrl: deployment.baseUrl },
      {
        seed: SELF_TEST_SEED,
        profile: 'quick',
        clock,
        runId: `selftest-${Date.now().toString(36)}`,
      },
    );
  } finally {
    await deployment.stop();
  }
}

describe('invoice limits counted in fixed minutes', () => {
  it.each(CHECKS.map(([check, limit]) => [check.id, check, limit] as const))(
    '%s passes when a minute begins inside its first burst',
    async (_id, check) => {
      const result = await run(check, 0);
      expect(result.status === 'passed' ? [] : [explain(result)]).toEqual([]);
      // The path this deployment exists for was taken: the first burst's last request was served.
      expect(result.message).toMatch(/spanned the start of a minute/);
    },
    240_000,
  );

  // One more a minute: the second burst, from the start of a minute, has its (limit + 1)th served. Twice the limit:
  // more served in under a minute than one start of a minute can explain.
  it.each(
    CHECKS.flatMap(([check, limit]) => [
      [check.id, 1, check, new RegExp(`request ${limit + 1} in the minute to answer 429`)] as const,
      [check.id, limit, check, new RegExp(`a 429 within ${2 * limit + 1} `)] as const,
    ]),
  )(
    '%s fails fixed minutes allowing %i more than the limit',
    async (_id, extra, check, reason) => {
      const result = await run(check, extra);
      expect(result.status).toBe('failed');
      expect(result.message).toMatch(reason);
    },
    240_000,
  );
});
