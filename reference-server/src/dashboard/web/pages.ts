// The web dashboard's pages and form actions (under /dashboard). Every action calls the dashboard's service
// functions with input checked by the admin API's own schemas, so a page can do nothing the API would refuse and
// refuses nothing it would take; a refusal is shown on the page with the API's message and code.
import type { Lifecycle, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { EVENT_TYPE_COUNT, MAX_EVENT_TYPES_PER_ENDPOINT, eventCatalogue } from '@ppapi/spec';
import Joi from 'joi';
import { PLANS } from '../../persistence/models';
import { uuid } from '../../platform/http/schemas';
import { depsOf } from '../../platform/app-context';
import { storageOf } from '../../storage';
import { deliveryHistory, deliveryPayload, retryDelivery, sendTestDelivery } from '../deliveries';
import {
  createLandlordInput,
  createSubscriptionInput,
  issueKeyInput,
  testDeliveryInput,
  updateLandlordInput,
} from '../inputs';
import { deleteLandlord } from '../landlord-deletion';
import { listCapturedMail, mailAttachment } from '../mail';
import * as dashboard from '../service';
import { field, fields, formOf, refusal, validated, type Form, type PageError } from './forms';
import { csrfToken, csrfValid, CSRF_FIELD, isSignedIn, signIn, signOut } from './session';
import { sameToken } from '../admin-token';

export const DASHBOARD_PAGES = '/dashboard';

type Params = Readonly<Record<string, unknown>>;
type Context = Record<string, unknown>;

/** What every page's layout needs. */
function base(request: Request, h: ResponseToolkit, title: string, extra: Context = {}): Context {
  const deps = depsOf(request);
  return {
    title,
    csrf: csrfToken(request, h),
    signedIn: isSignedIn(request, deps.clock),
    mailCaptured: deps.mailCapture !== undefined,
    ...extra,
  };
}

/** Fixed notices after a redirect (`?done=`): never text taken from the URL. */
const NOTICES: Readonly<Record<string, string>> = {
  created: 'Landlord created.',
  plan: 'Plan changed.',
  revoked: 'Key revoked: it stops working at once.',
  deleted: 'Landlord deleted, with everything it owned.',
  'subscription-deleted': 'Subscription deleted.',
  test: 'Test delivery queued: it appears below once attempted (refresh to follow it).',
  retry: 'Retry queued: a new manual attempt is made at once (refresh to follow it).',
};
const noticeOf = (request: Request): string | undefined => {
  const done = request.query.done;
  return typeof done === 'string' ? NOTICES[done] : undefined;
};

const planOptions = (current: string | null | undefined) => [
  { value: '', label: 'none (no API access)', selected: current === null },
  ...PLANS.map((p) => ({ value: p, label: p, selected: p === (current === undefined ? 'Enterprise' : current) })),
];

const planOf = (form: Form): string | null => {
  const plan = field(form, 'plan');
  return plan === '' || plan === undefined ? null : plan;
};

/** The refused subscription's checkboxes stay ticked; the hint explains the limit with the spec's numbers. */
const eventChoices = (checked: readonly string[]) =>
  eventCatalogue.map((e) => ({ event: e.event, firedWhen: e.firedWhen, checked: checked.includes(e.event) }));

const eventsHint = (e: PageError): string | undefined =>
  /"events"/.test(e.message)
    ? `One endpoint subscribes to at least 1 and at most ${MAX_EVENT_TYPES_PER_ENDPOINT} of the ${EVENT_TYPE_COUNT} event types (spec, Webhooks). To receive more, register a second endpoint.`
    : undefined;

const landlordCrumbs = (landlord: { id: string; name: string }) => [
  { href: '/dashboard', label: 'Landlords' },
  { href: `/dashboard/landlords/${landlord.id}`, label: landlord.name },
];

const idOnly = Joi.object<{ id: string }>({ id: uuid.required() });
const landlordIdOf = (params: Params): string => validated(idOnly, 'params', { id: params.id }).id;
const subParams = Joi.object<{ id: string; subscriptionId: string }>({
  id: uuid.required(),
  subscriptionId: uuid.required(),
});

async function landlordsPage(request: Request, h: ResponseToolkit, extra: Context = {}) {
  const landlords = (await dashboard.listLandlords(depsOf(request).knex)).map(dashboard.presentLandlord);
  return h.view('landlords', base(request, h, 'Landlords', { landlords, plans: planOptions(undefined), ...extra }));
}

async function landlordPage(request: Request, h: ResponseToolkit, landlordId: string, extra: Context = {}) {
  const { knex } = depsOf(request);
  const landlord = dashboard.presentLandlord(await dashboard.getLandlord(knex, landlordId));
  const keys = (await dashboard.listKeys(knex, landlordId)).map(dashboard.presentKey);
  const subscriptions = (await dashboard.listSubscriptions(knex, landlordId)).map(dashboard.presentSubscription);
  return h.view(
    'landlord',
    base(request, h, landlord.name, {
      breadcrumbs: landlordCrumbs(landlord).slice(0, 1),
      landlord,
      plans: planOptions(landlord.plan),
      keys,
      subscriptions,
      eventTypes: eventChoices([]),
      maxEvents: MAX_EVENT_TYPES_PER_ENDPOINT,
      totalEvents: EVENT_TYPE_COUNT,
      notice: noticeOf(request),
      ...extra,
    }),
  );
}

async function subscriptionPage(request: Request, h: ResponseToolkit, params: Params, extra: Context = {}) {
  const { id, subscriptionId } = validated(subParams, 'params', {
    id: params.id,
    subscriptionId: params.subscriptionId,
  });
  const { knex } = depsOf(request);
  const landlord = dashboard.presentLandlord(await dashboard.getLandlord(knex, id));
  const subscription = (await dashboard.listSubscriptions(knex, id)).find((s) => s.id === subscriptionId);
  if (!subscription)
    return h.view('error', base(request, h, 'Subscription not found', notFoundError('Webhook subscription'))).code(404);
  const { deliveries, total } = await deliveryHistory(knex, subscriptionId, { page: 1, limit: 50 });
  const withPayloads = await Promise.all(
    deliveries.map(async (d) => ({
      ...d,
      payload: await deliveryPayload(knex, d.id),
      retryable: d.status === 'permanently_failed',
    })),
  );
  return h.view(
    'subscription',
    base(request, h, `Webhook subscription ${subscription.url}`, {
      breadcrumbs: landlordCrumbs(landlord),
      landlord,
      subscription: dashboard.presentSubscription(subscription),
      deliveries: withPayloads,
      total,
      notice: noticeOf(request),
      ...extra,
    }),
  );
}

const notFoundError = (kind: string) => ({
  error: { status: 404, code: 'NOT_FOUND', message: `${kind} not found` },
});

const see = (h: ResponseToolkit, path: string) => h.redirect(path).code(303);

/** A form action: refused unless it carries this browser's CSRF token. */
const action =
  (
    work: (request: Request, h: ResponseToolkit, form: Form) => Lifecycle.ReturnValue | Promise<Lifecycle.ReturnValue>,
  ): Lifecycle.Method =>
  async (request, h) => {
    const form = formOf(request.payload);
    if (!csrfValid(request, field(form, CSRF_FIELD))) {
      const error = {
        status: 403,
        code: 'FORBIDDEN',
        message: 'This form was not sent from this dashboard (its CSRF token is missing or stale).',
        hint: 'Reload the page and send the form again.',
      };
      return h.view('error', base(request, h, 'Form refused', { error })).code(403);
    }
    return work(request, h, form);
  };

/** Runs an operation; a refusal re-renders the page it came from with the message, at the refusal's status. */
async function attempt(
  h: ResponseToolkit,
  work: () => Promise<Lifecycle.ReturnValue>,
  page: (error: PageError) => Promise<ResponseObject>,
  hint?: (e: PageError) => string | undefined,
): Promise<Lifecycle.ReturnValue> {
  try {
    return await work();
  } catch (err) {
    const error = refusal(err, hint);
    return (await page(error)).code(error.status);
  }
}

interface PageRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly public?: boolean;
  readonly handler: Lifecycle.Method;
}

