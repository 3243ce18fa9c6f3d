// Overview ("a REST API rooted at {base_url}, the service host followed by the path prefix /api/public/v1") and
// Versioning ("the API is version 1; the path prefix is /api/public/v1"): the API answers under the prefix, and the
// same request under another version prefix, or without one, is not the API.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { isRecord } from '../shared/util';

export const API_PREFIX = '/api/public/v1';

/** Where a deployment could (wrongly) also serve the API: another version, no version, the host root. */
const OTHER_PREFIXES = ['/api/public/v2', '/api/public/v0', '/api/public', '/api/v1', ''];

function ids(data: unknown): string[] {
  return Array.isArray(data)
    ? data.map((item) => (isRecord(item) && typeof item.id === 'string' ? item.id : '')).filter((id) => id !== '')
    : [];
}

export const apiAnswersUnderItsVersionPrefixOnly = defineCheck({
  id: 'versioning.apiAnswersUnderV1PrefixOnly',
  title:
    'The API answers under {service host}/api/public/v1; the same request under another version prefix, or none, is not answered by the API',
  group: 'Versioning',
  rules: ['OVERVIEW-1', 'VERSION-1'],
  async run(ctx: CheckContext) {
    const base = new URL(ctx.target.baseUrl);
    const path = base.pathname.replace(/\/+$/, '');
    ctx.expect(
      path.endsWith(API_PREFIX),
      `the target's baseUrl to be the service host followed by ${API_PREFIX} ({base_url})`,
      () => `baseUrl ${ctx.target.baseUrl}`,
      undefined,
      { rules: ['OVERVIEW-1', 'VERSION-1'] },
    );
    const root = `${base.origin}${path.slice(0, -API_PREFIX.length)}`;

    const res = await ctx.http.request({ path: '/properties', key: 'enterpriseLive', query: { limit: 5 } });
    const body = ctx.expectSuccessEnvelope(res, 200, { rules: ['OVERVIEW-1'] });
    ctx.expect(
      Array.isArray(body.data),
      `GET ${API_PREFIX}/properties to answer the property list`,
      () => `data is ${describeValue(body.data)}`,
      res.exchange,
      { rules: ['OVERVIEW-1'] },
    );
    const known = new Set(ids(body.data));

    for (const prefix of OTHER_PREFIXES) {
      const other = await ctx.http.request({
        url: `${root}${prefix}/properties`,
        key: 'enterpriseLive',
        query: { limit: 5 },
      });
      const leaked = isRecord(other.json) ? ids(other.json.data).filter((id) => known.has(id)) : [];
      ctx.expect(
        (other.status < 200 || other.status >= 300) && leaked.length === 0,
        `GET ${prefix || '(no prefix)'}/properties not to be answered by the API (the API is version 1, under ${API_PREFIX}): a non-2xx answer without the landlord's data`,
        () => describeResponse(other),
        other.exchange,
        { rules: ['VERSION-1', 'OVERVIEW-1'] },
      );
    }
    ctx.note(`the API answered under ${path}; ${OTHER_PREFIXES.map((p) => p || '(host root)').join(', ')} did not`);
  },
});
