// The spec lets every endpoint answer 503 ("Status codes that any endpoint above may return: 401, 403, 429, 500,
// 503") and tells clients to "treat 5xx as transient and retry once". A request answered with a well-formed 503 (the
// error envelope, a 503 code of the Errors table, `Retry-After` in seconds or as an HTTP-date) learned nothing about the rule it was sent for: the
// client throws DeploymentUnavailable, a transport error, so the check is `error` wherever the answer came (setup,
// property run, cleanup) and the runner retries it once; never a verdict. The run-wide observers still see the answer
// first, and a malformed 503 is returned and judged as any answer is.
import { statusOfCode } from '../rules/errors';
import { isRetryAfter } from './retry-after';

/**
 * `503 CODE` when an answer is a 503 the spec allows any endpoint to give; undefined otherwise. Takes the answer as
 * the client already has it (headers with lower-case names, the body parsed once), not the recorded exchange, whose
 * body may be truncated.
 */
export function unavailableAnswer(
  status: number,
  headers: Readonly<Record<string, string>>,
  json: unknown,
): string | undefined {
  if (status !== 503) return undefined;
  const retryAfter = headers['retry-after'];
  if (retryAfter === undefined || !isRetryAfter(retryAfter)) return undefined;
  if (typeof json !== 'object' || json === null) return undefined;
  const { error, code } = json as { error?: unknown; code?: unknown };
  if (typeof error !== 'string' || typeof code !== 'string' || statusOfCode(code) !== 503) return undefined;
  return `503 ${code}`;
}
