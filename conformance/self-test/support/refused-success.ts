// Faults of the "refused success is a failure" rule (checks/shared/own-data.ts, refusedVariant): deployments that
// refuse, with 400, a create the spec says succeeds while accepting the plain body. The checks used to SKIP on these.
import type { ProxyRequest } from './broken';
import { apiPath, errorResponse, isRec } from './faults';

function jsonBody(req: ProxyRequest): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(req.body.toString('utf8')) as unknown;
    return isRec(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

export const refusedSuccess =
  (description: string, path: string, when: (body: Record<string, unknown>) => boolean) => () => ({
    description,
    request: (req: ProxyRequest) => {
      const body = req.method === 'POST' && apiPath(req) === path ? jsonBody(req) : undefined;
      return body && when(body)
        ? errorResponse(400, 'VALIDATION_ERROR', 'Validation failed: status is not allowed here')
        : undefined;
    },
  });
