// The invoice routes have per-LANDLORD limits of their own (PDF 20 per minute, email 10 per minute), shared by
// every key of the landlord, so the ordinary key pacing does not protect them. The resource checks book their
// invoice requests here (one sliding 60-second window per target, landlord and route) and wait for room, and
// a 429 from traffic the suite cannot see (other checks, other clients) is waited out with its Retry-After.

import type { HttpResponse, RequestOptions } from '../../http/client';
import { INVOICE_EMAIL_PER_MINUTE, INVOICE_PDF_PER_MINUTE } from '../../rules/limits';
import type { CheckContext } from '../../runner/check';

export type InvoiceRoute = 'pdf' | 'email';

const WINDOW_MS = 60_000;
const SLACK_MS = 1_000;
export const INVOICE_LIMITS: Readonly<Record<InvoiceRoute, number>> = { pdf: INVOICE_PDF_PER_MINUTE, email: INVOICE_EMAIL_PER_MINUTE };

const history = new Map<string, number[]>();
let queue: Promise<unknown> = Promise.resolve();

function landlordOf(role: string | undefined): string {
  return role === 'otherLandlord' || role === 'otherLandlordSandbox' ? 'other' : 'main';
}

function bucket(ctx: CheckContext, route: InvoiceRoute, role: string | undefined): number[] {
  const key = `${ctx.target.baseUrl}\u0000${landlordOf(role)}\u0000${route}`;
  let list = history.get(key);
  if (!list) history.set(key, (list = []));
  return list;
}

function prune(list: number[], now: number): void {
  while (list.length > 0 && list[0]! <= now - WINDOW_MS) list.shift();
}

/** Serialised: waits until `n` more requests fit in the landlord's window for `route`, then books them. */
export function reserveInvoiceRequests(ctx: CheckContext, route: InvoiceRoute, n = 1, role?: string): Promise<void> {
  const run = queue.then(async () => {
    const list = bucket(ctx, route, role);
    const wanted = Math.min(n, INVOICE_LIMITS[route]);
    for (;;) {
      const now = ctx.clock.now();
      prune(list, now);
      if (list.length + wanted <= INVOICE_LIMITS[route]) break;
      const oldest = list[list.length + wanted - INVOICE_LIMITS[route] - 1]!;
      await ctx.sleep(oldest + WINDOW_MS + SLACK_MS - now);
    }
    // Requests beyond the limit are refused (429) and are not expected to use the window.
    const now = ctx.clock.now();
    for (let i = 0; i < wanted; i++) list.push(now);
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Waits until none of the suite's own requests to `route` are inside the window (a fresh minute, as far as the suite knows). */
export function waitForFreshInvoiceWindow(ctx: CheckContext, route: InvoiceRoute, role?: string): Promise<void> {
  return reserveInvoiceRequests(ctx, route, INVOICE_LIMITS[route], role).then(() => {
    // The booking above was only to wait; forget it so the caller books its own requests.
    bucket(ctx, route, role).length = 0;
  });
}

/** Books the whole window as used (after a burst of requests, some of which may have been refused). */
export function markInvoiceWindowUsed(ctx: CheckContext, route: InvoiceRoute, role?: string): void {
  const list = bucket(ctx, route, role);
  const now = ctx.clock.now();
  while (list.length < INVOICE_LIMITS[route]) list.push(now);
}

export function retryAfterMs(res: HttpResponse): number {
  const seconds = Number(res.headers['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 120) * 1000 + SLACK_MS : WINDOW_MS + SLACK_MS;
}

/**
 * One request to an invoice route, booked in the landlord's window; a 429 caused by traffic the suite could not
 * book is waited out (Retry-After) and retried, up to `retries` times.
 */
export async function invoiceRequest(ctx: CheckContext, route: InvoiceRoute, options: RequestOptions, retries = 3): Promise<HttpResponse> {
  for (let attempt = 0; ; attempt++) {
    await reserveInvoiceRequests(ctx, route, 1, options.key);
    const res = await ctx.http.request(options);
    if (res.status !== 429 || attempt >= retries) return res;
    await ctx.sleep(retryAfterMs(res));
  }
}
