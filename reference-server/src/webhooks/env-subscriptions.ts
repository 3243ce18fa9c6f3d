// WEBHOOK_URL + WEBHOOK_SECRET (interfaces.md): on start, the landlord of the enterpriseLive fixture key gets
// subscriptions that together deliver every event type to WEBHOOK_URL, signed with WEBHOOK_SECRET. One
// endpoint holds at most MAX_EVENT_TYPES_PER_SUBSCRIPTION types, so it takes more than one. Idempotent across restarts on a kept database: the two
// subscriptions are found by their description and brought up to date instead of created again.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { FIXTURE_KEYS } from '@ppapi/spec';
import { hashKey } from '../platform/auth/keys';
import type { Clock } from '../platform/clock';
import { EVENT_TYPES, MAX_EVENT_TYPES_PER_SUBSCRIPTION } from './event-types';

const DESCRIPTION = (part: number, of: number): string => `WEBHOOK_URL (environment) ${part}/${of}`;
/** Arbitrary constant key of the advisory lock that serialises this provisioning across processes. */
const ENV_SUBSCRIPTIONS_LOCK = 7_461_202_612;

/** Every type, in as few subscriptions as the per-endpoint limit allows, split evenly. */
export function envSubscriptionParts(): string[][] {
  const count = Math.ceil(EVENT_TYPES.length / MAX_EVENT_TYPES_PER_SUBSCRIPTION);
  const size = Math.ceil(EVENT_TYPES.length / count);
  return Array.from({ length: count }, (_, i) => EVENT_TYPES.slice(i * size, (i + 1) * size));
}

export async function provisionEnvSubscriptions(
  deps: { knex: Knex; clock: Clock; logger: Logger },
  input: { url: string; secret: string },
): Promise<string[] | null> {
  const { knex, clock, logger } = deps;
  const key = await knex('api_keys')
    .where('key_hash', hashKey(FIXTURE_KEYS.enterpriseLive))
    .first<{ landlord_id: string } | undefined>('landlord_id');
  if (!key) {
    logger.warn('WEBHOOK_URL is set but the enterpriseLive fixture landlord does not exist: no subscriptions created');
    return null;
  }
  const parts = envSubscriptionParts();
  const now = clock.now();
  const ids: string[] = [];
  await knex.transaction(async (trx) => {
    // Every process of a deployment runs this at start, servers and workers alike, often together: without the
    // lock each would find no subscription and create its own, and every event would go to WEBHOOK_URL once per
    // process.
    await trx.raw('select pg_advisory_xact_lock(?)', [ENV_SUBSCRIPTIONS_LOCK]);
    for (const [i, events] of parts.entries()) {
      const description = DESCRIPTION(i + 1, parts.length);
      const [existing, ...extra] = await trx('webhook_subscriptions')
        .where({ landlord_id: key.landlord_id, description })
        .orderBy('created_at')
        .orderBy('id')
        .select<Array<{ id: string }>>('id');
      // Copies made by starts before the lock: deleted as the dashboard deletes (their history kept).
      if (extra.length > 0)
        await trx('webhook_subscriptions')
          .whereIn(
            'id',
            extra.map((e) => e.id),
          )
          .whereNull('deleted_at')
          .update({ active: false, deleted_at: now, updated_at: now });
      const row = { url: input.url, secret: input.secret, events, active: true, deleted_at: null, updated_at: now };
      if (existing) {
        await trx('webhook_subscriptions').where({ id: existing.id }).update(row);
        ids.push(existing.id);
      } else {
        const id = randomUUID();
        await trx('webhook_subscriptions').insert({
          id,
          landlord_id: key.landlord_id,
          description,
          created_at: now,
          ...row,
        });
        ids.push(id);
      }
    }
  });
  logger.info({ url: input.url, subscriptions: ids }, 'WEBHOOK_URL subscriptions ready (all event types)');
  return ids;
}
