// The invoice limits are "20 requests per minute per landlord" (PDF) and 10 (email). Unlike the keys' limits, for
// which the spec names sliding windows of 60 seconds, it does not say how the minute is counted, so a deployment may
// count fixed minutes (clock minutes, or a minute begun by the first request, at any phase). A burst of limit + 1
// requests that spans the start of such a minute rightly has its last request served. The burst then tells the
// readings apart by what follows: the requests go on until the first 429 (a fixed minute serves at most the limit
// on each side of its start, so at most twice the limit in all), requests once a second find where the next
// minute begins, and from there a second burst must be cut off after the limit. A sliding window refuses the
// (limit + 1)th of any burst shorter than a minute, so it never takes this path.

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import {
  markInvoiceWindowUsed,
  retryAfterMs,
  waitForFreshInvoiceWindow,
  type InvoiceRoute,
} from '../shared/invoice-budget';

const MINUTE_MS = 60_000;
/** How often a refused landlord asks again while it waits for its next minute. */
const PROBE_EVERY_MS = 1_000;
/** The next minute must begin within a minute of the first refusal, and a little for the answers' travel. */
const PROBE_FOR_MS = MINUTE_MS + 5_000;

export interface LimitBurst {
  readonly route: InvoiceRoute;
  /** The key the requests are sent with (its landlord's minute is spent). */
  readonly key: string;
  readonly limit: number;
  readonly send: () => Promise<HttpResponse>;
  /** Holds an answer inside the limit (the `i`th of the minute, from 1). */
  readonly served: (res: HttpResponse, i: number) => void;
  /** What the limit's requests are, in the messages ("invoice PDF requests"). */
  readonly what: string;
  readonly rules: readonly string[];
}

export interface BurstOutcome {
  /** The answer to the (limit + 1)th request of a minute: the one the caller holds to 429. */
  readonly over: HttpResponse;
  /** How the minute was found, for the check's note. */
  readonly how: string;
}

interface Timed {
  readonly res: HttpResponse;
  readonly sent: number;
  readonly received: number;
}

async function timed(ctx: CheckContext, send: () => Promise<HttpResponse>): Promise<Timed> {
  const sent = ctx.clock.now();
  const res = await send();
  return { res, sent, received: ctx.clock.now() };
}

function statuses(list: readonly Timed[]): string {
  return list.map((t) => t.res.status).join(', ');
}

/**
 * Sends `limit` requests in a fresh minute of the landlord's and one more, and returns the answer to that one, to be
 * held to 429 by the caller; on the way, holds every answer inside the limit, and (when the last one was served)
 * the fixed-minute reading described above. Skips when the deployment answers too slowly for a burst to fit one
 * minute.
 */
export async function burstPastLimit(ctx: CheckContext, burst: LimitBurst): Promise<BurstOutcome> {
  const { route, key, limit, what, rules } = burst;
  const opts = { rules: [...rules] };
  // The landlord's minute is spent afterwards, whatever happens: later checks wait for a fresh one.
  ctx.cleanup(() => markInvoiceWindowUsed(ctx, route, key));
  for (let attempt = 1; ; attempt++) {
    await waitForFreshInvoiceWindow(ctx, route, key);
    const sent: Timed[] = [];
    let early: Timed | undefined;
    for (let i = 1; i <= limit; i++) {
      const t = await timed(ctx, burst.send);
      sent.push(t);
      if (t.res.status === 429) {
        early = t;
        break;
      }
      burst.served(t.res, i);
    }
    if (early) {
      // Traffic the suite could not see (another client of this landlord) used part of the minute: once more, after a full minute.
      ctx.expect(
        attempt === 1,
        `all ${limit} ${what} of a fresh minute served`,
        () => `429 after ${sent.length - 1}: ${statuses(sent)}`,
        early.res.exchange,
        opts,
      );
      await ctx.sleep(Math.max(retryAfterMs(early.res), MINUTE_MS + 1_000));
      continue;
    }
    const over = await timed(ctx, burst.send);
    if (over.res.status === 429) return { over: over.res, how: `in a fresh minute (attempt ${attempt})` };
    return fixedMinute(ctx, burst, [...sent, over]);
  }
}

