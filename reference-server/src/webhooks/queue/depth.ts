// How much webhook work is waiting, for the metrics: one statement over the outbox and the open deliveries (both
// read through their partial or leading-status indexes). Operator-wide on purpose: it counts every landlord's
// work and returns only counts.
import type { Knex } from 'knex';
import type { QueueDepth } from '../../platform/metrics/metrics';

interface DepthRow {
  readonly outbox: number;
  readonly due: number;
  readonly scheduled: number;
}

export async function webhookQueueDepth(knex: Knex, now: Date): Promise<QueueDepth> {
  const result = await knex.raw<{ rows: DepthRow[] }>(
    `select
       (select count(*) from outbox_events where status = 'pending')::int as outbox,
       (select count(*) from webhook_deliveries
         where status in ('pending', 'retry_scheduled') and next_attempt_at <= ?)::int as due,
       (select count(*) from webhook_deliveries
         where status in ('pending', 'retry_scheduled') and next_attempt_at > ?)::int as scheduled`,
    [now, now],
  );
  const row = result.rows[0];
  return { outbox: row?.outbox ?? 0, due: row?.due ?? 0, scheduled: row?.scheduled ?? 0 };
}
