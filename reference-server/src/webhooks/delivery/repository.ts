// Queries on webhook_deliveries and webhook_delivery_attempts. These are system tables (workers read them
// across landlords), so they are queried here directly rather than through landlord-scoped models.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export type DeliveryStatus = 'pending' | 'retry_scheduled' | 'succeeded' | 'permanently_failed';
export const OPEN_STATUSES: readonly DeliveryStatus[] = ['pending', 'retry_scheduled'];
export type AttemptTrigger = 'automatic' | 'manual';

export interface DeliveryRow {
  id: string;
  landlord_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  test: boolean;
  body: string;
  status: DeliveryStatus;
  attempt_count: number;
  max_attempts: number;
  next_attempt_at: Date | null;
  next_trigger: AttemptTrigger;
  locked_until: Date | null;
  locked_by: string | null;
  enqueued_attempt: number | null;
  enqueued_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

export interface AttemptRow {
  id: string;
  delivery_id: string;
  attempt_number: number;
  trigger: AttemptTrigger;
  attempted_at: Date;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  succeeded: boolean;
}

/** Where and how a delivery is sent: its subscription's URL and secret, read at attempt time. */
export interface Target {
  url: string;
  secret: string;
  usable: boolean;
}

const DELIVERIES = 'webhook_deliveries';
const ATTEMPTS = 'webhook_delivery_attempts';

export type NewDelivery = Pick<
  DeliveryRow,
  'landlord_id' | 'subscription_id' | 'event_id' | 'event_type' | 'test' | 'body' | 'max_attempts'
>;

/** Inserts deliveries due now; a second insert for the same (event, subscription) is ignored. */
export async function insertDeliveries(
  db: Knex | Knex.Transaction,
  rows: readonly NewDelivery[],
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200).map((r) => ({
      id: randomUUID(),
      ...r,
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: now,
      next_trigger: 'automatic',
      created_at: now,
      updated_at: now,
    }));
    const inserted = await db(DELIVERIES)
      .insert(chunk)
      .onConflict(['event_id', 'subscription_id'])
      .ignore()
      .returning<Array<{ id: string }>>('id');
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export async function findDelivery(db: Knex, id: string): Promise<DeliveryRow | undefined> {
  return db<DeliveryRow>(DELIVERIES).where({ id }).first();
}

export async function targetsOf(db: Knex, subscriptionIds: readonly string[]): Promise<Map<string, Target>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await db('webhook_subscriptions')
    .whereIn('id', [...new Set(subscriptionIds)])
    .select<
      Array<{
        id: string;
        url: string;
        secret: string;
        active: boolean;
        deleted_at: Date | null;
      }>
    >('id', 'url', 'secret', 'active', 'deleted_at');
  return new Map(rows.map((r) => [r.id, { url: r.url, secret: r.secret, usable: r.active && r.deleted_at === null }]));
}

/** A delivery row joined with its subscription's url, secret and state (one query instead of two). */
type RowWithTarget = DeliveryRow & {
  target_url: string | null;
  target_secret: string | null;
  target_active: boolean | null;
  target_deleted_at: Date | null;
};

export interface Claimed {
  readonly row: DeliveryRow;
  readonly target: Target | undefined;
}

function splitTarget(found: RowWithTarget): Claimed {
  const { target_url, target_secret, target_active, target_deleted_at, ...row } = found;
  const target =
    target_url === null || target_secret === null
      ? undefined
      : { url: target_url, secret: target_secret, usable: target_active === true && target_deleted_at === null };
  return { row: row, target };
}

const TARGET_COLUMNS =
  's.url as target_url, s.secret as target_secret, s.active as target_active, s.deleted_at as target_deleted_at';

/**
 * Embedded queue: atomically leases up to `limit` due deliveries to `workerId` until `leaseUntil`, and returns
 * them with their targets. Rows held by a live lease are skipped; SKIP LOCKED lets concurrent claimers
 * (processes on one PostgreSQL) each take different rows instead of waiting on each other.
 */
