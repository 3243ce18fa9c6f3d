// Limits > Rate limits: per key, per plan, reads and writes apart, per minute (quick) and per day (full profile).
// Exclusive checks: they run last, one at a time, unpaced, on the target's `rateLimit` key when it has one, else
// on a key they provision through the dashboard with the plan's default limits; they send requests, never wait
// for a window except where the full profile says so (through ctx.sleep, the injectable clock).

import type { HttpResponse } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { RATE_LIMITS, RATE_WINDOW_DAY_SECONDS, RATE_WINDOW_MINUTE_SECONDS, type ApiPlan } from '../../rules';
import { provisionKey } from '../shared/provision';
import { unknownId } from '../shared/util';

const GROUP = 'Limits > Rate limits';
/** Requests in flight at once while spending a budget. */
const BURST = 25;
/** Requests a sliding window may let through beyond the count (slots freed while the burst runs). */
const SLACK = 3;

interface LimitKey {
  /** Role name or literal key. */
  readonly key: string;
  readonly label: string;
  /** Known plan (provisioned, or declared in the target's pacing); else inferred from X-RateLimit-Limit. */
  readonly plan?: ApiPlan;
  /** Another key (same landlord when provisioned) to show the limit is per key. */
  readonly control?: string;
  readonly provisioned: boolean;
}

/** Two fresh keys of the suite's landlord on `plan` (one to spend, one to show the limit is per key); revoked after the check. */
async function provisioned(ctx: CheckContext, plan: ApiPlan): Promise<LimitKey> {
  const main = await provisionKey(ctx, { plan });
  const control = await provisionKey(ctx, { plan });
  return {
    key: main.key,
    label: `a fresh ${plan} key provisioned through the dashboard`,
    plan,
    control: control.key,
    provisioned: true,
  };
}

/**
 * The target's rateLimit key (shared by the limit checks in their order: reads spent, then a write, then the
 * write budget), else fresh Enterprise keys from the dashboard, revoked after the check (each check then spends
 * what it needs itself), else skip. `fresh`: a fresh key even when the target has a rateLimit key.
 */
async function limitKey(ctx: CheckContext, fresh = false): Promise<LimitKey> {
  if (ctx.hasKey('rateLimit') && !(fresh && ctx.target.provisioning)) {
    const declared = ctx.target.pacing.roles.rateLimit;
    const plan = declared === 'enterprise' ? 'Enterprise' : declared === 'portfolio' ? 'Portfolio' : undefined;
    return {
      key: 'rateLimit',
      label: "the target's rateLimit key",
      ...(plan ? { plan } : {}),
      control: 'enterpriseLive',
      provisioned: false,
    };
  }
  if (ctx.target.provisioning) return provisioned(ctx, 'Enterprise');
  ctx.skip(
    'needs a dedicated key: the target has no extraKeys.rateLimit and no dashboard to provision one (exhausting a shared key would break other checks)',
  );
}

const read = (ctx: CheckContext, key: string): Promise<HttpResponse> =>
  ctx.http.request({ path: '/properties', key, query: { limit: 1 } });
/** A write that changes nothing: PATCH of an unknown rent payment (rent responses carry the X-RateLimit-* headers). */
const write = (ctx: CheckContext, key: string): Promise<HttpResponse> =>
  ctx.http.request({ method: 'PATCH', path: `/rent/${unknownId()}`, key, json: { status: 'Paid' } });

function header(res: HttpResponse, name: string): number | undefined {
  const v = res.headers[name.toLowerCase()];
  return v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
}

/**
 * The plan whose read limit X-RateLimit-Limit gives. "Every response carries X-RateLimit-Limit ..." without saying
 * which of the two windows it describes: the minute's or the day's limit both fit (docs/conformance-tolerances.md,
 * rate-limit-window).
 */
function planOfReadLimit(limit: number | undefined): ApiPlan | undefined {
  return (Object.keys(RATE_LIMITS) as ApiPlan[]).find(
    (p) => RATE_LIMITS[p].readsPerMinute === limit || RATE_LIMITS[p].readsPerDay === limit,
  );
}

