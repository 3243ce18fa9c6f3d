// Self-test faults of observed.ts.

import type { FaultTable } from '../../support/self-test';
import type { ProxyRequest, ProxyResponse } from '../../support/broken';
import { apiPath, isRec, jsonResponse, readJson, withJson } from '../../support/faults';

type Rec = Record<string, unknown>;
const PDF = /^\/rent\/([0-9a-f-]{36})\/invoice\/pdf$/i;

function bodyOf(req: ProxyRequest): Rec {
  try {
    const v = JSON.parse(req.body.toString('utf8') || '{}') as unknown;
    return isRec(v) ? v : {};
  } catch {
    return {};
  }
}
const isTenantPost = (req: ProxyRequest): boolean => req.method === 'POST' && apiPath(req) === '/tenants';
const emailKeyOf = (body: Rec): string | undefined => Object.keys(body).find((k) => /email/i.test(k));

export const faults: FaultTable = {
  'tenants.creationSendsPortalInvitation': [
    {
      fault: () => ({
        description: 'POST /tenants answers 201 without creating the tenant (no invitation is sent)',
        request: (req) =>
          isTenantPost(req)
            ? jsonResponse(201, { data: { ...bodyOf(req), id: '00000000-0000-4000-8000-0000000000a1' } })
            : undefined,
      }),
    },
    {
      fault: () => ({
        description: "the invitation goes to another address than the tenant's (the tenant is shown with its own)",
        request: (req) => {
          const body = bodyOf(req);
          const key = emailKeyOf(body);
          if (!isTenantPost(req) || !key || typeof body[key] !== 'string') return undefined;
          return { ...req, body: Buffer.from(JSON.stringify({ ...body, [key]: `elsewhere.${body[key]}` })) };
        },
        response: (res, req) => {
          const sent = bodyOf(req);
          const key = emailKeyOf(sent);
          const answer = readJson(res);
          if (!isTenantPost(req) || !key || !isRec(answer) || !isRec(answer.data)) return undefined;
          return withJson(res, { ...answer, data: { ...answer.data, [key]: sent[key] } });
        },
      }),
    },
  ],
  'invoices.pdfFollowsRentPatch': [
    {
      fault: () => ({
        description: 'the invoice PDF is cached by rent id alone: the bytes of before a PATCH are served after it',
        response: (res: ProxyResponse, req, ctx) => {
          const id = PDF.exec(apiPath(req) ?? '')?.[1];
          if (req.method !== 'GET' || !id || res.status !== 200) return undefined;
          const cached = ctx.state.get(`pdf:${id}`) as ProxyResponse | undefined;
          if (cached) return cached;
          ctx.state.set(`pdf:${id}`, res);
          return undefined;
        },
      }),
    },
  ],
};