export async function claimDue(
  db: Knex,
  input: { now: Date; leaseUntil: Date; workerId: string; limit: number },
): Promise<Claimed[]> {
  if (input.limit <= 0) return [];
  const result = await db.raw<{ rows: RowWithTarget[] }>(
    `with claimed as (
       update ${DELIVERIES} set locked_until = ?, locked_by = ?
        where id in (
          select id from ${DELIVERIES}
           where status in ('pending', 'retry_scheduled') and next_attempt_at <= ?
             and (locked_until is null or locked_until < ?)
           order by next_attempt_at
           limit ?
           for update skip locked)
        returning *)
     select c.*, ${TARGET_COLUMNS} from claimed c left join webhook_subscriptions s on s.id = c.subscription_id
      order by c.next_attempt_at`,
    [input.leaseUntil, input.workerId, input.now, input.now, input.limit],
  );
  return result.rows.map(splitTarget);
}

/** PGlite only (one process owns the database): leases left by a killed process are void at start. */
export async function releaseAllLeases(db: Knex): Promise<number> {
  return db(DELIVERIES).whereNotNull('locked_until').update({ locked_until: null, locked_by: null });
}

/**
 * BullMQ pump: marks due deliveries as enqueued for their next attempt and returns them, so each attempt's
 * job is added once. Rows marked earlier than `staleBefore` whose attempt is still not recorded come back
 * too (their job may have been lost between this update and the add).
 */
export async function markDueForEnqueue(
  db: Knex,
  input: { now: Date; staleBefore: Date; limit: number },
): Promise<Array<{ id: string; attempt: number; stale: boolean }>> {
  const result = await db.raw<{ rows: Array<{ id: string; attempt: number; stale: boolean }> }>(
    `update ${DELIVERIES} d set enqueued_attempt = d.attempt_count + 1, enqueued_at = ?
      from (
        select id, (enqueued_attempt = attempt_count + 1) as stale from ${DELIVERIES}
         where status in ('pending', 'retry_scheduled') and next_attempt_at <= ?
           and (enqueued_attempt is null or enqueued_attempt <> attempt_count + 1 or enqueued_at < ?)
         order by next_attempt_at
         limit ?
         for update skip locked) due
      where d.id = due.id
      returning d.id, d.enqueued_attempt as attempt, due.stale`,
    [input.now, input.now, input.staleBefore, input.limit],
  );
  return result.rows;
}

export interface AttemptOutcome {
  readonly attempt: number;
  readonly trigger: AttemptTrigger;
  readonly attemptedAt: Date;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
  readonly succeeded: boolean;
  readonly status: DeliveryStatus;
  readonly nextAttemptAt: Date | null;
  readonly now: Date;
}

export interface AttemptRecord {
  readonly deliveryId: string;
  readonly outcome: AttemptOutcome;
  /** Embedded queue: record only while this worker still holds the lease. */
  readonly lockedBy?: string;
}

/**
 * Records attempts and moves their deliveries on, in one statement (a CTE: atomic, one round trip for a whole
 * batch), each only if its delivery is still at the attempt before this one (and, for the embedded queue,
 * still leased by `lockedBy`). Returns the ids recorded; a missing id means someone else recorded it first,
 * and nothing was written for it.
 */
export async function recordAttempts(db: Knex, records: readonly AttemptRecord[]): Promise<Set<string>> {
  if (records.length === 0) return new Set();
  const row =
    '(?::uuid, ?::int, ?::varchar, ?::timestamptz, ?::int, ?::text, ?::timestamptz, ?::timestamptz, ?::varchar, ?::uuid, ?::varchar, ?::timestamptz, ?::int, ?::boolean)';
  const bindings = records.flatMap(({ deliveryId, outcome: o, lockedBy }) => {
    const final = o.status === 'succeeded' || o.status === 'permanently_failed';
    return [
      deliveryId,
      o.attempt,
      o.status,
      o.nextAttemptAt,
      o.statusCode,
      o.error,
      o.now,
      final ? o.now : null,
      lockedBy ?? null,
      randomUUID(),
      o.trigger,
      o.attemptedAt,
      o.latencyMs,
      o.succeeded,
    ];
  });
  const result = await db.raw<{ rows: Array<{ delivery_id: string }> }>(
    `with v (id, attempt, status, next_attempt_at, status_code, error, now, completed_at, locked_by, attempt_id, trigger, attempted_at, latency_ms, succeeded) as (
       values ${records.map(() => row).join(', ')}),
     moved as (
       update ${DELIVERIES} d set attempt_count = v.attempt, status = v.status, next_attempt_at = v.next_attempt_at, next_trigger = 'automatic',
              locked_until = null, locked_by = null, last_status_code = v.status_code, last_error = v.error, updated_at = v.now,
              completed_at = v.completed_at
         from v
        where d.id = v.id and d.attempt_count = v.attempt - 1 and d.status in ('pending', 'retry_scheduled')
          and (v.locked_by is null or d.locked_by = v.locked_by)
       returning d.id)
     insert into ${ATTEMPTS} (id, delivery_id, attempt_number, trigger, attempted_at, status_code, latency_ms, error, succeeded)
     select v.attempt_id, v.id, v.attempt, v.trigger, v.attempted_at, v.status_code, v.latency_ms, v.error, v.succeeded
       from v join moved on moved.id = v.id
     on conflict (delivery_id, attempt_number) do nothing
     returning delivery_id`,
    bindings,
  );
  return new Set(result.rows.map((r) => r.delivery_id));
}

