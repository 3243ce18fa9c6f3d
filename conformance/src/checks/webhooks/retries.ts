// Delivery failures, scripted at the receiver: two failures then success (three attempts, one id, spaced by the
// retry delays), three failures (permanently failed, in the dashboard's history, then delivered by a manual
// retry), an answer slower than the call timeout (a failure: retried), and the answer classes (a 4xx is retried
// like a 5xx, any 2xx ends the delivery). The spec's delays are 15 and 60 minutes: in the quick profile these checks
// run only against a target that declares shorter ones (and, for the timeout, a shorter call timeout).
// Every attempt the receiver recorded is graded in full (expectDelivery), retries and manual retries included.
//
// Each check scripts failures for an event type no other webhook check subscribes to (the receiver's scripts
// match on event type), on a landlord of its own.

import { requireReadName, writeName } from '../shared/unnamed';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { isRecord, type Json } from '../shared/util';
import { about, expectDelivery, idOf } from './deliveries';
import { PER_DELIVERY } from './envelopes';
import { ARRIVAL_MS, describeAttempts, MockReceiverClient, type Attempt } from './mock-receiver-client';
import {
  createChain,
  createProperty,
  GROUP,
  ownLandlord,
  subscribe,
  uploadPropertyDocument,
  type OwnLandlord,
  type Subscription,
} from './setup';

const NEEDS = ['webhook', 'dashboard'] as const;
/** The spec's retry schedule: about 15 and 60 minutes. */
export const SPEC_RETRY_DELAYS_SECONDS: readonly number[] = [900, 3600];
/** Delays a quick run waits through (a test deployment that declares shorter ones). */
const QUICK_MAX_DELAY_SECONDS = 60;
/** "About", "with jitter": a retry counts as on time within ±25 % of its delay, plus scheduling slack. */
const JITTER = 0.25;
const SLACK_MS = 3_000;
/** The spec's per-call timeout. */
export const SPEC_TIMEOUT_SECONDS = 10;
/** How much longer than the call timeout the receiver holds an answer (at least 2 s, at least a fifth more). */
const HOLD_MARGIN_MS = 2_000;
/**
 * How late the receiver may record an arrival or a hang-up after it happened (its event loop on a loaded machine):
 * a time between two of its records may be this much short of the sender's own.
 */
const RECORDING_LAG_MS = 1_000;
/** Long enough for the spec's schedule in the full profile. */
const RETRY_CHECK_TIMEOUT_MS = 2.5 * 3600_000;
/** The permanent-failure check also watches twice the last delay for a fourth attempt (2 h with the spec's). */
const PERMANENT_CHECK_TIMEOUT_MS = 4.5 * 3600_000;

type Ctx = CheckContext;

/** The deployment's retry delays; skips in the quick profile unless the target declares short ones. */
export function retryDelays(ctx: Ctx): readonly number[] {
  const declared = ctx.target.webhooks?.retryDelaysSeconds;
  const delays = declared && declared.length > 0 ? declared : SPEC_RETRY_DELAYS_SECONDS;
  if (ctx.profile === 'quick' && delays.some((d) => d > QUICK_MAX_DELAY_SECONDS)) {
    ctx.skip(
      `waits through the retry delays (${delays.join(', ')} s${declared ? ', as the target declares' : ", the spec's"}): run with --profile full, or declare a test deployment's shorter delays in webhooks.retryDelaysSeconds`,
    );
  }
  ctx.expect(
    delays.length >= 2,
    'two retry delays (the spec: up to 2 retries)',
    () => `webhooks.retryDelaysSeconds ${describeValue(delays)}`,
  );
  return delays;
}

/**
 * The deployment's per-call timeout in ms (declared, else the spec's 10 s). Holding an answer past it takes longer
 * than a quick run spends on one check unless the target declares a shortened one, so the quick profile skips then.
 */
export function callTimeoutMs(ctx: Ctx): number {
  const declared = ctx.target.webhooks?.timeoutSeconds;
  if (ctx.profile === 'quick' && (declared === undefined || declared >= SPEC_TIMEOUT_SECONDS)) {
    ctx.skip(
      `holds an answer past the call timeout (${declared ?? SPEC_TIMEOUT_SECONDS} s${declared !== undefined ? ', as the target declares' : ", the spec's"}): run with --profile full, or declare a test deployment's shorter timeout in webhooks.timeoutSeconds`,
    );
  }
  return (declared ?? SPEC_TIMEOUT_SECONDS) * 1000;
}

