import { performance } from 'node:perf_hooks';

import type { CheckResult } from '@ppapi/spec';
import type { CaseContext } from './case-context';
import { curlReproduction } from './curl-reproduction';
import type { OutgoingDelivery } from './delivery-factory';
import type { DeliveryExchange } from './send-delivery';
import type { Verdict } from './verdicts';

export interface CheckDefinition {
  readonly id: string;
  readonly title: string;
  readonly group: string;
  readonly rules: readonly string[];
}

/**
 * Runs one check: everything it sends is recorded, so the result carries the exchanges and a curl command
 * for each, in order (duplicates and retries need the sequence to reproduce).
 */
export async function runCheck(
  ctx: CaseContext,
  definition: CheckDefinition,
  body: (send: (delivery: OutgoingDelivery) => Promise<DeliveryExchange>) => Promise<Verdict>,
): Promise<CheckResult> {
  if (!ctx.selects(definition)) {
    return { ...definition, status: 'skipped', message: 'not selected by --only', durationMs: 0 };
  }
  const started = performance.now();
  const exchanges: DeliveryExchange[] = [];
  const send = async (delivery: OutgoingDelivery): Promise<DeliveryExchange> => {
    const exchange = await ctx.send(delivery);
    exchanges.push(exchange);
    return exchange;
  };
  let verdict: Verdict;
  try {
    verdict = await body(send);
  } catch (err) {
    verdict = { passed: false, message: `tester error: ${err instanceof Error ? err.message : String(err)}` };
  }
  return {
    id: definition.id,
    title: definition.title,
    group: definition.group,
    rules: definition.rules,
    status: verdict.passed ? 'passed' : 'failed',
    message: verdict.message,
    reproduction: curlReproduction(
      exchanges.map((e) => e.request),
      ctx.timeoutMs,
    ),
    durationMs: Math.round(performance.now() - started),
    seed: ctx.seed,
    exchanges: exchanges.map((e) => e.recorded),
  };
}