/** One attempt: see recordAttempts. */
export async function recordAttempt(
  db: Knex,
  deliveryId: string,
  outcome: AttemptOutcome,
  lockedBy?: string,
): Promise<boolean> {
  return (await recordAttempts(db, [{ deliveryId, outcome, lockedBy }])).has(deliveryId);
}

/** A delivery with where it goes, in one query (the BullMQ worker reads both per job). */
export async function findDeliveryWithTarget(db: Knex, id: string): Promise<Claimed | undefined> {
  const found = await db(`${DELIVERIES} as d`)
    .leftJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .where('d.id', id)
    .first<RowWithTarget | undefined>(db.raw(`d.*, ${TARGET_COLUMNS}`));
  return found ? splitTarget(found) : undefined;
}

/** Ends a delivery without an attempt (its subscription was deleted or deactivated meanwhile). */
export async function abandon(db: Knex, deliveryId: string, reason: string, now: Date): Promise<void> {
  await db(DELIVERIES)
    .where({ id: deliveryId })
    .whereIn('status', OPEN_STATUSES as DeliveryStatus[])
    .update({
      status: 'permanently_failed',
      next_attempt_at: null,
      locked_until: null,
      locked_by: null,
      last_error: reason,
      updated_at: now,
      completed_at: now,
    });
}

/** Manual retry of a permanently failed delivery: one more attempt, due now. False when it is not failed. */
export async function requestManualRetry(db: Knex, deliveryId: string, now: Date): Promise<boolean> {
  const updated = await db(DELIVERIES)
    .where({ id: deliveryId, status: 'permanently_failed' })
    .update({
      status: 'pending',
      max_attempts: db.raw('attempt_count + 1'),
      next_attempt_at: now,
      next_trigger: 'manual',
      locked_until: null,
      locked_by: null,
      completed_at: null,
      updated_at: now,
    });
  return updated > 0;
}

export async function attemptsOf(db: Knex, deliveryIds: readonly string[]): Promise<Map<string, AttemptRow[]>> {
  const map = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return map;
  const rows = await db<AttemptRow>(ATTEMPTS)
    .whereIn('delivery_id', [...deliveryIds])
    .orderBy([{ column: 'delivery_id' }, { column: 'attempt_number' }]);
  for (const row of rows) map.set(row.delivery_id, [...(map.get(row.delivery_id) ?? []), row]);
  return map;
}

export interface DeliveryFilter {
  readonly status?: DeliveryStatus;
  readonly event?: string;
}

export async function listForSubscription(
  db: Knex,
  subscriptionId: string,
  filter: DeliveryFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const base = db<DeliveryRow>(DELIVERIES).where({ subscription_id: subscriptionId });
  if (filter.status) base.where('status', filter.status);
  if (filter.event) base.where('event_type', filter.event);
  const [rows, count] = await Promise.all([
    base
      .clone()
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(page.offset)
      .limit(page.limit),
    base.clone().count<Array<{ n: number | string }>>('* as n'),
  ]);
  return { rows: rows, total: Number(count[0]?.n ?? 0) };
}
