// Authentication rule 5: Portfolio or Enterprise is needed for webhook delivery. Portfolio and Professional
// landlords cannot write through the API, so the only events they can cause are the date-driven ones: a Pending
// payment whose due date has passed is `rent.overdue` ("scheduled rent is past due and unpaid"). Each landlord
// is set up on Enterprise (its writes need it) and then moved to its plan through the dashboard.
//
// The Portfolio landlord's subscription exists from the start, so its rent.overdue is delivered whenever the
// scheduler finds it. The Professional landlord's subscription is created after the downgrade: an event fired in
// the moment before the downgrade finds no subscription, so any delivery to it is one the plan forbids. The
// Professional landlord is set up first; the Portfolio delivery then shows that a scheduler pass ran after both.

import { defineCheck, type CheckContext } from '../../runner';
import { addDays, utcDate } from '../shared/dates';
import { suitePeriod } from '../shared/own-data';
import { about, expectDelivery, forSubscription } from './deliveries';
import { ARRIVAL_MS, describeAttempts, MockReceiverClient, type Attempt } from './mock-receiver-client';
import { createChain, createRent, GROUP, ownLandlord, setPlan, subscribe, type OwnLandlord, type Plan } from './setup';

/** Without a declared scheduler period, assume hourly (the reference server's default). */
const DEFAULT_SCHEDULER_SECONDS = 3600;
const QUICK_MAX_SCHEDULER_SECONDS = 60;

async function overduePayment(ctx: CheckContext, landlord: OwnLandlord, tag: string): Promise<string> {
  const chain = await createChain(ctx, landlord, tag);
  // Five days past due (past in every time zone's local date), unpaid.
  const payment = await createRent(ctx, landlord, chain, {
    period: suitePeriod(ctx, `${tag} overdue`),
    status: 'Pending',
    due: addDays(utcDate(), -5),
  });
  return String(payment.id);
}

/** Moves the landlord to `plan`, and back to Enterprise in cleanup (so its own data can be deleted again). */
async function moveTo(ctx: CheckContext, landlord: OwnLandlord, plan: Plan): Promise<void> {
  await setPlan(ctx, landlord.id, plan);
  ctx.cleanup(() =>
    ctx.dashboard.request({ method: 'PATCH', path: `/landlords/${landlord.id}`, json: { plan: 'Enterprise' } }),
  );
}

export const scheduledEventsReachPortfolioButNotProfessional = defineCheck({
  id: 'webhooks.portfolioLandlordsReceiveDeliveriesProfessionalOnesNone',
  title:
    "A Portfolio landlord's subscription receives its rent.overdue event; a Professional landlord's receives nothing",
  group: GROUP,
  rules: ['AUTH-5', 'EVT-CAT-rent.overdue', 'EVT-ENV-8'],
  needs: ['webhook', 'dashboard'],
  timeoutMs: 3 * 3600_000,
  async run(ctx: CheckContext) {
    const declared = ctx.target.webhooks?.schedulerIntervalSeconds;
    const interval = declared ?? DEFAULT_SCHEDULER_SECONDS;
    if (ctx.profile === 'quick' && interval > QUICK_MAX_SCHEDULER_SECONDS) {
      ctx.skip(
        `waits for a scheduled event (rent.overdue), the only kind a Portfolio or Professional landlord can cause: run with --profile full, or declare a test deployment's scheduler period in webhooks.schedulerIntervalSeconds (${declared === undefined ? 'none declared: hourly assumed' : `${declared} s declared`})`,
      );
    }
    const receiver = new MockReceiverClient(ctx);

    const professional = await ownLandlord(ctx, 'plan-professional');
    const professionalPayment = await overduePayment(ctx, professional, 'webhook-professional');
    await moveTo(ctx, professional, 'Professional');
    const professionalSub = await subscribe(ctx, receiver, professional.id, ['rent.overdue'], 'plan-professional');

    const portfolio = await ownLandlord(ctx, 'plan-portfolio');
    const portfolioSub = await subscribe(ctx, receiver, portfolio.id, ['rent.overdue'], 'plan-portfolio');
    const portfolioPayment = await overduePayment(ctx, portfolio, 'webhook-portfolio');
    await moveTo(ctx, portfolio, 'Portfolio');

    const bound = 2 * interval * 1000 + ARRIVAL_MS;
    const { value: overdue, attempts } = await receiver.waitFor(
      portfolio.id,
      (all) => about(all, portfolioSub, 'rent.overdue', 'rent_payment_id', portfolioPayment)[0],
      bound,
    );
    ctx.expect(
      overdue !== undefined,
      `the Portfolio landlord's rent.overdue for payment ${portfolioPayment} (due 5 days ago, Pending) within ${Math.round(bound / 1000)} s (two scheduler periods)`,
      () => describeAttempts(forSubscription(attempts, portfolioSub)),
      undefined,
      { rules: ['AUTH-5', 'EVT-CAT-rent.overdue'] },
    );
    const envelope = expectDelivery(ctx, overdue, { event: 'rent.overdue', sub: portfolioSub, test: false });
    const days = (envelope.data as Record<string, unknown>).days_overdue;
    ctx.expect(
      typeof days === 'number' && days >= 1,
      'days_overdue at least 1 (the payment is past due)',
      () => String(days),
      undefined,
      { rules: ['EVT-CAT-rent.overdue'] },
    );

    // The pass that found the Portfolio payment ran after the Professional landlord was set up; give its
    // deliveries the time a scheduler period and an arrival take.
    const grace = Math.min(interval * 1000, 60_000) + 2_000;
    const { value: forbidden } = await receiver.waitFor(
      professional.id,
      (all) => forSubscription(all, professionalSub)[0],
      grace,
    );
    ctx.expect(
      forbidden === undefined,
      `no delivery to the Professional landlord's subscription (its payment ${professionalPayment} is overdue too): webhook delivery needs Portfolio or Enterprise`,
      () => describeAttempts([forbidden as Attempt]),
      undefined,
      { rules: ['AUTH-5'] },
    );
    ctx.note(
      `Portfolio: rent.overdue delivered; Professional: nothing within ${Math.round(grace / 1000)} s after that`,
    );
  },
});
