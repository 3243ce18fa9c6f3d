import type { DeliveryExchange } from './send-delivery';

export type Verdict = { readonly passed: boolean; readonly message: string };

const MAX_BODY_IN_MESSAGE = 200;

/** What came back, in one phrase: "401 {...} after 3 ms", "no answer within 10000 ms", "network error ECONNRESET". */
export function describeAnswer(exchange: DeliveryExchange): string {
  if (exchange.timedOut) return exchange.error ?? 'no answer';
  if (exchange.status === null) return `network error ${exchange.error ?? 'unknown'}`;
  const body =
    exchange.responseBody.length > MAX_BODY_IN_MESSAGE
      ? `${exchange.responseBody.slice(0, MAX_BODY_IN_MESSAGE)}…`
      : exchange.responseBody;
  return `${exchange.status}${body ? ` ${body}` : ''} after ${exchange.durationMs} ms`;
}

/** A valid delivery: any 2xx, within the sender's timeout (the spec's 10 s, or --timeout-ms). */
export function expectAccepted(exchange: DeliveryExchange, timeoutMs: number, what: string): Verdict {
  const ok =
    exchange.status !== null && exchange.status >= 200 && exchange.status < 300 && exchange.durationMs <= timeoutMs;
  return ok
    ? { passed: true, message: `${what}: answered ${exchange.status} in ${exchange.durationMs} ms` }
    : { passed: false, message: `expected 2xx within ${timeoutMs} ms to ${what}; got ${describeAnswer(exchange)}` };
}

/** An unverifiable delivery: exactly 401 (spec: reject unverifiable bodies with 401). */
export function expectRejected(exchange: DeliveryExchange, what: string): Verdict {
  return exchange.status === 401
    ? { passed: true, message: `${what}: answered 401` }
    : { passed: false, message: `expected 401 to ${what}; got ${describeAnswer(exchange)}` };
}

/** All must pass; the message is the first failure's, or the passes joined. */
export function allOf(verdicts: readonly Verdict[]): Verdict {
  const failed = verdicts.find((v) => !v.passed);
  return failed ?? { passed: true, message: verdicts.map((v) => v.message).join('; ') };
}
