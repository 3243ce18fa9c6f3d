// The delivery envelope `{ id, event, created_at, landlord_id, data }`. Test deliveries add `_test: true` at
// the top level and inside `data`; real deliveries never carry it. The body is serialised once, when the
// delivery is created, and every attempt sends those exact bytes.
import type { EventType } from './event-types';

export interface Envelope {
  readonly id: string;
  readonly event: EventType;
  readonly created_at: string;
  readonly landlord_id: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly _test?: true;
}

export const EVENT_ID_PREFIX = 'evt_';
export const eventIdOf = (uuid: string): string => `${EVENT_ID_PREFIX}${uuid}`;

export function buildEnvelope(input: {
  eventUuid: string;
  type: EventType;
  createdAt: Date;
  landlordId: string;
  data: Readonly<Record<string, unknown>>;
  test?: boolean;
}): Envelope {
  const base = {
    id: eventIdOf(input.eventUuid),
    event: input.type,
    created_at: input.createdAt.toISOString(),
    landlord_id: input.landlordId,
  };
  if (!input.test) {
    // A real delivery never carries `_test`, whatever the stored data holds.
    const { _test: _ignored, ...data } = input.data;
    return { ...base, data };
  }
  return { ...base, data: { ...input.data, _test: true }, _test: true };
}

export const serialiseEnvelope = (envelope: Envelope): string => JSON.stringify(envelope);
