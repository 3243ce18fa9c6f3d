// Services call recordEvent inside their write transaction; a rolled-back (or sandbox) write leaves no event.
// `data` must be exactly the catalogue's fields for `type` (see ../catalogue/build.ts: buildEventData); the
// dispatcher validates every row and logs and skips a malformed one instead of delivering it.
import { randomUUID } from 'node:crypto';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { EventDataError, eventDataProblems } from '../catalogue/build';
import type { EventType } from '../event-types';
import { signalWebhookWork } from './signal';

// WEBHOOK_STRICT_EVENTS=1 (CI, development; set from the config when deps open): a malformed event fails the
// write that records it, so the service's own tests find the mistake instead of the dispatcher skipping it.
let strict = false;
export function setStrictEventRecording(on: boolean): void {
  strict = on;
}

export interface RecordedEvent {
  readonly id: string;
  readonly eventId: string;
  readonly type: EventType;
}

export async function recordEvent(ctx: WriteContext, type: EventType, data: Record<string, unknown>): Promise<RecordedEvent> {
  if (strict) {
    const problems = eventDataProblems(type, data);
    if (problems.length > 0) throw new EventDataError(type, problems);
  }
  const id = randomUUID();
  await ctx.db('outbox_events').insert({ id, landlord_id: ctx.landlordId, event_type: type, data: JSON.stringify(data), status: 'pending', created_at: ctx.clock.now() });
  // Wake the dispatcher once the write commits (never for a sandbox write: it is rolled back).
  ctx.afterCommit(async () => signalWebhookWork());
  return { id, eventId: `evt_${id}`, type };
}