export const pageRoutes: readonly PageRoute[] = [
  {
    method: 'GET',
    path: '/sign-in',
    public: true,
    handler: (request, h) => {
      if (isSignedIn(request, depsOf(request).clock)) return see(h, '/dashboard');
      return h.view('sign-in', base(request, h, 'Sign in', { disabled: !depsOf(request).config.adminToken }));
    },
  },
  {
    method: 'POST',
    path: '/sign-in',
    public: true,
    handler: action((request, h, form) => {
      const deps = depsOf(request);
      const token = deps.config.adminToken;
      if (token && sameToken(field(form, 'token') ?? '', token)) {
        signIn(h, deps.clock);
        return see(h, '/dashboard');
      }
      const error = token
        ? { status: 401, code: 'UNAUTHORIZED', message: 'That is not the admin token of this deployment.' }
        : { status: 401, code: 'UNAUTHORIZED', message: 'The dashboard is disabled: set ADMIN_TOKEN.' };
      return h.view('sign-in', base(request, h, 'Sign in', { error, disabled: !token })).code(401);
    }),
  },
  {
    method: 'POST',
    path: '/sign-out',
    handler: action((_request, h) => {
      signOut(h);
      return see(h, '/dashboard/sign-in');
    }),
  },
  { method: 'GET', path: '/', handler: (request, h) => landlordsPage(request, h, { notice: noticeOf(request) }) },
  {
    method: 'POST',
    path: '/landlords',
    handler: action((request, h, form) => {
      const input = { name: field(form, 'name'), email: field(form, 'email'), plan: planOf(form) };
      return attempt(
        h,
        async () => {
          const deps = depsOf(request);
          const landlord = await dashboard.createLandlord(
            deps.knex,
            deps.clock,
            validated(createLandlordInput, 'payload', input),
          );
          return see(h, `/dashboard/landlords/${landlord.id}?done=created`);
        },
        (error) => landlordsPage(request, h, { error, form: input }),
      );
    }),
  },
  {
    method: 'GET',
    path: '/landlords/{id}',
    handler: (request, h) => landlordPage(request, h, landlordIdOf(request.params)),
  },
  {
    method: 'POST',
    path: '/landlords/{id}/plan',
    handler: action((request, h, form) => {
      const id = landlordIdOf(request.params);
      return attempt(
        h,
        async () => {
          const deps = depsOf(request);
          const patch = validated(updateLandlordInput, 'payload', { plan: planOf(form) });
          await dashboard.updateLandlord(deps.knex, deps.clock, id, patch, deps.credentialChanges);
          return see(h, `/dashboard/landlords/${id}?done=plan`);
        },
        (error) => landlordPage(request, h, id, { error }),
      );
    }),
  },
  {
    method: 'POST',
    path: '/landlords/{id}/delete',
    handler: action(async (request, h) => {
      const id = landlordIdOf(request.params);
      const deps = depsOf(request);
      await deleteLandlord(
        { knex: deps.knex, storage: storageOf(request), logger: deps.logger, changes: deps.credentialChanges },
        id,
      );
      return see(h, '/dashboard?done=deleted');
    }),
  },
  {
    method: 'POST',
    path: '/landlords/{id}/keys',
    handler: action((request, h, form) => {
      const id = landlordIdOf(request.params);
      return attempt(
        h,
        async () => {
          const deps = depsOf(request);
          const input = validated(issueKeyInput, 'payload', {
            name: field(form, 'name'),
            mode: field(form, 'mode'),
            scope: field(form, 'scope'),
          });
          const { key, record } = await dashboard.issueKey(deps.knex, deps.clock, id, input);
          // Rendered, not redirected: the clear key is in this one answer (no-store) and nowhere else.
          const page = await landlordPage(request, h, id, { issuedKey: { ...dashboard.presentKey(record), key } });
          return page.code(201);
        },
        (error) => landlordPage(request, h, id, { error }),
      );
    }),
  },
  {
    method: 'POST',
    path: '/landlords/{id}/keys/{keyId}/revoke',
    handler: action(async (request, h) => {
      const { id, keyId } = validated(
        Joi.object<{ id: string; keyId: string }>({ id: uuid.required(), keyId: uuid.required() }),
        'params',
        { id: request.params.id, keyId: request.params.keyId },
      );
      const deps = depsOf(request);
      const key = (await dashboard.listKeys(deps.knex, id)).find((k) => k.id === keyId);
      if (!key) return h.view('error', base(request, h, 'Key not found', notFoundError('API key'))).code(404);
      await dashboard.revokeKey(deps.knex, deps.clock, keyId, deps.credentialChanges);
      return see(h, `/dashboard/landlords/${id}?done=revoked`);
    }),
  },
  {
    method: 'POST',
    path: '/landlords/{id}/webhooks',
    handler: action((request, h, form) => {
      const id = landlordIdOf(request.params);
      const chosen = fields(form, 'events');
      const typed = { url: field(form, 'url') ?? '', description: field(form, 'description') ?? '' };
      return attempt(
        h,
        async () => {
          const deps = depsOf(request);
          const input = validated(createSubscriptionInput, 'payload', { ...typed, events: chosen });
          const { secret, record } = await dashboard.createSubscription(deps.knex, deps.clock, id, input);
          // Rendered, not redirected: the signing secret is shown in this one answer (no-store).
          const page = await landlordPage(request, h, id, {
            createdSubscription: { ...dashboard.presentSubscription(record), secret },
          });
          return page.code(201);
        },
        (error) => landlordPage(request, h, id, { error, form: typed, eventTypes: eventChoices(chosen) }),
        eventsHint,
      );
    }),
  },
  {
    method: 'GET',
    path: '/landlords/{id}/webhooks/{subscriptionId}',
    handler: (request, h) => subscriptionPage(request, h, request.params),
  },
  {
    method: 'POST',
    path: '/landlords/{id}/webhooks/{subscriptionId}/test',
    handler: action((request, h, form) => {
      const { params } = request;
      return attempt(
        h,
        async () => {
          const { subscriptionId, id } = validated(subParams, 'params', params);
          const input = validated(testDeliveryInput, 'payload', { event: field(form, 'event') });
          await sendTestDelivery(depsOf(request), subscriptionId, input.event);
          return see(h, `/dashboard/landlords/${id}/webhooks/${subscriptionId}?done=test`);
        },
        (error) => subscriptionPage(request, h, params, { error }),
      );
    }),
  },
  {
    method: 'POST',
    path: '/landlords/{id}/webhooks/{subscriptionId}/deliveries/{deliveryId}/retry',
    handler: action((request, h) => {
      const { params } = request;
      return attempt(
        h,
        async () => {
          const { subscriptionId, id } = validated(subParams, 'params', {
            id: params.id,
            subscriptionId: params.subscriptionId,
          });
          const deliveryId = validated(idOnly, 'params', { id: params.deliveryId }).id;
          await retryDelivery(depsOf(request), deliveryId);
          return see(h, `/dashboard/landlords/${id}/webhooks/${subscriptionId}?done=retry`);
        },
        (error) => subscriptionPage(request, h, params, { error }),
      );
    }),
  },
  {
    method: 'POST',
    path: '/landlords/{id}/webhooks/{subscriptionId}/delete',
    handler: action(async (request, h) => {
      const { id, subscriptionId } = validated(subParams, 'params', {
        id: request.params.id,
        subscriptionId: request.params.subscriptionId,
      });
      const deps = depsOf(request);
      await dashboard.deleteSubscription(deps.knex, deps.clock, subscriptionId);
      return see(h, `/dashboard/landlords/${id}?done=subscription-deleted`);
    }),
  },
  {
    method: 'GET',
    path: '/mail',
    handler: (request, h) => {
      const capture = depsOf(request).mailCapture;
      return h.view(
        'mail',
        base(request, h, 'Captured mail', { enabled: capture !== undefined, messages: listCapturedMail(capture) }),
      );
    },
  },
  {
    method: 'GET',
    path: '/mail/{id}/attachment/{filename}',
    handler: (request, h) => {
      const { id, filename } = validated(
        Joi.object<{ id: string; filename: string }>({
          id: Joi.string().required(),
          filename: Joi.string().required(),
        }),
        'params',
        request.params,
      );
      const attachment = mailAttachment(depsOf(request).mailCapture, id, filename);
      return h
        .response(attachment.content)
        .type(attachment.contentType)
        .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
    },
  },
];
