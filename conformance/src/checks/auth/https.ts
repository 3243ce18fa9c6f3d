// Authentication 7: in production, plain HTTP is rejected with 403 HTTPS_REQUIRED. Observable only when the
// target says it is production; an https base URL is probed at its plain-HTTP twin.

import { defineCheck, type CheckContext } from '../../runner';
import { TransportError } from '../../http/client';
import { fillPath } from '../shared/util';
import { writeName } from '../shared/unnamed';

export const plainHttpInProductionAnswers403HttpsRequired = defineCheck({
  id: 'auth.plainHttpInProductionAnswers403HttpsRequired',
  title: 'In production, plain HTTP answers 403 HTTPS_REQUIRED, even with a valid key',
  group: 'Authentication',
  rules: ['AUTH-7', 'ERR-HTTPS_REQUIRED'],
  async run(ctx: CheckContext) {
    if (!ctx.target.production) {
      ctx.skip('the target does not declare "production": true, and HTTPS_REQUIRED applies in production only');
    }
    const base = new URL(ctx.target.baseUrl);
    let plainBase: string;
    if (base.protocol === 'http:') {
      plainBase = ctx.target.baseUrl;
    } else {
      const plain = new URL(ctx.target.baseUrl);
      plain.protocol = 'http:';
      // The TLS port speaks TLS; plain HTTP goes to the default port of the host.
      plain.port = '';
      plainBase = plain.toString().replace(/\/+$/, '');
    }
    const probes = [
      { method: 'GET', path: '/properties', key: 'enterpriseLive' },
      { method: 'GET', path: '/compliance/summary', key: 'enterpriseLive' },
      {
        method: 'PATCH',
        path: fillPath('/properties/{id}'),
        key: 'enterpriseLive',
        json: { [writeName(ctx, 'property', 'shortName')]: `${ctx.marker} https` },
      },
      { method: 'GET', path: '/contracts', key: 'enterpriseReadOnly' },
    ].filter((p) => ctx.hasKey(p.key));
    let refused = 0;
    for (const probe of probes) {
      let res;
      try {
        res = await ctx.http.request({
          method: probe.method,
          url: `${plainBase}${probe.path}`,
          key: probe.key,
          ...(probe.json ? { json: probe.json } : {}),
        });
      } catch (error) {
        // Nothing answers plain HTTP at all: no request can be served without TLS.
        if (error instanceof TransportError && base.protocol === 'https:') {
          refused++;
          continue;
        }
        throw error;
      }
      ctx.expectErrorEnvelope(res, 403, 'HTTPS_REQUIRED');
    }
    ctx.note(
      refused === probes.length
        ? `nothing answers plain HTTP at ${plainBase} (connection refused): only TLS is accepted`
        : `${probes.length - refused} plain-HTTP requests with valid keys: 403 HTTPS_REQUIRED`,
    );
  },
});
