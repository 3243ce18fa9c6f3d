// The developer dashboard's API, outside the public prefix, guarded by ADMIN_TOKEN (Bearer).
import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import { apiError } from '../platform/errors/api-error';
import { route, type IdParams, type SharedRouteOptions, type TypedRoute } from '../platform/http/routes';
import { dataEnvelope, deletedBody, idParams, uuid } from '../platform/http/schemas';
import { depsOf } from '../platform/app-context';
import { storageOf } from '../storage';
import { EVENT_TYPES, MAX_EVENT_TYPES_PER_SUBSCRIPTION } from '../webhooks/event-types';
import { sameToken } from './admin-token';
import { recordCertificate, type CertificateInput } from './certificates';
import {
  createLandlordInput,
  createSubscriptionInput,
  issueKeyInput,
  recordCertificateInput,
  updateLandlordInput,
} from './inputs';
import { deleteLandlord } from './landlord-deletion';
import { capturedMail, listCapturedMail, mailAttachment } from './mail';
import * as dashboard from './service';
import { webhookDashboardRoutes } from './webhook-routes';

export const DASHBOARD_PREFIX = '/dashboard/api';

const routes: TypedRoute[] = [
  route({
    method: 'GET',
    path: '/event-types',
    handler: () => ({ data: EVENT_TYPES, meta: { maxPerSubscription: MAX_EVENT_TYPES_PER_SUBSCRIPTION } }),
  }),
  route({
    method: 'GET',
    path: '/landlords',
    handler: async (request) => ({
      data: (await dashboard.listLandlords(depsOf(request).knex)).map(dashboard.presentLandlord),
    }),
  }),
  route<{ Payload: dashboard.LandlordInput }>({
    method: 'POST',
    path: '/landlords',
    options: {
      validate: {
        payload: createLandlordInput,
      },
    },
    handler: async (request, h) => {
      const deps = depsOf(request);
      const landlord = await dashboard.createLandlord(deps.knex, deps.clock, request.payload);
      return h.response({ data: dashboard.presentLandlord(landlord) }).code(201);
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/landlords/{id}',
    options: { validate: { params: idParams } },
    handler: async (request) => ({
      data: dashboard.presentLandlord(await dashboard.getLandlord(depsOf(request).knex, request.params.id)),
    }),
  }),
  route<{ Params: IdParams; Payload: Partial<dashboard.LandlordInput> }>({
    method: 'PATCH',
    path: '/landlords/{id}',
    options: { validate: { params: idParams, payload: updateLandlordInput } },
    handler: async (request) => {
      const deps = depsOf(request);
      return {
        data: dashboard.presentLandlord(
          await dashboard.updateLandlord(
            deps.knex,
            deps.clock,
            request.params.id,
            request.payload,
            deps.credentialChanges,
          ),
        ),
      };
    },
  }),
  route<{ Params: IdParams }>({
    // The landlord and everything it owns (keys, subscriptions, deliveries, portfolio rows, stored objects).
    // Fixture landlords too: the admin's choice; a server on PGlite in memory gets them back on its next start.
    method: 'DELETE',
    path: '/landlords/{id}',
    options: { validate: { params: idParams }, response: { status: { 200: deletedBody } } },
    handler: async (request) => {
      const deps = depsOf(request);
      const { id } = request.params;
      await deleteLandlord(
        { knex: deps.knex, storage: storageOf(request), logger: deps.logger, changes: deps.credentialChanges },
        id,
      );
      return { data: { deleted: true, id } };
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/landlords/{id}/keys',
    options: { validate: { params: idParams } },
    handler: async (request) => ({
      data: (await dashboard.listKeys(depsOf(request).knex, request.params.id)).map(dashboard.presentKey),
    }),
  }),
  route<{ Params: IdParams; Payload: dashboard.KeyInput }>({
    method: 'POST',
    path: '/landlords/{id}/keys',
    options: {
      validate: {
        params: idParams,
        payload: issueKeyInput,
      },
    },
    handler: async (request, h) => {
      const deps = depsOf(request);
      const { key, record } = await dashboard.issueKey(deps.knex, deps.clock, request.params.id, request.payload);
      // The clear key is in this answer and nowhere else, ever.
      return h.response({ data: { ...dashboard.presentKey(record), key } }).code(201);
    },
  }),
  route<{ Params: IdParams }>({
    method: 'POST',
    path: '/keys/{id}/revoke',
    options: { validate: { params: idParams } },
    handler: async (request) => {
      const deps = depsOf(request);
      const key = await dashboard.revokeKey(deps.knex, deps.clock, request.params.id, deps.credentialChanges);
      return { data: dashboard.presentKey(key) };
    },
  }),
  route<{ Params: IdParams; Payload: CertificateInput }>({
    // A compliance certificate on file for one of the landlord's properties, counted from then on like any other.
    method: 'POST',
    path: '/landlords/{id}/certificates',
    options: {
      validate: { params: idParams, payload: recordCertificateInput },
      response: { status: { 201: dataEnvelope(Joi.object({ id: uuid.required() }), 'RecordedCertificate') } },
    },
    handler: async (request, h) => {
      const data = await recordCertificate(depsOf(request), request.params.id, request.payload);
      return h.response({ data }).code(201);
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/landlords/{id}/webhooks',
    options: { validate: { params: idParams } },
    handler: async (request) => ({
      data: (await dashboard.listSubscriptions(depsOf(request).knex, request.params.id)).map(
        dashboard.presentSubscription,
      ),
    }),
  }),
  route<{ Params: IdParams; Payload: dashboard.SubscriptionInput }>({
    method: 'POST',
    path: '/landlords/{id}/webhooks',
    options: {
      validate: {
        params: idParams,
        payload: createSubscriptionInput,
      },
    },
    handler: async (request, h) => {
      const deps = depsOf(request);
      const { secret, record } = await dashboard.createSubscription(
        deps.knex,
        deps.clock,
        request.params.id,
        request.payload,
      );
      // The signing secret is shown once, here.
      return h.response({ data: { ...dashboard.presentSubscription(record), secret } }).code(201);
    },
  }),
  route<{ Params: IdParams }>({
    method: 'DELETE',
    path: '/webhooks/{id}',
    options: { validate: { params: Joi.object({ id: uuid.required() }) } },
    handler: async (request) => {
      const deps = depsOf(request);
      await dashboard.deleteSubscription(deps.knex, deps.clock, request.params.id);
      return { data: { deleted: true, id: request.params.id } };
    },
  }),
];

export const dashboardPlugin: Plugin<void> = {
  name: 'dashboard',
  register(server) {
    const token = depsOf(server).config.adminToken;
    server.auth.scheme('admin-token', () => ({
      authenticate: (request, h) => {
        const header = request.headers.authorization;
        const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
        if (!token || !match || !sameToken(match[1], token)) {
          throw apiError(
            'UNAUTHORIZED',
            token ? 'Missing or invalid dashboard token' : 'The dashboard is disabled: set ADMIN_TOKEN',
          );
        }
        return h.authenticated({ credentials: { admin: true } as never });
      },
    }));
    server.auth.strategy('admin-token', 'admin-token');
    for (const r of dashboardRoutes()) r.register(server);
  },
};

const ADMIN_ONLY: SharedRouteOptions = { auth: 'admin-token', tags: ['dashboard'] };

/** Every dashboard route, guarded by the admin token (the provisioning contract serves a subset of them again). */
export function dashboardRoutes(): TypedRoute[] {
  return [...routes, ...mailCaptureRoutes, ...webhookDashboardRoutes].map((r) => ({
    ...r,
    register: (server) => r.register(server, ADMIN_ONLY),
  }));
}

/** In-process mail capture (no SMTP_URL), readable like maildev's API: list, one message, attachment bytes, clear. */
export const mailCaptureRoutes: TypedRoute[] = [
  route({
    method: 'GET',
    path: '/mail',
    handler: (request) => listCapturedMail(depsOf(request).mailCapture),
  }),
  route<{ Params: { id: string } }>({
    method: 'GET',
    path: '/mail/{id}',
    handler: (request) => capturedMail(depsOf(request).mailCapture, request.params.id),
  }),
  route<{ Params: { id: string; filename: string } }>({
    method: 'GET',
    path: '/mail/{id}/attachment/{filename}',
    handler: (request, h) => {
      const { params } = request;
      const attachment = mailAttachment(depsOf(request).mailCapture, params.id, params.filename);
      return h.response(attachment.content).type(attachment.contentType);
    },
  }),
  route({
    method: 'DELETE',
    path: '/mail',
    handler: (request) => {
      depsOf(request).mailCapture?.clear();
      return { data: { deleted: true } };
    },
  }),
];