/** The window a retry `delaySeconds` after a failed attempt must fall in (receiver arrival to arrival). */
export function window(delaySeconds: number, extraMs = 0): [number, number] {
  return [delaySeconds * 1000 * (1 - JITTER) + extraMs * 0.95, delaySeconds * 1000 * (1 + JITTER) + SLACK_MS + extraMs];
}

export function describeWindow([low, high]: [number, number]): string {
  return `${(low / 1000).toFixed(1)}–${(high / 1000).toFixed(1)} s`;
}

export function spacingMs(a: Attempt, b: Attempt): number {
  return Date.parse(b.receivedAt) - Date.parse(a.receivedAt);
}

/** Waits until `count` attempts of the resource's event arrived (or the bound passed); returns them, oldest first. */
export async function attemptsOf(
  ctx: Ctx,
  receiver: MockReceiverClient,
  sub: Subscription,
  event: string,
  field: string,
  value: string,
  count: number,
  timeoutMs: number,
): Promise<Attempt[]> {
  const { value: found, attempts } = await receiver.waitFor(
    sub.landlordId,
    (all) => {
      const mine = about(all, sub, event, field, value);
      return mine.length >= count ? mine : undefined;
    },
    timeoutMs,
  );
  return found ?? about(attempts, sub, event, field, value);
}

function sameId(ctx: Ctx, attempts: readonly Attempt[], what: string): string {
  const ids = attempts.map((a) => idOf(a) ?? '?');
  ctx.expect(new Set(ids).size === 1, `${what} to reuse one event id`, () => ids.join(', '), undefined, {
    rules: ['EVT-DELIVERY-3', 'EVT-ENV-2'],
  });
  return ids[0];
}

async function propertyWithDocument(
  ctx: Ctx,
  landlord: OwnLandlord,
  tag: string,
): Promise<{ propertyId: string; docId: string }> {
  const property = await createProperty(ctx, landlord, tag);
  const propertyId = String(property.id);
  const doc = await uploadPropertyDocument(ctx, landlord, propertyId, tag);
  return { propertyId, docId: String(doc.id) };
}

export const retriesReuseIdOnScheduledDelays = defineCheck({
  id: 'webhooks.failedDeliveriesAreRetriedTwiceWithTheSameId',
  title:
    'A delivery answered 503 twice is retried twice, with the same id, after about the declared retry delays; the third attempt succeeds',
  group: GROUP,
  rules: [
    'EVT-DELIVERY-1',
    'EVT-DELIVERY-2',
    'EVT-DELIVERY-3',
    'EVT-ENV-2',
    'EVT-ENV-8',
    ...PER_DELIVERY,
    'EVT-CAT-property_document.created',
    'STATE-23',
    'STATE-24',
    'STATE-26',
  ],
  needs: [...NEEDS],
  timeoutMs: RETRY_CHECK_TIMEOUT_MS,
  async run(ctx: CheckContext) {
    const delays = retryDelays(ctx);
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'retries');
    const sub = await subscribe(ctx, receiver, landlord.id, ['property_document.created'], 'retries');
    await receiver.script({
      match: { landlordId: landlord.id, event: 'property_document.created' },
      failFirst: 2,
      mode: 'status',
      status: 503,
    });
    const { docId } = await propertyWithDocument(ctx, landlord, 'webhook-retries');

    const bound = ARRIVAL_MS + window(delays[0])[1] + window(delays[1])[1];
    const attempts = await attemptsOf(ctx, receiver, sub, 'property_document.created', 'document_id', docId, 3, bound);
    ctx.expect(
      attempts.length >= 3,
      `three attempts of the property_document.created delivery for document ${docId} (two answered 503, so two retries) within ${Math.round(bound / 1000)} s`,
      () => describeAttempts(attempts),
      undefined,
      { rules: ['EVT-DELIVERY-2'] },
    );
    const [first, second, third] = attempts as [Attempt, Attempt, Attempt];
    // Every attempt graded, retries included: signature, headers, envelope, no _test.
    for (const attempt of attempts)
      expectDelivery(ctx, attempt, { event: 'property_document.created', sub, test: false });
    const id = sameId(ctx, attempts, 'the attempts of one delivery');
    ctx.expect(
      first.status === 503 && second.status === 503,
      'the first two attempts to be the ones the receiver failed (503)',
      () => describeAttempts(attempts),
      undefined,
      { rules: ['EVT-DELIVERY-2'] },
    );
    ctx.expect(
      third.status !== null && third.status >= 200 && third.status < 300,
      'the third attempt to be answered 2xx (a success)',
      () => describeAttempts(attempts),
      undefined,
      { rules: ['EVT-DELIVERY-1'] },
    );
    for (const [n, [a, b, delay]] of (
      [
        [first, second, delays[0]],
        [second, third, delays[1]],
      ] as const
    ).entries()) {
      const w = window(delay);
      const gap = spacingMs(a, b);
      ctx.expect(
        gap >= w[0] && gap <= w[1],
        `retry ${n + 1} about ${delay} s after attempt ${n + 1} (${describeWindow(w)})`,
        () => `${(gap / 1000).toFixed(1)} s`,
        undefined,
        { rules: ['EVT-DELIVERY-2', n === 0 ? 'STATE-23' : 'STATE-24'] },
      );
    }
    // A success ends the delivery: no fourth attempt shows up while the check reads the receiver once more.
    const after = about(await receiver.deliveries(landlord.id), sub, 'property_document.created', 'document_id', docId);
    ctx.expect(
      after.length === 3,
      'no attempt after the successful third one',
      () => describeAttempts(after),
      undefined,
      { rules: ['EVT-DELIVERY-1', 'STATE-26'] },
    );
    ctx.note(
      `${id}: 503, 503, ${third.status}; retries after ${(spacingMs(first, second) / 1000).toFixed(1)} s and ${(spacingMs(second, third) / 1000).toFixed(1)} s (declared ${delays.join(', ')} s)`,
    );
  },
});

