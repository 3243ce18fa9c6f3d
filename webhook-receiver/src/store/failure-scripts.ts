import { normaliseDeliveryId } from '../envelope/envelope';

export type ScriptMode = 'status' | 'timeout' | 'slow';

/** Longer than the spec's 10-second delivery timeout, so a held connection is a timeout for a conforming sender. */
export const DEFAULT_TIMEOUT_HOLD_MS = 15_000;
export const DEFAULT_SLOW_DELAY_MS = 2_000;
export const DEFAULT_FAILURE_STATUS = 500;
const MAX_DELAY_MS = 10 * 60 * 1000;

/** What `POST /_receiver/scripts` and `receiver.script()` take. */
export interface FailureScriptInput {
  /**
   * Event type, delivery id (with or without `evt_`), or both (both must match); `landlordId` (the envelope's
   * `landlord_id`) narrows either, so that tests sharing one receiver, each with a landlord of its own, keep apart.
   */
  readonly match: ScriptMatch;
  /** Each matching delivery id fails its first N attempts, then is processed normally. */
  readonly failFirst: number;
  /** status: answer `status`; timeout: hold the connection `delayMs`, then drop it unanswered; slow: wait `delayMs`, then answer 2xx. */
  readonly mode: ScriptMode;
  readonly status?: number;
  readonly delayMs?: number;
}

export interface ScriptMatch {
  readonly event?: string;
  readonly id?: string;
  readonly landlordId?: string;
}

/** What a script is matched against: the verified envelope's fields. */
export interface ScriptedDelivery {
  readonly id: string;
  readonly event: string;
  readonly landlordId: string;
}

export interface FailureScript {
  readonly scriptId: string;
  readonly match: ScriptMatch;
  readonly failFirst: number;
  readonly mode: ScriptMode;
  readonly status?: number;
  readonly delayMs?: number;
  /** Attempts seen so far per delivery id. */
  readonly attemptsById: Readonly<Record<string, number>>;
}

export type ScriptedAction =
  | { readonly scriptId: string; readonly mode: 'status'; readonly status: number; readonly attempt: number }
  | {
      readonly scriptId: string;
      readonly mode: 'timeout' | 'slow';
      readonly delayMs: number;
      readonly attempt: number;
    };

export class ScriptValidationError extends Error {}

/** Scripted failures, so a sender's retry behaviour can be exercised on demand. */
export class FailureScripts {
  private readonly scripts: Array<FailureScript & { attemptsById: Record<string, number> }> = [];
  private nextId = 1;

  add(input: unknown): FailureScript {
    const valid = validateScript(input);
    const script = { scriptId: `script_${this.nextId++}`, ...valid, attemptsById: {} };
    this.scripts.push(script);
    return snapshot(script);
  }

  list(): FailureScript[] {
    return this.scripts.map(snapshot);
  }

  clear(): void {
    this.scripts.length = 0;
  }

  /** Removes one script by its `scriptId`; false when there is none. */
  remove(scriptId: string): boolean {
    const index = this.scripts.findIndex((s) => s.scriptId === scriptId);
    if (index < 0) return false;
    this.scripts.splice(index, 1);
    return true;
  }

  /**
   * Counts this attempt against the first script that matches (id scripts before event scripts, then oldest
   * first) and says how to fail it, or null when it should be processed normally.
   */
  take(delivery: ScriptedDelivery): ScriptedAction | null {
    const byId = this.scripts.filter((s) => s.match.id !== undefined);
    const byEvent = this.scripts.filter((s) => s.match.id === undefined);
    const script = [...byId, ...byEvent].find((s) => matches(s.match, delivery));
    if (!script) return null;
    const attempt = (script.attemptsById[delivery.id] ?? 0) + 1;
    script.attemptsById[delivery.id] = attempt;
    if (attempt > script.failFirst) return null;
    if (script.mode === 'status')
      return { scriptId: script.scriptId, mode: 'status', status: script.status ?? DEFAULT_FAILURE_STATUS, attempt };
    const delayMs = script.delayMs ?? (script.mode === 'timeout' ? DEFAULT_TIMEOUT_HOLD_MS : DEFAULT_SLOW_DELAY_MS);
    return { scriptId: script.scriptId, mode: script.mode, delayMs, attempt };
  }
}

function matches(match: ScriptMatch, delivery: ScriptedDelivery): boolean {
  return (
    (match.id === undefined || match.id === delivery.id) &&
    (match.event === undefined || match.event === delivery.event) &&
    (match.landlordId === undefined || match.landlordId === delivery.landlordId)
  );
}

function snapshot(script: FailureScript): FailureScript {
  return { ...script, match: { ...script.match }, attemptsById: { ...script.attemptsById } };
}

function validateScript(input: unknown): Omit<FailureScript, 'scriptId' | 'attemptsById'> {
  const fail = (message: string): never => {
    throw new ScriptValidationError(message);
  };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('script must be a JSON object');
  const o = input as Record<string, unknown>;
  const match = o.match;
  if (typeof match !== 'object' || match === null || Array.isArray(match))
    return fail('match must be an object with event and/or id');
  const m = match as Record<string, unknown>;
  if (m.event !== undefined && (typeof m.event !== 'string' || m.event === ''))
    fail('match.event must be a non-empty string');
  if (m.id !== undefined && (typeof m.id !== 'string' || m.id === '')) fail('match.id must be a non-empty string');
  if (m.landlordId !== undefined && (typeof m.landlordId !== 'string' || m.landlordId === ''))
    fail('match.landlordId must be a non-empty string');
  if (m.event === undefined && m.id === undefined) fail('match needs event or id');
  const failFirst = o.failFirst;
  if (typeof failFirst !== 'number' || !Number.isInteger(failFirst) || failFirst < 0 || failFirst > 1000)
    fail('failFirst must be an integer from 0 to 1000');
  const mode = o.mode;
  if (mode !== 'status' && mode !== 'timeout' && mode !== 'slow')
    return fail("mode must be 'status', 'timeout' or 'slow'");
  if (o.status !== undefined) {
    if (mode !== 'status') fail("status applies to mode 'status' only");
    if (typeof o.status !== 'number' || !Number.isInteger(o.status) || o.status < 200 || o.status > 599)
      fail('status must be an integer from 200 to 599');
  }
  if (o.delayMs !== undefined) {
    if (mode === 'status') fail("delayMs applies to modes 'timeout' and 'slow'");
    if (typeof o.delayMs !== 'number' || !Number.isInteger(o.delayMs) || o.delayMs < 0 || o.delayMs > MAX_DELAY_MS)
      fail(`delayMs must be an integer from 0 to ${MAX_DELAY_MS}`);
  }
  return {
    match: {
      ...(typeof m.event === 'string' ? { event: m.event } : {}),
      ...(typeof m.id === 'string' ? { id: normaliseDeliveryId(m.id) } : {}),
      ...(typeof m.landlordId === 'string' ? { landlordId: m.landlordId } : {}),
    },
    failFirst: failFirst as number,
    mode,
    ...(typeof o.status === 'number' ? { status: o.status } : {}),
    ...(typeof o.delayMs === 'number' ? { delayMs: o.delayMs } : {}),
  };
}
