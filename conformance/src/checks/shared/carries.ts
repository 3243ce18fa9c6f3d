// "Items have a `date` and an `id` (sort keys) and may carry a property id": the field that carries it is not named,
// so an event carries an id when any of its members, at any depth, is that id.

import { isRecord } from './util';

/** Whether an event carries `id` in any of its fields. */
export function carries(event: unknown, id: string): boolean {
  if (event === id) return true;
  if (Array.isArray(event)) return event.some((v) => carries(v, id));
  if (isRecord(event)) return Object.values(event).some((v) => carries(v, id));
  return false;
}
