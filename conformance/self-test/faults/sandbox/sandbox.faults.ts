// The faults of the checks in sandbox.ts: each must make its check FAIL (a broken deployment per fault).
import { isListAnswer, isWrite, keyOf, mapHeaders, mapJson, sandboxThatWrites, swapKey } from '../../support/faults';
import { Rec, meta, key } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Sandbox ------------------------------------------------------------------------------------------
  'sandbox.createAnswersMockAndPersistsNothing': [
    { fault: (t) => sandboxThatWrites(t) },
    {
      fault: (t) =>
        mapJson(
          'sandbox mocks lack sandbox: true',
          (q, r) => keyOf(q) === t.keys.enterpriseSandbox && isWrite(q) && r.status < 300,
          (b) => ({ ...b, data: { ...(b.data as Rec), sandbox: undefined } }),
        ),
    },
    {
      fault: (t) =>
        mapHeaders(
          'sandbox answers say X-Service-Mode: live',
          (q) => keyOf(q) === t.keys.enterpriseSandbox,
          (h) => (h['x-service-mode'] = 'live'),
        ),
    },
  ],
  'sandbox.patchAnswersMockAndChangesNothing': [
    { fault: (t) => sandboxThatWrites(t) },
    {
      fault: (t) =>
        mapJson(
          'sandbox mocks lack sandbox: true',
          (q, r) => keyOf(q) === t.keys.enterpriseSandbox && isWrite(q) && r.status < 300,
          (b) => ({ ...b, data: { ...(b.data as Rec), sandbox: undefined } }),
        ),
    },
  ],
  'sandbox.deleteAnswersMockAndDeletesNothing': [
    { fault: (t) => sandboxThatWrites(t) },
    {
      fault: (t) =>
        mapJson(
          'sandbox delete mocks lack sandbox: true',
          (q, r) => keyOf(q) === t.keys.enterpriseSandbox && isWrite(q) && r.status < 300,
          (b) => ({ ...b, data: { ...(b.data as Rec), sandbox: undefined } }),
        ),
    },
  ],
  'sandbox.readsReturnTheSameDataAsLive': [
    {
      fault: (t) =>
        mapJson(
          'sandbox reads answer empty lists',
          (q, r) => keyOf(q) === t.keys.enterpriseSandbox && q.method === 'GET' && isListAnswer(r),
          (b) => ({ ...b, data: [], meta: { ...meta(b), total: 0 } }),
        ),
    },
    {
      fault: (t) =>
        swapKey(
          "sandbox reads answer another landlord's data",
          key(t, 'enterpriseSandbox'),
          key(t, 'otherLandlord'),
          (q) => q.method === 'GET',
        ),
    },
  ],
};
