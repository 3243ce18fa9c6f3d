// Emits the date-driven events (rules.ts) for landlords who can receive webhooks. Each occurrence fires once:
// its scheduled_events key (event type, source id, occurrence) and its outbox row are written in one
// transaction, and a second run (or a second process) finds the key and writes nothing. Runs on start and then
// periodically; tests call runOnce() with a ManualClock.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock';
import { runWrite, type WriteContext } from '../../platform/sandbox/unit-of-work';
import { localDate } from '../../platform/time/dates';
import { WEBHOOK_PLANS } from '../dispatch/dispatcher';
import { recordAnyEvent } from '../outbox/record';
import { SCHEDULED_RULES, type Occurrence, type ScheduledEvent } from './rules';

export interface SchedulerDeps {
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
}

export type SchedulerRun = Record<string, number>;

/** PostgreSQL's foreign_key_violation: the row's landlord (or source) was deleted after the rule found it. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Inside a write: records the occurrence's event unless its key exists; true when recorded now. A service
 * that moves something into a scheduled state itself (e.g. a contract PATCHed to end yesterday, which is
 * Ended at once) calls this with the same key, so the event still fires once. A sandbox write rolls it back.
 */
export async function recordOnce(ctx: WriteContext, occurrence: ScheduledEvent): Promise<boolean> {
  const key = { event_type: occurrence.type, source_id: occurrence.sourceId, occurrence: occurrence.occurrence };
  const inserted = await ctx
    .db('scheduled_events')
    .insert({ ...key, landlord_id: ctx.landlordId, created_at: ctx.clock.now() })
    .onConflict(['event_type', 'source_id', 'occurrence'])
    .ignore()
    .returning('source_id');
  if (inserted.length === 0) return false;
  const event = await recordAnyEvent(ctx, occurrence);
  await ctx.db('scheduled_events').where(key).update({ outbox_event_id: event.id });
  return true;
}

/** Records one occurrence in a transaction of its own. */
export const emitOnce = (deps: SchedulerDeps, occurrence: Occurrence): Promise<boolean> =>
  runWrite(deps, occurrence.landlordId, false, (ctx) => recordOnce(ctx, occurrence));

export class EventScheduler {
  private running?: Promise<SchedulerRun>;

  constructor(private readonly deps: SchedulerDeps) {}

  /** One pass over every rule; concurrent calls share the pass in progress. */
  runOnce(): Promise<SchedulerRun> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Resolves when no pass is running. */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** emitOnce, except that a landlord deleted from the dashboard since the rule found its occurrence is skipped. */
  private async emitUnlessGone(occurrence: Occurrence): Promise<boolean> {
    try {
      return await emitOnce(this.deps, occurrence);
    } catch (err) {
      if ((err as { code?: unknown } | null)?.code !== FOREIGN_KEY_VIOLATION) throw err;
      this.deps.logger.debug(
        { landlordId: occurrence.landlordId, event: occurrence.type },
        'scheduled event of a deleted landlord skipped',
      );
      return false;
    }
  }

  private async pass(): Promise<SchedulerRun> {
    const { knex, clock, logger } = this.deps;
    const landlords = await knex('landlords')
      .whereIn('plan', [...WEBHOOK_PLANS])
      .where('subscription_status', 'active')
      .select<Array<{ id: string; timezone: string }>>('id', 'timezone');
    // Landlords in one time zone share "today".
    const byZone = new Map<string, string[]>();
    for (const l of landlords) byZone.set(l.timezone, [...(byZone.get(l.timezone) ?? []), l.id]);
    const counts: SchedulerRun = Object.fromEntries(SCHEDULED_RULES.map((r) => [r.type, 0]));
    for (const [zone, ids] of byZone) {
      const today = localDate(clock, zone);
      for (const rule of SCHEDULED_RULES) {
        try {
          for (const occurrence of await rule.find(knex, ids, today)) {
            if (await this.emitUnlessGone(occurrence)) counts[rule.type] = (counts[rule.type] ?? 0) + 1;
          }
        } catch (err) {
          logger.error({ err, rule: rule.type, zone }, 'scheduled webhook rule failed');
        }
      }
    }
    if (Object.values(counts).some((n) => n > 0)) logger.info(counts, 'scheduled webhook events recorded');
    return counts;
  }
}
