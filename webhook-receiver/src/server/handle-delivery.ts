import type { IncomingMessage, ServerResponse } from 'node:http';

import { deliveryHeaderProblems, isTestDelivery, normaliseDeliveryId, parseEnvelope } from '../envelope/envelope';
import type { AttemptOutcome, DeliveryAttempt } from '../store/delivery-log';
import type { ReceiverStore } from '../store/receiver-store';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  verifySignatureWithAny,
  type VerifyFailureReason,
} from '../verify';
import { sendJson } from './json-response';
import { readRawBody } from './read-raw-body';
import { flattenHeaders, headerValue } from './request-headers';

export interface DeliveryContext {
  readonly secrets: readonly string[];
  readonly store: ReceiverStore;
  readonly maxBodyBytes: number;
  readonly now: () => number;
  /** A timer the receiver cancels on close(), so held connections never keep a process alive. */
  readonly later: (ms: number, run: () => void) => void;
}

const SIGNATURE_ERRORS: Record<VerifyFailureReason, string> = {
  missing: `${SIGNATURE_HEADER} header is missing`,
  malformed: `${SIGNATURE_HEADER} must be "sha256=" followed by 64 hex characters`,
  mismatch: `${SIGNATURE_HEADER} does not match the body`,
};

/**
 * One delivery attempt: signature first, then envelope and header consistency, then failure scripts, then
 * de-duplication. Every attempt is recorded, whatever its fate.
 */
export async function handleDelivery(req: IncomingMessage, res: ServerResponse, ctx: DeliveryContext): Promise<void> {
  let body;
  try {
    body = await readRawBody(req, ctx.maxBodyBytes);
  } catch {
    return; // sender gone mid-body: nothing to answer
  }
  const rawBody = body.bytes.toString('utf8');
  const parsed = parseEnvelope(rawBody);
  const envelope = parsed.ok ? parsed.envelope : null;
  const deliveryHeader = headerValue(req, DELIVERY_HEADER);
  const verification = body.ok
    ? verifySignatureWithAny(body.bytes, headerValue(req, SIGNATURE_HEADER), ctx.secrets)
    : null;

  const attempt = ctx.store.log.record({
    method: req.method ?? 'POST',
    path: req.url ?? '/',
    headers: flattenHeaders(req),
    rawBody,
    envelope,
    // Unverified ids are recorded too (marked unverified): a forged retry of a real id is worth seeing.
    id: envelope ? envelope.id : deliveryHeader ? normaliseDeliveryId(deliveryHeader) : null,
    event: envelope ? envelope.event : (headerValue(req, EVENT_HEADER) ?? null),
    landlordId: envelope && typeof envelope.landlord_id === 'string' ? envelope.landlord_id : null,
    test: envelope ? isTestDelivery(envelope) : false,
    verified: verification?.ok ?? false,
    verifyFailure: verification && !verification.ok ? verification.reason : null,
    duplicate: false,
    scripted: null,
    outcome: 'pending',
    status: null,
    answeredAt: null,
    senderClosedEarly: false,
    closedAt: null,
    problem: null,
  });
  ctx.store.changes.emit('attempt', attempt);

  let droppedByUs = false;
  res.on('close', () => {
    if (res.writableFinished || droppedByUs) return;
    attempt.senderClosedEarly = true;
    attempt.closedAt = new Date(ctx.now()).toISOString();
    // Listeners (the live page) learn of the hang-up as it happens.
    ctx.store.changes.emit('attempt', attempt);
  });
  const answer = (status: number, payload: unknown, outcome: AttemptOutcome): void => {
    if (res.destroyed) return; // the sender gave up while a slow answer was pending
    settle(attempt, status, outcome, ctx.now());
    sendJson(res, status, payload);
    ctx.store.changes.emit('attempt', attempt);
  };

  if (!body.ok)
    return answer(413, { error: `body larger than ${ctx.maxBodyBytes} bytes`, code: 'PAYLOAD_TOO_LARGE' }, 'too-large');
  if (!verification?.ok) {
    const reason = verification && !verification.ok ? verification.reason : 'missing';
    return answer(401, { error: SIGNATURE_ERRORS[reason], code: 'INVALID_SIGNATURE' }, 'invalid-signature');
  }
  if (!envelope) {
    attempt.problem = parsed.ok ? null : parsed.problem;
    return answer(400, { error: attempt.problem ?? 'not an envelope', code: 'INVALID_ENVELOPE' }, 'invalid-delivery');
  }
  const problems = deliveryHeaderProblems(envelope, headerValue(req, EVENT_HEADER), deliveryHeader);
  if (problems.length > 0) {
    attempt.problem = problems.join('; ');
    return answer(400, { error: attempt.problem, code: 'HEADER_MISMATCH' }, 'invalid-delivery');
  }

  const action = ctx.store.scripts.take({ id: envelope.id, event: envelope.event, landlordId: envelope.landlord_id });
  attempt.scripted = action;
  // A matching script counted this attempt (whether or not it fails it): its counts changed.
  if (ctx.store.scripts.list().length > 0) ctx.store.changes.emit('scripts');
  if (action?.mode === 'status') {
    return answer(
      action.status,
      { error: `scripted failure (attempt ${action.attempt}, ${action.scriptId})`, code: 'SCRIPTED_FAILURE' },
      'scripted-status',
    );
  }
  if (action?.mode === 'timeout') {
    attempt.outcome = 'scripted-timeout';
    ctx.later(action.delayMs, () => {
      droppedByUs = true;
      res.destroy(); // never answered: to the sender this is a timeout or a network error
      ctx.store.changes.emit('attempt', attempt);
    });
    return;
  }

  // Processed once per id; later copies (retries, other subscriptions) are acknowledged but not processed again.
  const duplicate = ctx.store.seenIds.has(envelope.id);
  if (!duplicate) ctx.store.seenIds.remember(envelope.id);
  attempt.duplicate = duplicate;
  const payload = duplicate
    ? { received: true, duplicate: true }
    : { received: true, ...(attempt.test ? { test: true } : {}) };
  const outcome = duplicate ? 'duplicate' : 'accepted';
  if (action?.mode === 'slow') ctx.later(action.delayMs, () => answer(200, payload, outcome));
  else answer(200, payload, outcome);
}

function settle(attempt: DeliveryAttempt, status: number, outcome: AttemptOutcome, now: number): void {
  attempt.status = status;
  attempt.outcome = outcome;
  attempt.answeredAt = new Date(now).toISOString();
}
