import type { Envelope } from '../envelope/envelope';
import { normaliseDeliveryId } from '../envelope/envelope';
import type { VerifyFailureReason } from '../verify';
import type { Clock } from './clock';
import type { ScriptedAction } from './failure-scripts';

export type AttemptOutcome =
  /** Verified, consistent, first time seen: processed. */
  | 'accepted'
  /** Verified, but this id was already processed within the de-duplication window. */
  | 'duplicate'
  /** Signature missing, malformed or wrong: 401. */
  | 'invalid-signature'
  /** Verified, but the body is not an envelope or the headers disagree with it: 400. */
  | 'invalid-delivery'
  /** A failure script answered a non-2xx status. */
  | 'scripted-status'
  /** A failure script held the connection and dropped it unanswered. */
  | 'scripted-timeout'
  /** Body larger than the receiver accepts: 413. */
  | 'too-large'
  /** Not answered yet (slow script in progress). */
  | 'pending';

/** One HTTP request that reached the delivery endpoint. JSON-serialisable: the admin API returns it as is. */
export interface DeliveryAttempt {
  /** 1-based arrival order. */
  readonly seq: number;
  readonly receivedAt: string;
  readonly method: string;
  readonly path: string;
  /** Lowercase names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The body exactly as received, decoded as UTF-8. */
  readonly rawBody: string;
  /** The parsed envelope, or null when the body is not one (recorded even when the signature failed). */
  readonly envelope: Envelope | null;
  /** `evt_<uuid>`, from the body or else from X-Service-Delivery; null when neither gives one. */
  readonly id: string | null;
  readonly event: string | null;
  readonly landlordId: string | null;
  readonly test: boolean;
  verified: boolean;
  verifyFailure: VerifyFailureReason | null;
  duplicate: boolean;
  /** nth request carrying this id (every request counts, verified or not); null without an id. */
  readonly attempt: number | null;
  /** Milliseconds since the previous request carrying the same id (retry spacing); null on the first. */
  readonly sincePreviousAttemptMs: number | null;
  scripted: ScriptedAction | null;
  outcome: AttemptOutcome;
  /** Status answered; null while pending or when the connection was dropped unanswered. */
  status: number | null;
  answeredAt: string | null;
  /** The sender hung up before the answer (its own timeout, typically). */
  senderClosedEarly: boolean;
  /** When the sender hung up before the answer (the moment its attempt failed, for retry spacing); else null. */
  closedAt: string | null;
  /** Why a 400 was answered. */
  problem: string | null;
}

export interface DeliveryFilter {
  readonly event?: string;
  /** With or without `evt_`. */
  readonly id?: string;
  readonly landlordId?: string;
  readonly verified?: boolean;
}

export type NewAttempt = Omit<DeliveryAttempt, 'seq' | 'receivedAt' | 'attempt' | 'sincePreviousAttemptMs'>;

/** Every attempt, in arrival order, with per-id attempt numbering. */
export class DeliveryLog {
  private readonly attempts: DeliveryAttempt[] = [];
  private readonly lastById = new Map<string, { count: number; lastMs: number }>();

  constructor(private readonly clock: Clock) {}

  record(attempt: NewAttempt): DeliveryAttempt {
    const now = this.clock.now();
    let numbering: { attempt: number | null; sincePreviousAttemptMs: number | null } = {
      attempt: null,
      sincePreviousAttemptMs: null,
    };
    if (attempt.id !== null) {
      const previous = this.lastById.get(attempt.id);
      numbering = {
        attempt: (previous?.count ?? 0) + 1,
        sincePreviousAttemptMs: previous ? now - previous.lastMs : null,
      };
      this.lastById.set(attempt.id, { count: numbering.attempt ?? 1, lastMs: now });
    }
    const recorded: DeliveryAttempt = {
      seq: this.attempts.length + 1,
      receivedAt: new Date(now).toISOString(),
      ...numbering,
      ...attempt,
    };
    this.attempts.push(recorded);
    return recorded;
  }

  list(filter: DeliveryFilter = {}): DeliveryAttempt[] {
    const id = filter.id === undefined ? undefined : normaliseDeliveryId(filter.id);
    // Copies: an attempt still pending (slow script) changes after it is read.
    return this.attempts
      .filter(
        (a) =>
          (filter.event === undefined || a.event === filter.event) &&
          (id === undefined || a.id === id) &&
          (filter.landlordId === undefined || a.landlordId === filter.landlordId) &&
          (filter.verified === undefined || a.verified === filter.verified),
      )
      .map((a) => ({ ...a }));
  }

  clear(): void {
    this.attempts.length = 0;
    this.lastById.clear();
  }
}
