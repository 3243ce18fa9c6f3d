// What one answer of the receiver means, graded by the rule it concerns: the verification paragraph and the
// 10-second timeout are MUST rules, the receiver duties of Delivery 5 ("Receivers should answer 2xx quickly,
// verify the signature first (reject unverifiable bodies with 401), de-duplicate ...") a SHOULD one. A failed
// verdict names the rules it fails (the runner's grading turns a SHOULD-only failure into a warning unless
// --strict); a broken connection is no verdict on the receiver at all.
import type { DeliveryExchange } from './send-delivery';
import { RULES } from './rules';

export type Verdict =
  | { readonly outcome: 'passed'; readonly message: string }
  | {
      readonly outcome: 'failed';
      readonly message: string;
      readonly expected: string;
      readonly got: string;
      /** The rules this answer breaks: grading uses them (a SHOULD-only failure is a warning without --strict). */
      readonly failedRules: readonly string[];
    }
  /** The connection broke (refused, reset, closed without an answer): the network's or the tester's fault. */
  | { readonly outcome: 'error'; readonly message: string };

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

function failed(expected: string, exchange: DeliveryExchange, failedRules: readonly string[]): Verdict {
  const got = describeAnswer(exchange);
  return { outcome: 'failed', message: `expected ${expected}; got ${got}`, expected, got, failedRules };
}

/** No answer and no timeout: the connection broke, which says nothing about how the receiver judged the delivery. */
function brokenConnection(exchange: DeliveryExchange, what: string): Verdict | undefined {
  if (exchange.status !== null || exchange.timedOut) return undefined;
  return {
    outcome: 'error',
    message: `the connection broke sending ${what} (${exchange.error ?? 'no answer'}); not a verdict on the receiver`,
  };
}

const is2xx = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

export interface AcceptOptions {
  /**
   * The rules a non-2xx answer breaks. Default: 401, the spec's answer to an unverifiable body, says a correct
   * signature failed verification (EVT-VERIFY-1, MUST); any other refusal breaks only the receiver duty to answer
   * 2xx (SHOULD). A case whose delivery
   * differs from a plain one only in what the verification paragraph allows (hex case, the exact raw bytes) names
   * that paragraph's rule: refusing it is a verification that does not follow the spec (MUST).
   */
  readonly refusalBreaks?: readonly string[];
}

/**
 * A valid delivery: any 2xx inside the timeout ("Any 2xx response is success"). However slow, an answer inside
 * the timeout is not a failure; no answer within it breaks the 10-second timeout (MUST).
 */
export function expectAccepted(
  exchange: DeliveryExchange,
  timeoutMs: number,
  what: string,
  options: AcceptOptions = {},
): Verdict {
  const broken = brokenConnection(exchange, what);
  if (broken) return broken;
  const expected = `2xx within ${timeoutMs} ms to ${what}`;
  if (exchange.timedOut) return failed(expected, exchange, [RULES.deliveryTimeout]);
  if (!is2xx(exchange.status))
    return failed(
      expected,
      exchange,
      options.refusalBreaks ?? (exchange.status === 401 ? [RULES.verifyRawBody] : [RULES.receiverDuties]),
    );
  return { outcome: 'passed', message: `${what}: answered ${exchange.status} in ${exchange.durationMs} ms` };
}

/**
 * An unverifiable delivery. Accepting it (2xx) breaks `acceptanceBreaks` (the verification rule it tests);
 * refusing it otherwise than with 401, or not answering, breaks only the SHOULD duty to reject with 401.
 */
export function expectRejected(exchange: DeliveryExchange, what: string, acceptanceBreaks: readonly string[]): Verdict {
  const broken = brokenConnection(exchange, what);
  if (broken) return broken;
  if (is2xx(exchange.status)) return failed(`a rejection (401) of ${what}`, exchange, acceptanceBreaks);
  if (exchange.status !== 401) return failed(`401 to ${what}`, exchange, [RULES.receiverDuties]);
  return { outcome: 'passed', message: `${what}: answered 401` };
}