/** Asserts a 429: the envelope, and Retry-After in whole seconds within [1, maxSeconds]. Returns Retry-After. */
function expect429(ctx: CheckContext, res: HttpResponse, maxSeconds: number, rules: readonly string[]): number {
  ctx.expectErrorEnvelope(res, 429, 'RATE_LIMIT_EXCEEDED', {
    rules: ['ERR-RATE_LIMIT_EXCEEDED', 'LIMIT-RATE-5', ...rules],
  });
  const value = ctx.expectHeader(
    res,
    'Retry-After',
    (v) => v !== undefined && /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= maxSeconds,
    `in whole seconds from 1 to ${maxSeconds} on a 429`,
    { rules: ['LIMIT-RATE-5', 'ERR-RATE_LIMIT_EXCEEDED', ...rules] },
  );
  return Number(value);
}

interface Spent {
  /** Requests accepted (anything but 429), the probe included. */
  readonly accepted: number;
  readonly refused?: HttpResponse;
  readonly last?: HttpResponse;
}

/** Sends `send` in bursts until the first 429, or until `cap` requests were accepted. */
async function spendUntilRefused(send: () => Promise<HttpResponse>, cap: number, alreadyAccepted = 0): Promise<Spent> {
  let accepted = alreadyAccepted;
  let last: HttpResponse | undefined;
  while (accepted <= cap) {
    const batch = await Promise.all(Array.from({ length: Math.min(BURST, cap + 1 - accepted) }, send));
    for (const res of batch) {
      last = res;
      if (res.status !== 429) accepted++;
    }
    const refused = batch.find((r) => r.status === 429);
    if (refused) return { accepted, refused, last };
  }
  return { accepted, ...(last ? { last } : {}) };
}

/** A fresh minute for a key that is refused right now: waits out its Retry-After (once). */
async function ensureNotRefused(
  ctx: CheckContext,
  key: string,
  send: (ctx: CheckContext, key: string) => Promise<HttpResponse>,
): Promise<HttpResponse> {
  let probe = await send(ctx, key);
  if (probe.status === 429) {
    const wait = header(probe, 'Retry-After') ?? RATE_WINDOW_MINUTE_SECONDS;
    await ctx.sleep(Math.min(wait, RATE_WINDOW_MINUTE_SECONDS + 5) * 1000);
    probe = await send(ctx, key);
  }
  return probe;
}

async function readsPerMinute(ctx: CheckContext, k: LimitKey, ruleOf: (plan: ApiPlan) => string): Promise<void> {
  const probe = await ensureNotRefused(ctx, k.key, read);
  ctx.expectStatus(probe, 200);
  const limit = header(probe, 'X-RateLimit-Limit');
  const remaining = header(probe, 'X-RateLimit-Remaining');
  const plan = k.plan ?? planOfReadLimit(limit);
  ctx.expect(
    plan !== undefined,
    "X-RateLimit-Limit to be a plan's reads per minute or per day (Portfolio 100 or 10000, Enterprise 500 or 50000)",
    `X-RateLimit-Limit: ${describeValue(limit)} on ${k.label}`,
    probe.exchange,
    { rules: ['LIMIT-RATE-4'] },
  );
  const expected = RATE_LIMITS[plan].readsPerMinute;
  const perDay = RATE_LIMITS[plan].readsPerDay;
  const rule = ruleOf(plan);
  ctx.expect(
    limit === expected || limit === perDay,
    `X-RateLimit-Limit ${expected} or ${perDay} (${plan} reads per minute or per day) on a fresh read`,
    `X-RateLimit-Limit: ${describeValue(limit)}`,
    probe.exchange,
    { rules: [rule, 'LIMIT-RATE-4'] },
  );
  ctx.expect(remaining !== undefined, 'X-RateLimit-Remaining on the read', 'none', probe.exchange, {
    rules: ['LIMIT-RATE-4'],
  });
  // Headers of the minute window count this minute's budget; headers of the day window say nothing of the minute,
  // so the minute's budget is counted from the plan (exact on a key provisioned for this check: a fresh minute).
  const minuteHeaders = limit === expected;
  const allowed = minuteHeaders ? remaining + 1 : expected;
  const spent = await spendUntilRefused(() => read(ctx, k.key), allowed + SLACK + 5, 1);
  ctx.expect(
    spent.refused !== undefined,
    `429 once ${expected} reads were made within a minute (${plan})`,
    `${spent.accepted} reads accepted, none refused`,
    spent.last?.exchange,
    { rules: [rule, 'LIMIT-RATE-5'] },
  );
  // Exact on a fresh window (the probe the only request in it: nothing can leave the window during the burst).
  const fresh = minuteHeaders ? remaining === expected - 1 : k.provisioned;
  const low = minuteHeaders ? allowed - 1 : expected - 5;
  ctx.expect(
    fresh ? spent.accepted === expected : spent.accepted >= low && spent.accepted <= allowed + SLACK,
    fresh
      ? `exactly ${expected} reads accepted in a fresh minute (read ${expected} passes, read ${expected + 1} is 429)`
      : `${allowed} reads accepted before the first 429 (Remaining ${remaining} after the first; limit ${expected})`,
    `${spent.accepted} accepted`,
    spent.refused.exchange,
    { rules: [rule] },
  );
  const retryAfter = expect429(ctx, spent.refused, RATE_WINDOW_MINUTE_SECONDS, [rule]);
  // Per key: another key is not refused.
  if (k.control !== undefined) {
    const other = await read(ctx, k.control);
    ctx.expect(
      other.status === 200,
      'another key still served while this one is refused (limits are per key)',
      () => `${other.status} ${other.text.slice(0, 200)}`,
      other.exchange,
      { rules: ['LIMIT-RATE-1'] },
    );
  }
  ctx.note(
    `${k.label}: X-RateLimit-Limit ${limit}; ${spent.accepted} reads accepted, then 429 RATE_LIMIT_EXCEEDED with Retry-After ${retryAfter}`,
  );
}

