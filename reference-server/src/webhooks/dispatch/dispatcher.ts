// Outbox → deliveries. Takes a small batch of pending outbox rows (FOR UPDATE SKIP LOCKED, so several
// dispatchers never take the same rows), creates one delivery per active subscription of the event's landlord
// that lists the event type (landlords on Portfolio or Enterprise with an active subscription only), all with
// the event's id, and marks the rows dispatched, in one transaction. A row whose data is not exactly the
// catalogue's shape is logged and marked `invalid` instead of delivered.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock';
import { eventDataProblems } from '../catalogue/build';
import { fieldNamesOf } from '../catalogue/fields';
import { insertDeliveries, type NewDelivery } from '../delivery/repository';
import { buildEnvelope, serialiseEnvelope } from '../envelope';
import { EVENT_TYPES, type EventType } from '../event-types';

/** Plans whose landlords receive webhooks (Authentication rule 5). */
export const WEBHOOK_PLANS = ['Portfolio', 'Enterprise'] as const;

export interface DispatchDeps {
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly maxAttempts: number;
}

export interface DispatchResult {
  readonly events: number;
  readonly deliveries: number;
  readonly invalid: number;
}

interface OutboxRow {
  id: string;
  landlord_id: string;
  event_type: string;
  data: unknown;
  created_at: Date;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);

/** The stored data in catalogue field order (jsonb does not keep key order), for a readable body. */
const ordered = (type: EventType, data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(fieldNamesOf(type).map((name) => [name, data[name]]));

export async function dispatchBatch(deps: DispatchDeps, limit = 100): Promise<DispatchResult> {
  const { knex, clock, logger } = deps;
  return knex.transaction(async (trx) => {
    const now = clock.now();
    // Claim and mark in one statement; rows found malformed below are re-marked `invalid` in this transaction.
    const claimed = await trx.raw<{ rows: OutboxRow[] }>(
      `update outbox_events set status = 'dispatched', dispatched_at = ?
        where id in (select id from outbox_events where status = 'pending' order by created_at limit ? for update skip locked)
        returning id, landlord_id, event_type, data, created_at`,
      [now, limit],
    );
    const rows = claimed.rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
    if (rows.length === 0) return { events: 0, deliveries: 0, invalid: 0 };

    const valid: Array<OutboxRow & { event_type: EventType; data: Record<string, unknown> }> = [];
    const invalid: string[] = [];
    for (const row of rows) {
      const data = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
      const problems = KNOWN_TYPES.has(row.event_type)
        ? eventDataProblems(row.event_type as EventType, data)
        : [`unknown event type ${row.event_type}`];
      if (problems.length > 0) {
        logger.error(
          { outboxId: row.id, event: row.event_type, landlordId: row.landlord_id, problems },
          'malformed outbox event skipped',
        );
        invalid.push(row.id);
      } else {
        valid.push({ ...row, event_type: row.event_type as EventType, data: data as Record<string, unknown> });
      }
    }

    const landlordIds = [...new Set(valid.map((r) => r.landlord_id))];
    const subscriptions =
      landlordIds.length === 0
        ? []
        : await trx('webhook_subscriptions as s')
            .join('landlords as l', 'l.id', 's.landlord_id')
            .whereIn('s.landlord_id', landlordIds)
            .whereIn('l.plan', [...WEBHOOK_PLANS])
            .where('l.subscription_status', 'active')
            .where('s.active', true)
            .whereNull('s.deleted_at')
            .select<
              Array<{
                id: string;
                landlord_id: string;
                events: string[];
              }>
            >('s.id', 's.landlord_id', 's.events');

    const deliveries: NewDelivery[] = [];
    for (const event of valid) {
      const targets = subscriptions.filter(
        (s) => s.landlord_id === event.landlord_id && s.events.includes(event.event_type),
      );
      if (targets.length === 0) continue;
      // One body per event: every subscription (and every attempt) gets the same bytes and the same id.
      const body = serialiseEnvelope(
        buildEnvelope({
          eventUuid: event.id,
          type: event.event_type,
          createdAt: new Date(event.created_at),
          landlordId: event.landlord_id,
          data: ordered(event.event_type, event.data),
        }),
      );
      for (const s of targets) {
        deliveries.push({
          landlord_id: event.landlord_id,
          subscription_id: s.id,
          event_id: event.id,
          event_type: event.event_type,
          test: false,
          body,
          max_attempts: deps.maxAttempts,
        });
      }
    }
    const created = await insertDeliveries(trx, deliveries, now);
    if (invalid.length > 0)
      await trx('outbox_events').whereIn('id', invalid).update({ status: 'invalid', dispatched_at: now });
    return { events: rows.length, deliveries: created.length, invalid: invalid.length };
  });
}