export interface DashboardDelivery {
  readonly id: string;
  readonly status: unknown;
  readonly attempts: readonly Json[];
  readonly raw: Json;
}

/** The subscription's delivery of event id `eventId` in the dashboard's history (GET /webhooks/{id}/deliveries). */
export async function historyEntry(
  ctx: Ctx,
  sub: Subscription,
  eventId: string,
): Promise<DashboardDelivery | undefined> {
  const res = await ctx.dashboard.request({ path: `/webhooks/${sub.id}/deliveries`, query: { limit: 100 } });
  ctx.expect(
    res.status === 200 && isRecord(res.json) && Array.isArray(res.json.data),
    "the subscription's delivery history (GET /webhooks/{id}/deliveries → 200 { data: [...] })",
    () => describeResponse(res),
    res.exchange,
    { rules: ['EVT-DELIVERY-4'] },
  );
  const entry = (res.json.data as unknown[]).filter(isRecord).find((d) => d.eventId === eventId || d.id === eventId);
  if (!entry) return undefined;
  return {
    id: String(entry.id),
    status: entry.status,
    attempts: Array.isArray(entry.attempts) ? entry.attempts.filter(isRecord) : [],
    raw: entry,
  };
}

/** Polls the history until `done` holds for the entry (bounded). */
export async function waitForHistory(
  ctx: Ctx,
  sub: Subscription,
  eventId: string,
  done: (d: DashboardDelivery) => boolean,
  timeoutMs = 10_000,
): Promise<DashboardDelivery | undefined> {
  const deadline = ctx.clock.now() + timeoutMs;
  let last: DashboardDelivery | undefined;
  for (;;) {
    last = await historyEntry(ctx, sub, eventId);
    if (last && done(last)) return last;
    if (ctx.clock.now() >= deadline || ctx.signal.aborted) return last;
    await ctx.sleep(250);
  }
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export const permanentFailureThenManualRetry = defineCheck({
  id: 'webhooks.threeFailuresArePermanentAndAManualRetryDelivers',
  title:
    'A delivery failing three times gets no fourth automatic attempt, shows in the dashboard history as permanently failed with response codes and latencies, and a manual retry from the dashboard delivers it with the same id',
  group: GROUP,
  rules: [
    'EVT-DELIVERY-2',
    'EVT-DELIVERY-3',
    'EVT-DELIVERY-4',
    'EVT-ENV-2',
    'EVT-ENV-8',
    ...PER_DELIVERY,
    'EVT-CAT-property_document.deleted',
    'STATE-9',
    'STATE-25',
    'LIMIT-16',
  ],
  needs: [...NEEDS],
  timeoutMs: PERMANENT_CHECK_TIMEOUT_MS,
  async run(ctx: CheckContext) {
    const delays = retryDelays(ctx);
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'permanent');
    const sub = await subscribe(ctx, receiver, landlord.id, ['property_document.deleted'], 'permanent');
    await receiver.script({
      match: { landlordId: landlord.id, event: 'property_document.deleted' },
      failFirst: 3,
      mode: 'status',
      status: 500,
    });
    const { propertyId, docId } = await propertyWithDocument(ctx, landlord, 'webhook-permanent');
    const del = await ctx.http.request({
      method: 'DELETE',
      path: `/properties/${propertyId}/documents/${docId}`,
      key: landlord.key,
    });
    ctx.expectStatus(del, [200, 204]);

    const event = 'property_document.deleted';
    // The arrival allowance twice: the first attempt and the retries each wait in the deployment's queue (this bound
    // only decides when to stop waiting; the spacing of the attempts is judged on its own).
    const bound = 2 * ARRIVAL_MS + window(delays[0])[1] + window(delays[1])[1];
    const attempts = await attemptsOf(ctx, receiver, sub, event, 'document_id', docId, 3, bound);
    ctx.expect(
      attempts.length >= 3,
      `three attempts of the ${event} delivery for document ${docId}, all answered 500, within ${Math.round(bound / 1000)} s`,
      () => describeAttempts(attempts),
      undefined,
      { rules: ['EVT-DELIVERY-2'] },
    );
    for (const attempt of attempts) expectDelivery(ctx, attempt, { event, sub, test: false });
    const id = sameId(ctx, attempts, 'the three attempts');

    // Permanently failed: in the history, with each attempt's response code and latency.
    const failed = await waitForHistory(
      ctx,
      sub,
      id,
      (d) => d.status === 'permanently_failed' || d.attempts.length >= 3,
    );
    ctx.expect(
      failed !== undefined,
      `delivery ${id} in the subscription's dashboard history`,
      () => 'not listed',
      undefined,
      { rules: ['EVT-DELIVERY-4'] },
    );
    ctx.expect(
      failed.status === 'permanently_failed',
      'its status "permanently_failed" after the third failed attempt',
      () => describeValue(failed.status),
      undefined,
      { rules: ['EVT-DELIVERY-2', 'EVT-DELIVERY-4', 'STATE-9', 'STATE-25'] },
    );
    ctx.expect(
      failed.attempts.length === 3 &&
        failed.attempts.every((a) => a.statusCode === 500 && isNumber(a.latencyMs) && a.latencyMs >= 0),
      'three attempts in the history, each with its response code (500) and latency (ms)',
      () => describeValue(failed.attempts),
      undefined,
      { rules: ['EVT-DELIVERY-4'] },
    );

    // No fourth automatic attempt: watched for twice the last delay after the third arrived (at least the last
    // delay's window, so a fourth attempt on the schedule's last delay, the commonest extra retry, is inside it).
    const last = delays[delays.length - 1];
    const quiet = Math.max(window(last)[1], 2 * last * 1000);
    const third = attempts[2];
    const watched = Math.max(0, quiet - (ctx.clock.now() - Date.parse(third.receivedAt)));
    const { value: fourth } = await receiver.waitFor(
      landlord.id,
      (all) => about(all, sub, event, 'document_id', docId)[3],
      watched,
    );
    ctx.expect(
      fourth === undefined,
      `no fourth automatic attempt within ${Math.round(quiet / 1000)} s (twice the last retry delay) of the third (the third failed attempt is the last)`,
      () =>
        `${describeAttempts(about([fourth as Attempt], sub, event, 'document_id', docId))}, ${(spacingMs(third, fourth as Attempt) / 1000).toFixed(1)} s after the third`,
      undefined,
      { rules: ['EVT-DELIVERY-2', 'STATE-25', 'LIMIT-16'] },
    );

    // A manual retry from the dashboard: one more attempt, same id; the receiver's three failures are spent.
    const retry = await ctx.dashboard.request({ method: 'POST', path: `/deliveries/${failed.id}/retry` });
    ctx.expect(
      retry.status >= 200 && retry.status < 300,
      'the dashboard to accept a manual retry of the permanently failed delivery (POST /deliveries/{id}/retry → 2xx)',
      () => describeResponse(retry),
      retry.exchange,
      { rules: ['EVT-DELIVERY-4'] },
    );
    const all = await attemptsOf(ctx, receiver, sub, event, 'document_id', docId, 4, ARRIVAL_MS);
    ctx.expect(
      all.length === 4,
      'a fourth attempt after the manual retry, and only one',
      () => describeAttempts(all),
      undefined,
      { rules: ['EVT-DELIVERY-4'] },
    );
    const manual = all[3];
    // The manual retry is a real delivery: graded in full (signature with the subscription's secret, no _test).
    expectDelivery(ctx, manual, { event, sub, test: false });
    ctx.expect(
      idOf(manual) === id,
      'the manual retry to reuse the event id',
      () => describeValue(idOf(manual)),
      undefined,
      { rules: ['EVT-DELIVERY-3', 'EVT-ENV-2'] },
    );
    ctx.expect(
      manual.status !== null && manual.status >= 200 && manual.status < 300,
      'the manual retry to be delivered (answered 2xx)',
      () => describeAttempts(all),
      undefined,
      { rules: ['EVT-DELIVERY-4'] },
    );
    const done = await waitForHistory(ctx, sub, id, (d) => d.attempts.length >= 4 && d.status !== 'permanently_failed');
    ctx.expect(
      done !== undefined && done.attempts.length === 4 && done.status === 'succeeded',
      'the history to show the fourth (manual) attempt and the delivery succeeded',
      () => describeValue(done?.raw),
      undefined,
      { rules: ['EVT-DELIVERY-4', 'STATE-9'] },
    );
    ctx.note(
      `${id}: 3 × 500 (retries after ${(spacingMs(all[0], all[1]) / 1000).toFixed(1)} s, ${(spacingMs(all[1], all[2]) / 1000).toFixed(1)} s), none for ${Math.round(quiet / 1000)} s, permanently failed in the history; the manual retry was answered ${manual.status}`,
    );
  },
});