export const readsPerMinuteEnforcedWithRetryAfter = defineCheck({
  id: 'limits.readsPerMinuteEnforcedWithRetryAfter',
  title:
    "Reads beyond the plan's per-minute limit (Enterprise 500) answer 429 RATE_LIMIT_EXCEEDED with Retry-After; other keys are unaffected",
  group: GROUP,
  rules: ['LIMIT-RATE-12', 'LIMIT-RATE-5', 'LIMIT-RATE-1', 'ERR-RATE_LIMIT_EXCEEDED'],
  exclusive: true,
  async run(ctx: CheckContext) {
    await readsPerMinute(ctx, await limitKey(ctx), (plan) =>
      plan === 'Enterprise' ? 'LIMIT-RATE-12' : 'LIMIT-RATE-8',
    );
  },
});

/** Spends the key's read budget unless it is refused already; returns the 429. */
async function exhaustReads(ctx: CheckContext, k: LimitKey): Promise<HttpResponse> {
  const probe = await read(ctx, k.key);
  if (probe.status === 429) return probe;
  ctx.expectStatus(probe, 200);
  const cap = RATE_LIMITS.Enterprise.readsPerMinute + SLACK + 5;
  const spent = await spendUntilRefused(() => read(ctx, k.key), cap, 1);
  ctx.expect(
    spent.refused !== undefined,
    'reads to be refused with 429 once the per-minute limit is spent',
    `${spent.accepted} reads accepted, none refused`,
    spent.last?.exchange,
    { rules: ['LIMIT-RATE-5'] },
  );
  return spent.refused;
}

export const writesCountedApartFromReads = defineCheck({
  id: 'limits.writesCountedApartFromReads',
  title: 'With the read limit spent, a write is still accepted: reads and writes are counted apart',
  group: GROUP,
  rules: ['LIMIT-RATE-12', 'LIMIT-RATE-13'],
  exclusive: true,
  async run(ctx: CheckContext) {
    const k = await limitKey(ctx);
    const refused = await exhaustReads(ctx, k);
    ctx.expectErrorEnvelope(refused, 429, 'RATE_LIMIT_EXCEEDED', { rules: ['LIMIT-RATE-5'] });
    const res = await write(ctx, k.key);
    ctx.expect(
      res.status !== 429,
      'a write accepted while the reads of the key are refused (writes have their own budget)',
      () => `${res.status} ${res.text.slice(0, 200)}`,
      res.exchange,
    );
    ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND');
    const again = await read(ctx, k.key);
    ctx.expect(again.status === 429, 'reads still refused after the write', () => `${again.status}`, again.exchange);
    ctx.note(`${k.label}: reads refused (429), a write right after answered ${res.status}`);
  },
});

