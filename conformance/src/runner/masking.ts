// Results leave the runner masked (unless --show-secrets): reports get shared, keys must not be.

import type { CheckResult, RecordedExchange } from '../model';
import type { Masker } from '../http/mask';

function maskRecord(record: Readonly<Record<string, string>>, masker: Masker): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, masker.mask(v)]));
}

export function maskExchange(exchange: RecordedExchange, masker: Masker): RecordedExchange {
  const { request, response } = exchange;
  return {
    ...exchange,
    request: {
      ...request,
      url: masker.mask(request.url),
      headers: maskRecord(request.headers, masker),
      ...(request.body !== undefined ? { body: masker.mask(request.body) } : {}),
      ...(request.multipart
        ? {
            multipart: request.multipart.map((p) =>
              p.value !== undefined ? { ...p, value: masker.mask(p.value) } : p,
            ),
          }
        : {}),
    },
    ...(response
      ? { response: { ...response, headers: maskRecord(response.headers, masker), body: masker.mask(response.body) } }
      : {}),
  };
}

export function maskResult(result: CheckResult, masker: Masker): CheckResult {
  const opt = (s: string | undefined): string | undefined => (s === undefined ? undefined : masker.mask(s));
  return {
    ...result,
    message: masker.mask(result.message),
    ...(result.reproduction !== undefined ? { reproduction: opt(result.reproduction) } : {}),
    ...(result.expected !== undefined ? { expected: opt(result.expected) } : {}),
    ...(result.got !== undefined ? { got: opt(result.got) } : {}),
    ...(result.counterexample !== undefined ? { counterexample: opt(result.counterexample) } : {}),
    ...(result.exchanges ? { exchanges: result.exchanges.map((e) => maskExchange(e, masker)) } : {}),
  };
}
