// Services call recordEvent inside their write transaction; a rolled-back (or sandbox) write leaves no event.
// `data` must be exactly the catalogue's fields for `type` (see ../catalogue/build.ts: buildEventData); the
// dispatcher validates every row and logs and skips a malformed one instead of delivering it.
import { randomUUID } from 'node:crypto';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { EventDataError, eventDataProblems } from '../catalogue/build';
import type { EventType } from '../event-types';
import type { EventData } from '../catalogue/fields';
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

/** Any event with its data, type and data correlated (what the scheduler produces). */
export type AnyEvent = { [T in EventType]: { readonly type: T; readonly data: EventData<T> } }[EventType];

/** Records `type` with its catalogue data: a field missing, extra or of the wrong type is a compile error. */
export async function recordEvent<T extends EventType>(
  ctx: WriteContext,
  type: T,
  data: EventData<T>,
): Promise<RecordedEvent> {
  return insertEvent(ctx, type, data);
}

/** Records an event whose type is only known at run time, its data typed with it (see `AnyEvent`). */
export async function recordAnyEvent(ctx: WriteContext, event: AnyEvent): Promise<RecordedEvent> {
  return insertEvent(ctx, event.type, event.data);
}

async function insertEvent(ctx: WriteContext, type: EventType, data: object): Promise<RecordedEvent> {
  // Still checked at run time under WEBHOOK_STRICT_EVENTS: the types cannot see values (a date's format, say).
  if (strict) {
    const problems = eventDataProblems(type, data);
    if (problems.length > 0) throw new EventDataError(type, problems);
  }
  const id = randomUUID();
  await ctx.db('outbox_events').insert({
    id,
    landlord_id: ctx.landlordId,
    event_type: type,
    data: JSON.stringify(data),
    status: 'pending',
    created_at: ctx.clock.now(),
  });
  // Wake the dispatcher once the write commits (never for a sandbox write: it is rolled back).
  ctx.afterCommit(async () => signalWebhookWork());
  return { id, eventId: `evt_${id}`, type };
}