export const writesPerMinuteEnforced = defineCheck({
  id: 'limits.writesPerMinuteEnforced',
  title: "Writes beyond the plan's per-minute limit (Enterprise 100) answer 429 RATE_LIMIT_EXCEEDED with Retry-After",
  group: GROUP,
  rules: ['LIMIT-RATE-13', 'LIMIT-RATE-5', 'ERR-RATE_LIMIT_EXCEEDED'],
  exclusive: true,
  async run(ctx: CheckContext) {
    const k = await limitKey(ctx);
    const probe = await ensureNotRefused(ctx, k.key, write);
    ctx.expect(probe.status !== 429, 'a first write accepted', () => `${probe.status}`, probe.exchange);
    const plan = k.plan ?? planOfReadLimit(header(await read(ctx, k.key), 'X-RateLimit-Limit')) ?? 'Enterprise';
    const expected = RATE_LIMITS[plan].writesPerMinute;
    const limit = header(probe, 'X-RateLimit-Limit');
    const remaining = header(probe, 'X-RateLimit-Remaining');
    // The headers describe the write budget when their limit is the plan's writes per minute; else count from the plan.
    const allowed = limit === expected && remaining !== undefined ? remaining + 1 : expected;
    const low = limit === expected ? allowed - 1 : expected - 5;
    // Exact on a fresh window (the probe the only write in it), by the headers or on a key provisioned for this check.
    const fresh = (limit === expected && remaining === expected - 1) || k.provisioned;
    const spent = await spendUntilRefused(() => write(ctx, k.key), allowed + SLACK + 5, 1);
    ctx.expect(
      spent.refused !== undefined,
      `429 once ${expected} writes were made within a minute (${plan})`,
      `${spent.accepted} writes accepted, none refused`,
      spent.last?.exchange,
    );
    ctx.expect(
      fresh ? spent.accepted === expected : spent.accepted >= low && spent.accepted <= allowed + SLACK,
      fresh
        ? `exactly ${expected} writes accepted in a fresh minute (write ${expected} passes, write ${expected + 1} is 429)`
        : `${allowed} writes accepted before the first 429 (${plan}: ${expected} per minute)`,
      `${spent.accepted} accepted`,
      spent.refused.exchange,
      { rules: [plan === 'Enterprise' ? 'LIMIT-RATE-13' : 'LIMIT-RATE-9'] },
    );
    const retryAfter = expect429(ctx, spent.refused, RATE_WINDOW_MINUTE_SECONDS, []);
    ctx.note(`${k.label}: ${spent.accepted} writes accepted, then 429 with Retry-After ${retryAfter}`);
  },
});

export const portfolioReadsPerMinuteEnforced = defineCheck({
  id: 'limits.portfolioReadsPerMinuteEnforced',
  title: 'A Portfolio key is refused with 429 RATE_LIMIT_EXCEEDED after 100 reads in a minute',
  group: GROUP,
  rules: ['LIMIT-RATE-8', 'LIMIT-RATE-5', 'ERR-RATE_LIMIT_EXCEEDED'],
  exclusive: true,
  needs: ['dashboard'],
  async run(ctx: CheckContext) {
    await readsPerMinute(ctx, await provisioned(ctx, 'Portfolio'), () => 'LIMIT-RATE-8');
  },
});

// ---- full profile: the sliding minute and the 24-hour windows ---------------------------------------------

export const minuteWindowSlides = defineCheck({
  id: 'limits.minuteWindowSlides',
  title:
    'The minute window slides: after a burst, reads stay refused until the burst is a minute old, then are served again',
  group: GROUP,
  rules: ['LIMIT-RATE-2', 'LIMIT-RATE-5'],
  exclusive: true,
  profile: 'full',
  timeoutMs: 10 * 60_000,
  async run(ctx: CheckContext) {
    const k = await limitKey(ctx, true);
    await ensureNotRefused(ctx, k.key, read);
    const started = ctx.clock.now();
    const refused = await exhaustReads(ctx, k);
    const burstSeconds = Math.ceil((ctx.clock.now() - started) / 1000);
    const retryAfter = expect429(ctx, refused, RATE_WINDOW_MINUTE_SECONDS, []);
    // Sliding: the oldest request of the burst leaves the window a minute after it was made.
    ctx.expect(
      retryAfter >= RATE_WINDOW_MINUTE_SECONDS - burstSeconds - 2,
      `Retry-After about ${RATE_WINDOW_MINUTE_SECONDS - burstSeconds} s right after a ${burstSeconds} s burst (a window sliding over the last 60 s)`,
      `Retry-After: ${retryAfter}`,
      refused.exchange,
    );
    await ctx.sleep(30_000);
    const half = await read(ctx, k.key);
    ctx.expect(half.status === 429, 'reads still refused 30 s after the burst', () => `${half.status}`, half.exchange);
    await ctx.sleep(Math.max(0, started + (retryAfter + 2) * 1000 - ctx.clock.now()));
    const after = await read(ctx, k.key);
    ctx.expect(
      after.status === 200,
      'reads served again once the burst is a minute old (after Retry-After)',
      () => `${after.status} ${after.text.slice(0, 200)}`,
      after.exchange,
    );
    ctx.note(
      `burst of ${burstSeconds} s: Retry-After ${retryAfter}, still refused at +30 s, served again after Retry-After`,
    );
  },
});