/** The (limit + 1)th request of the first burst was served: hold the deployment to minutes of fixed start. */
async function fixedMinute(ctx: CheckContext, burst: LimitBurst, sent: Timed[]): Promise<BurstOutcome> {
  const { limit, what, rules } = burst;
  const opts = { rules: [...rules] };
  const start = sent[0].sent;
  const tooSlow = (from: number, t: Timed, count: number): never =>
    ctx.skip(
      `the deployment took ${Math.round((t.received - from) / 1000)} s to answer ${count} ${what}: a minute or more, so no burst of ${limit + 1} fits one minute to be held to the limit`,
    );
  // At most one minute can begin inside a burst shorter than a minute, and each side of it serves at most `limit`.
  let refusal: Timed | undefined;
  while (!refusal) {
    const last = sent[sent.length - 1];
    if (last.received - start >= MINUTE_MS) tooSlow(start, last, sent.length);
    ctx.expect(
      sent.length <= 2 * limit,
      `a 429 within ${2 * limit + 1} ${what} sent in under a minute (at most ${limit} in the minute before and ${limit} in the minute after the one start of a minute such a burst can span)`,
      () => `${sent.length} served in ${Math.round((last.received - start) / 1000)} s: ${statuses(sent)}`,
      last.res.exchange,
      opts,
    );
    const t = await timed(ctx, burst.send);
    sent.push(t);
    if (t.res.status === 429) refusal = t;
  }
  // Where the next minute begins: the first request served again after the refusal.
  let first: Timed | undefined;
  const probes: Timed[] = [];
  while (!first) {
    ctx.expect(
      ctx.clock.now() - refusal.received <= PROBE_FOR_MS,
      `a request served again within a minute of the first 429 (a new minute begun)`,
      () =>
        `${probes.length} requests once a second, all answered ${[...new Set(probes.map((p) => p.res.status))].join(' / ')}`,
      (probes[probes.length - 1] ?? refusal).res.exchange,
      opts,
    );
    await ctx.sleep(PROBE_EVERY_MS);
    const t = await timed(ctx, burst.send);
    if (t.res.status === 429) probes.push(t);
    else first = t;
  }
  // A second burst from the start of that minute: the first request was its first; the limit must cut it off. The
  // minute began after the last refused request was sent, so it lasts until at least a minute after that.
  const begun = (probes[probes.length - 1] ?? refusal).sent;
  burst.served(first.res, 1);
  const minute: Timed[] = [first];
  for (let i = 2; i <= limit + 1; i++) {
    const t = await timed(ctx, burst.send);
    minute.push(t);
    if (t.received - begun >= MINUTE_MS) tooSlow(begun, t, minute.length);
    if (i === limit + 1) break;
    ctx.expect(
      t.res.status !== 429,
      `all ${limit} ${what} of the minute that began with the first one served after the 429 to be served`,
      () => `429 after ${minute.length - 1}: ${statuses(minute)}`,
      t.res.exchange,
      opts,
    );
    burst.served(t.res, i);
  }
  const over = minute[minute.length - 1];
  return {
    over: over.res,
    how: `the first burst spanned the start of a minute (${sent.length - 1} served before a 429); the next minute began ${Math.round((first.sent - refusal.received) / 1000)} s after that 429`,
  };
}

/** The refusal past the limit as the Errors table gives it: 429 RATE_LIMIT_EXCEEDED with Retry-After in seconds. */
export function expectRateLimitRefusal(ctx: CheckContext, over: HttpResponse): void {
  ctx.expectErrorEnvelope(over, 429, 'RATE_LIMIT_EXCEEDED', { rules: ['ERR-RATE_LIMIT_EXCEEDED'] });
  ctx.expectHeader(over, 'Retry-After', (v) => v !== undefined && /^\d+$/.test(v.trim()), 'in seconds', {
    rules: ['ERR-RATE_LIMIT_EXCEEDED'],
  });
}
