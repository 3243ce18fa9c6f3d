// Faults of the "refused success is a failure" rule (own-data.ts, refusedVariant): deployments that refuse, with
// 400, a create the spec says succeeds while accepting the plain body. The checks used to SKIP on these.
import type { SelfTestTable } from '../../../self-test/checks/platform.self-tests';
import type { ProxyRequest } from '../../../self-test/support/broken';
import { apiPath, errorResponse, isRec } from '../../../self-test/support/faults';

function jsonBody(req: ProxyRequest): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(req.body.toString('utf8')) as unknown;
    return isRec(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

const refused = (description: string, path: string, when: (body: Record<string, unknown>) => boolean) => () => ({
  description,
  request: (req: ProxyRequest) => {
    const body = req.method === 'POST' && apiPath(req) === path ? jsonBody(req) : undefined;
    return body && when(body) ? errorResponse(400, 'VALIDATION_ERROR', 'Validation failed: status is not allowed here') : undefined;
  },
});

export const OWN_DATA_SELF_TESTS: SelfTestTable = {
  'contracts.statusDerivedFromDatesUnlessNoticeServed': [{ fault: refused('POST /contracts with status "Notice Served" is refused with 400', '/contracts', (b) => b.status === 'Notice Served') }],
  'rent.createNormalisesPeriodAndDefaultsPaid': [
    { fault: refused('POST /rent with status "Paid" and no amountReceived (the defaults) is refused with 400', '/rent', (b) => b.status === 'Paid' && b.amountReceived === undefined) },
    { fault: refused('POST /rent with status "Overdue" is refused with 400', '/rent', (b) => b.status === 'Overdue') },
  ],
};
