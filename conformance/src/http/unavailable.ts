// The spec lets every endpoint answer 503 ("Status codes that any endpoint above may return: 401, 403, 429, 500,
// 503") and tells clients to "treat 5xx as transient and retry once". A request answered with a well-formed 503 (the
// error envelope, a 503 code of the Errors table, `Retry-After`) learned nothing about the rule it was sent for: the
// client throws DeploymentUnavailable, a transport error, so the check is `error` wherever the answer came (setup,
// property run, cleanup) and the runner retries it once; never a verdict. The run-wide observers still see the answer
// first, and a malformed 503 is returned and judged as any answer is.
import type { RecordedExchange } from '../model';
import { statusOfCode } from '../rules/errors';

/** `503 CODE` when the exchange's answer is a 503 the spec allows any endpoint to give; undefined otherwise. */
export function unavailableAnswer(exchange: RecordedExchange | undefined): string | undefined {
  const response = exchange?.response;
  if (response?.status !== 503) return undefined;
  const retryAfter = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  if (retryAfter === undefined || !/^\d+$/.test(retryAfter.trim())) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, code } = body as { error?: unknown; code?: unknown };
  if (typeof error !== 'string' || typeof code !== 'string' || statusOfCode(code) !== 503) return undefined;
  return `503 ${code}`;
}