export const slowAnswersTimeOutAndAreRetried = defineCheck({
  id: 'webhooks.answersSlowerThan10SecondsCountAsFailures',
  title:
    'A receiver that holds its answer past the call timeout (10 s, or the shorter one a test deployment declares) is timed out, and the delivery is retried with the same id, both attempts signed and shaped in full',
  group: GROUP,
  rules: [
    'EVT-DELIVERY-1',
    'EVT-DELIVERY-2',
    'EVT-DELIVERY-3',
    'EVT-ENV-8',
    ...PER_DELIVERY,
    'EVT-CAT-property.updated',
    'LIMIT-15',
    'STATE-23',
  ],
  needs: [...NEEDS],
  timeoutMs: RETRY_CHECK_TIMEOUT_MS,
  async run(ctx: CheckContext) {
    const delays = retryDelays(ctx);
    const timeoutMs = callTimeoutMs(ctx);
    const holdMs = timeoutMs + Math.max(HOLD_MARGIN_MS, timeoutMs / 5);
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'timeout');
    const sub = await subscribe(ctx, receiver, landlord.id, ['property.updated'], 'timeout');
    // 'slow': the receiver answers 200 after holdMs. A sender that waits that long counts it a success, one that
    // times out after timeoutMs counts a failure and retries.
    await receiver.script({
      match: { landlordId: landlord.id, event: 'property.updated' },
      failFirst: 1,
      mode: 'slow',
      delayMs: holdMs,
    });
    const property = await createProperty(ctx, landlord, 'webhook-timeout');
    const id = String(property.id);
    const patch = await ctx.http.request({
      method: 'PATCH',
      path: `/properties/${id}`,
      key: landlord.key,
      json: { [writeName(ctx, 'property', 'shortName')]: `${ctx.marker} webhook-timeout renamed` },
    });
    ctx.expectStatus(patch, 200);

    const wait = window(delays[0], timeoutMs);
    const attempts = await attemptsOf(
      ctx,
      receiver,
      sub,
      'property.updated',
      'property_id',
      id,
      2,
      ARRIVAL_MS + wait[1] + holdMs,
    );
    ctx.expect(
      attempts.length >= 2,
      `a retry of the property.updated delivery whose answer the receiver held ${holdMs / 1000} s (longer than the ${timeoutMs / 1000}-second timeout)`,
      () => describeAttempts(attempts),
      undefined,
      { rules: ['EVT-DELIVERY-1', 'EVT-DELIVERY-2'] },
    );
    const [first, second] = attempts as [Attempt, Attempt];
    // Both graded in full: the retry after a timeout is a real delivery like the first.
    for (const attempt of [first, second])
      expectDelivery(ctx, attempt, { event: 'property.updated', sub, test: false });
    sameId(ctx, [first, second], 'the timed-out attempt and its retry');
    ctx.expect(
      first.senderClosedEarly,
      'the sender to give up on the held attempt before the answer came',
      () => describeAttempts([first]),
      undefined,
      { rules: ['EVT-DELIVERY-1', 'LIMIT-15'] },
    );
    // The sender's timeout runs from its send, which the receiver sees a little later: the hold it measures (arrival
    // to hang-up) may be short of the timeout by its recording lag, never by more.
    const closedAt = first.closedAt ? Date.parse(first.closedAt) : undefined;
    if (closedAt !== undefined) {
      const held = closedAt - Date.parse(first.receivedAt);
      ctx.expect(
        held >= timeoutMs - RECORDING_LAG_MS,
        `the sender to hold the attempt for its ${timeoutMs / 1000}-second timeout before hanging up (an answer inside it is no failure)`,
        () => `it hung up ${(held / 1000).toFixed(1)} s after the attempt arrived`,
        undefined,
        { rules: ['EVT-DELIVERY-1', 'LIMIT-15'] },
      );
    }
    // "Retry about N later": from the failure, the moment the sender hung up. A receiver without that record gives
    // the arrival plus the timeout instead.
    const failedAt = closedAt ?? Date.parse(first.receivedAt) + timeoutMs;
    const gap = Date.parse(second.receivedAt) - failedAt;
    const [low, high] = window(delays[0]);
    const w: [number, number] = [low - RECORDING_LAG_MS, high];
    ctx.expect(
      gap >= w[0] && gap <= w[1],
      `the retry about ${delays[0]} s (the first retry delay) after the sender gave up on the held attempt (${describeWindow(w)})`,
      () => `${(gap / 1000).toFixed(1)} s`,
      undefined,
      { rules: ['EVT-DELIVERY-1', 'EVT-DELIVERY-2', 'LIMIT-15', 'STATE-23'] },
    );
    ctx.note(
      `held attempt (${holdMs / 1000} s against a ${timeoutMs / 1000} s timeout) abandoned by the sender; retried ${(gap / 1000).toFixed(1)} s after it gave up, with the same id`,
    );
  },
});

