// A fault wrapped to count how often it changed an exchange: a mutant or a red-team deployment that changed
// nothing says nothing about the suite.
import type { Fault, ProxyResponse } from './broken';

/** Wraps a fault so the run can tell whether it changed anything. */
export function counted(fault: Fault): { fault: Fault; applied: () => number } {
  let applied = 0;
  const changedResponse = (before: ProxyResponse, after: ProxyResponse | void | undefined): void => {
    if (after && after !== before) applied += 1;
  };
  return {
    applied: () => applied,
    fault: {
      ...fault,
      ...(fault.request
        ? {
            request: async (req, ctx) => {
              const out = await fault.request?.(req, ctx);
              if (out) applied += 1;
              return out;
            },
          }
        : {}),
      ...(fault.response
        ? {
            response: async (res, req, ctx) => {
              const out = await fault.response?.(res, req, ctx);
              changedResponse(res, out);
              return out;
            },
          }
        : {}),
    },
  };
}
