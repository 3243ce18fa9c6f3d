// The invoice routes have per-LANDLORD limits of their own (PDF 20 per minute, email 10 per minute), shared by
// every key of the landlord, so the ordinary key pacing does not protect them. The resource checks book their
// invoice requests here (one sliding 60-second window per target, landlord and route) and wait for room, and
// a 429 from traffic the suite cannot see (other checks, other clients) is waited out with its Retry-After.
//
// The window is tracked per landlord: a key of a landlord the suite provisioned for one check (registered with
// registerLandlordKey) books in that landlord's window, so checks on landlords of their own never wait for each
// other; the target's configured keys book in their landlord's (main, or otherLandlord) shared window.
//
// A booking is dated when its request has been answered (the request may wait in the client's pacing first, and
// the server counts it when it arrives), so the suite's view of the window never runs ahead of the server's.

import type { HttpResponse, RequestOptions } from '../../http/client';
import { INVOICE_EMAIL_PER_MINUTE, INVOICE_PDF_PER_MINUTE } from '../../rules/limits';
import type { CheckContext } from '../../runner/check';

export type InvoiceRoute = 'pdf' | 'email';

const WINDOW_MS = 60_000;
const SLACK_MS = 1_000;
export const INVOICE_LIMITS: Readonly<Record<InvoiceRoute, number>> = {
  pdf: INVOICE_PDF_PER_MINUTE,
  email: INVOICE_EMAIL_PER_MINUTE,
};

/** One booked request: `at` is when it counts (provisional until its answer came back). */
interface Booking {
  at: number;
}

/** Bookings whose request has been answered: re-dated to the answer's time. */
export interface Ticket {
  settle(): void;
}

const history = new Map<string, Booking[]>();
/** Reservations are serialised per window (landlord and route), never across landlords. */
const queues = new Map<string, Promise<unknown>>();
/** Literal keys of landlords provisioned by the suite → their landlord id. */
const provisioned = new Map<string, string>();

/** Books the invoice requests of `key` (a literal key) in the window of landlord `landlordId` from now on. */
export function registerLandlordKey(key: string, landlordId: string): void {
  provisioned.set(key, landlordId);
}

function landlordOf(role: string | undefined): string {
  const own = role === undefined ? undefined : provisioned.get(role);
  if (own !== undefined) return `landlord:${own}`;
  return role === 'otherLandlord' || role === 'otherLandlordSandbox' ? 'other' : 'main';
}

function windowId(ctx: CheckContext, route: InvoiceRoute, role: string | undefined): string {
  return `${ctx.target.baseUrl}\u0000${landlordOf(role)}\u0000${route}`;
}

function bucket(ctx: CheckContext, route: InvoiceRoute, role: string | undefined): Booking[] {
  const key = windowId(ctx, route, role);
  let list = history.get(key);
  if (!list) history.set(key, (list = []));
  return list;
}

function live(list: Booking[], now: number): number[] {
  const kept = list.filter((b) => b.at > now - WINDOW_MS);
  list.splice(0, list.length, ...kept);
  return kept.map((b) => b.at).sort((a, b) => a - b);
}

/** Serialised: waits until `n` more requests fit in the landlord's window for `route`, then books them. */
export function reserveInvoiceRequests(ctx: CheckContext, route: InvoiceRoute, n = 1, role?: string): Promise<Ticket> {
  const id = windowId(ctx, route, role);
  const run = (queues.get(id) ?? Promise.resolve()).then(async () => {
    const list = bucket(ctx, route, role);
    // Requests beyond the limit are refused (429) and do not use the window.
    const wanted = Math.min(n, INVOICE_LIMITS[route]);
    for (;;) {
      const now = ctx.clock.now();
      const times = live(list, now);
      if (times.length + wanted <= INVOICE_LIMITS[route]) break;
      const frees = times[times.length + wanted - INVOICE_LIMITS[route] - 1];
      await ctx.sleep(Math.max(frees + WINDOW_MS + SLACK_MS - now, 50));
    }
    const booked: Booking[] = Array.from({ length: wanted }, () => ({ at: ctx.clock.now() }));
    list.push(...booked);
    return {
      settle() {
        const at = ctx.clock.now();
        for (const b of booked) b.at = Math.max(b.at, at);
      },
    };
  });
  queues.set(
    id,
    run.catch(() => undefined),
  );
  return run;
}

/** Waits until none of the suite's own requests to `route` are inside the window (a fresh minute, as far as the suite knows). */
export async function waitForFreshInvoiceWindow(ctx: CheckContext, route: InvoiceRoute, role?: string): Promise<void> {
  await reserveInvoiceRequests(ctx, route, INVOICE_LIMITS[route], role);
  // The booking above was only to wait; forget it so the caller books its own requests.
  bucket(ctx, route, role).length = 0;
}

/** Books the whole window as used from now on (after requests the caller sent without booking them). */
export function markInvoiceWindowUsed(ctx: CheckContext, route: InvoiceRoute, role?: string): void {
  const list = bucket(ctx, route, role);
  const now = ctx.clock.now();
  list.splice(0, list.length, ...Array.from({ length: INVOICE_LIMITS[route] }, () => ({ at: now })));
}

export function retryAfterMs(res: HttpResponse): number {
  const seconds = Number(res.headers['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 120) * 1000 + SLACK_MS : WINDOW_MS + SLACK_MS;
}

/**
 * One request to an invoice route, booked in the landlord's window; a 429 caused by traffic the suite could not
 * book is waited out (Retry-After) and retried, up to `retries` times.
 */
export async function invoiceRequest(
  ctx: CheckContext,
  route: InvoiceRoute,
  options: RequestOptions,
  retries = 3,
): Promise<HttpResponse> {
  for (let attempt = 0; ; attempt++) {
    const ticket = await reserveInvoiceRequests(ctx, route, 1, options.key);
    let res: HttpResponse;
    try {
      res = await ctx.http.request(options);
    } finally {
      ticket.settle();
    }
    if (res.status !== 429 || attempt >= retries) return res;
    await ctx.sleep(retryAfterMs(res));
  }
}

/**
 * `n` identical requests at once, booked as one burst. When every answer is a 429 (the minute was spent by traffic
 * the suite could not book) the burst is sent again after Retry-After, up to `retries` times: refused requests never
 * reached the route, so repeating them changes nothing.
 */
export async function invoiceBurst(
  ctx: CheckContext,
  route: InvoiceRoute,
  n: number,
  options: RequestOptions,
  retries = 3,
): Promise<HttpResponse[]> {
  for (let attempt = 0; ; attempt++) {
    const ticket = await reserveInvoiceRequests(ctx, route, n, options.key);
    let answers: HttpResponse[];
    try {
      answers = await Promise.all(Array.from({ length: n }, () => ctx.http.request(options)));
    } finally {
      ticket.settle();
    }
    if (!answers.every((r) => r.status === 429) || attempt >= retries) return answers;
    await ctx.sleep(Math.max(...answers.map(retryAfterMs)));
  }
}