/** Answers a sender must retry like a 5xx (the spec: "On non-2xx … retries"), and answers that are a success. */
export const RETRIED_CLIENT_ERRORS: readonly number[] = [400, 410];
export const SUCCESS_ANSWERS: readonly number[] = [200, 201, 202, 204];
const ANSWERS_EVENT = 'contract.updated';

export const answerClassesDecideRetries = defineCheck({
  id: 'webhooks.clientErrorsAreRetriedAndAny2xxIsASuccess',
  title:
    'A delivery answered 400 or 410 is retried like one answered 5xx (same id, about the first retry delay later); one answered 200, 201, 202 or 204 is a success and is not retried; every attempt signed and shaped in full',
  group: GROUP,
  rules: [
    'EVT-DELIVERY-1',
    'EVT-DELIVERY-2',
    'EVT-DELIVERY-3',
    'EVT-ENV-2',
    'EVT-ENV-8',
    ...PER_DELIVERY,
    `EVT-CAT-${ANSWERS_EVENT}`,
    'STATE-23',
    'STATE-26',
  ],
  needs: [...NEEDS],
  timeoutMs: RETRY_CHECK_TIMEOUT_MS,
  async run(ctx: CheckContext) {
    const delays = retryDelays(ctx);
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'answers');
    const sub = await subscribe(ctx, receiver, landlord.id, [ANSWERS_EVENT], 'answers');
    const chain = await createChain(ctx, landlord, 'webhook-answers');
    const contractId = chain.contractId;
    // Each answer's delivery comes from a PATCH that changes the contract: its reference, under a name the target
    // gives or the created contract showed back.
    const reference = requireReadName(ctx, 'contract', 'tenancyReference', 'changing a contract by PATCH');
    const ours = (all: readonly Attempt[]): Attempt[] => about(all, sub, ANSWERS_EVENT, 'contract_id', contractId);

    // One contract.updated per answer, one after another: the receiver answers the first attempt of each with
    // that status. Its scripts match on event type, so once a delivery arrived a pass-through script for its id
    // (id scripts come first; failFirst 0) keeps its retries out of the next answer's script, and the event-type
    // script is removed.
    const first = new Map<number, { id: string; seenAt: number }>();
    for (const status of [...RETRIED_CLIENT_ERRORS, ...SUCCESS_ANSWERS]) {
      const scriptId = await receiver.script({
        match: { landlordId: landlord.id, event: ANSWERS_EVENT },
        failFirst: 1,
        mode: 'status',
        status,
      });
      const known = new Set([...first.values()].map((f) => f.id));
      const patch = await ctx.http.request({
        method: 'PATCH',
        path: `/contracts/${contractId}`,
        key: landlord.key,
        json: { [reference]: `${ctx.marker} webhook-answers ${status}` },
      });
      ctx.expectStatus(patch, 200);
      const { value: arrived, attempts } = await receiver.waitFor(landlord.id, (all) =>
        ours(all).find((a) => !known.has(idOf(a) ?? '')),
      );
      ctx.expect(
        arrived !== undefined,
        `a ${ANSWERS_EVENT} delivery for contract ${contractId} within ${ARRIVAL_MS / 1000} s of its PATCH (to answer ${status})`,
        () => describeAttempts(ours(attempts)),
        undefined,
        { rules: [`EVT-CAT-${ANSWERS_EVENT}`] },
      );
      await receiver.script({
        match: { landlordId: landlord.id, id: idOf(arrived) ?? arrived.id ?? '' },
        failFirst: 0,
        mode: 'status',
      });
      await receiver.removeScript(scriptId);
      ctx.expect(arrived.status === status, `the receiver to have answered that delivery ${status}, as scripted`, () =>
        describeAttempts([arrived]),
      );
      first.set(status, { id: idOf(arrived) ?? '?', seenAt: ctx.clock.now() });
    }

    // Wait for a retry of each refused delivery, and through the first retry window of each accepted one.
    const w = window(delays[0]);
    const quietUntil = Math.max(...SUCCESS_ANSWERS.map((s) => first.get(s)!.seenAt)) + w[1];
    const byId = (all: readonly Attempt[], id: string): Attempt[] => ours(all).filter((a) => idOf(a) === id);
    const { attempts } = await receiver.waitFor(
      landlord.id,
      (all) => {
        const retried = RETRIED_CLIENT_ERRORS.every((s) => byId(all, first.get(s)!.id).length >= 2);
        return retried && ctx.clock.now() >= quietUntil ? true : undefined;
      },
      Math.max(0, quietUntil - ctx.clock.now()) + ARRIVAL_MS,
    );

    for (const attempt of ours(attempts)) expectDelivery(ctx, attempt, { event: ANSWERS_EVENT, sub, test: false });
    const seen: string[] = [];
    for (const status of RETRIED_CLIENT_ERRORS) {
      const mine = byId(attempts, first.get(status)!.id);
      ctx.expect(
        mine.length >= 2,
        `the delivery answered ${status} to be retried (a 4xx is a failed attempt like a 5xx: "On non-2xx … up to 2 retries")`,
        () => describeAttempts(mine),
        undefined,
        { rules: ['EVT-DELIVERY-2', 'STATE-23'] },
      );
      const gap = spacingMs(mine[0], mine[1]);
      ctx.expect(
        gap >= w[0] && gap <= w[1],
        `its retry about ${delays[0]} s (the first retry delay) after the ${status} (${describeWindow(w)})`,
        () => `${(gap / 1000).toFixed(1)} s`,
        undefined,
        { rules: ['EVT-DELIVERY-2', 'STATE-23'] },
      );
      ctx.expect(
        mine.length === 2,
        `no attempt after the retry of the ${status} delivery, which was answered 200`,
        () => describeAttempts(mine),
        undefined,
        { rules: ['EVT-DELIVERY-1', 'STATE-26'] },
      );
      seen.push(`${status} → retried after ${(gap / 1000).toFixed(1)} s`);
    }
    for (const status of SUCCESS_ANSWERS) {
      const mine = byId(attempts, first.get(status)!.id);
      ctx.expect(
        mine.length === 1,
        `the delivery answered ${status} not to be retried (any 2xx is a success)`,
        () => describeAttempts(mine),
        undefined,
        { rules: ['EVT-DELIVERY-1', 'STATE-26'] },
      );
      seen.push(`${status} → one attempt`);
    }
    ctx.note(`${seen.join('; ')} (watched ${describeWindow(w)} after each)`);
  },
});