async function perDay(ctx: CheckContext, kind: 'read' | 'write', key?: LimitKey): Promise<void> {
  const k = key ?? (await limitKey(ctx, true));
  const plan = k.plan ?? 'Enterprise';
  const dayLimit = kind === 'read' ? RATE_LIMITS[plan].readsPerDay : RATE_LIMITS[plan].writesPerDay;
  const send = kind === 'read' ? () => read(ctx, k.key) : () => write(ctx, k.key);
  let accepted = 0;
  for (;;) {
    const spent = await spendUntilRefused(send, dayLimit + SLACK + 5, accepted);
    accepted = spent.accepted;
    if (!spent.refused)
      ctx.fail(
        `429 once ${dayLimit} ${kind}s were made within a day`,
        `${accepted} ${kind}s accepted`,
        spent.last?.exchange,
      );
    const retryAfter = header(spent.refused, 'Retry-After') ?? 0;
    if (retryAfter > RATE_WINDOW_MINUTE_SECONDS) {
      expect429(ctx, spent.refused, RATE_WINDOW_DAY_SECONDS, []);
      const low = k.provisioned ? dayLimit - SLACK : 0;
      ctx.expect(
        accepted >= low && accepted <= dayLimit + SLACK,
        `about ${dayLimit} ${kind}s accepted in the day before the daily 429 (${plan})`,
        `${accepted} accepted`,
        spent.refused.exchange,
      );
      ctx.note(`${k.label}: ${accepted} ${kind}s accepted, then 429 with Retry-After ${retryAfter} s (the day window)`);
      return;
    }
    expect429(ctx, spent.refused, RATE_WINDOW_MINUTE_SECONDS, []);
    await ctx.sleep(retryAfter * 1000);
  }
}

export const readsPerDayEnforced = defineCheck({
  id: 'limits.readsPerDayEnforced',
  title: "Reads beyond the plan's daily limit (Enterprise 50000) answer 429 with a Retry-After beyond the minute",
  group: GROUP,
  rules: ['LIMIT-RATE-3', 'LIMIT-RATE-14'],
  exclusive: true,
  profile: 'full',
  timeoutMs: 4 * 60 * 60_000,
  run: (ctx: CheckContext) => perDay(ctx, 'read'),
});

export const writesPerDayEnforced = defineCheck({
  id: 'limits.writesPerDayEnforced',
  title: "Writes beyond the plan's daily limit (Enterprise 10000) answer 429 with a Retry-After beyond the minute",
  group: GROUP,
  rules: ['LIMIT-RATE-3', 'LIMIT-RATE-15'],
  exclusive: true,
  profile: 'full',
  timeoutMs: 4 * 60 * 60_000,
  run: (ctx: CheckContext) => perDay(ctx, 'write'),
});

export const portfolioReadsPerDayEnforced = defineCheck({
  id: 'limits.portfolioReadsPerDayEnforced',
  title: "Reads beyond the Portfolio plan's daily limit (10000) answer 429 with a Retry-After beyond the minute",
  group: GROUP,
  rules: ['LIMIT-RATE-3', 'LIMIT-RATE-10'],
  exclusive: true,
  profile: 'full',
  needs: ['dashboard'],
  timeoutMs: 4 * 60 * 60_000,
  // A fresh Portfolio key of the suite's own: its day budget is spent by this check alone (about 100 minutes at 100 a minute).
  run: async (ctx: CheckContext) => perDay(ctx, 'read', await provisioned(ctx, 'Portfolio')),
});
