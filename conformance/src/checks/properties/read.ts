// Endpoints > Properties, the reads: list and detail shapes (every field of the Property table), the status
// filter, the address search and its bounds, and 404 for unknown ids on every property route.

import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { expect400 } from '../shared/own-data';
import { TINY_PDF, TINY_PNG } from '../shared/files';
import { expectShape, keySet } from '../shared/shape';
import { createOwnProperty, getList, isSuiteData, unknownId, type Json } from '../shared/util';
import { writeName } from '../shared/unnamed';
import {
  getProperty,
  maskCase,
  PROPERTY_FIELDS,
  PROPERTY_STATUSES,
  occupiedTenantProblem,
  propertyProblem,
  swapCase,
  targetProperties,
} from './fields';

const GROUP = 'Endpoints > Properties';
const LIVE = 'enterpriseLive';

/** Key → JSON type of each top-level value ("null", "string", "object", …): the "shape" two views must share. */
function typeShape(item: Json): string {
  return Object.keys(item)
    .sort()
    .map((k) => {
      const v = item[k];
      return `${k}:${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v}`;
    })
    .join(',');
}

export const propertyListAndDetailShareTheFullShape = defineCheck({
  id: 'properties.listAndDetailShareTheFullShape',
  title: 'Property list items and details carry every field of the Property table, typed, in the identical shape',
  group: 'Resources > Property',
  rules: [
    'PROP-1',
    'PROP-9',
    'RES-PROP-1',
    'RES-PROP-2',
    'RES-PROP-3',
    'RES-PROP-4',
    'RES-PROP-5',
    'RES-PROP-6',
    'RES-PROP-7',
    'RES-PROP-8',
    'RES-PROP-9',
    'RES-PROP-10',
    'RES-PROP-11',
    'RES-PROP-12',
    'RES-PROP-14',
    'RES-PROP-16',
    'RES-PROP-18',
    'STATE-1',
  ],
  async run(ctx: CheckContext) {
    let page = await getList(ctx, '/properties', LIVE, { limit: 100 }, { rules: ['PROP-1'] });
    // An empty portfolio (a freshly provisioned landlord): a property of the check's own gives the list and the
    // detail something to show. Only this check deletes it (in its cleanup), so it may be compared below.
    let own: Json | undefined;
    if (page.items.length === 0) {
      own = await createOwnProperty(ctx, LIVE, 'list-shape');
      page = await getList(ctx, '/properties', LIVE, { limit: 100 }, { rules: ['PROP-1'] });
    }
    ctx.expect(
      page.meta !== undefined,
      '`meta` on the property list',
      () => describeResponse(page.res),
      page.res.exchange,
      { rules: ['PROP-1'] },
    );
    ctx.expect(
      page.items.length > 0,
      'at least one property on the first page of GET /properties',
      'an empty list',
      page.res.exchange,
      { rules: ['PROP-1'] },
    );
    for (const item of page.items) {
      expectShape(ctx, item, PROPERTY_FIELDS, `property ${String(item.id)}`, page.res.exchange);
      const problem = propertyProblem(item);
      ctx.expect(
        problem === undefined,
        'compliance to be an object containing `items` (an array)',
        problem ?? '',
        page.res.exchange,
        { rules: ['RES-PROP-16'] },
      );
      const tenant = occupiedTenantProblem(item);
      ctx.expect(
        tenant === undefined,
        `property ${String(item.id)}: an Occupied property names its tenants in tenantName (a non-empty string)`,
        tenant ?? '',
        page.res.exchange,
        { rules: ['RES-PROP-14'] },
      );
    }
    // Details: a spread of items (first, last, any with an image), compared key for key and type for type.
    // (The suite's other properties are left out: other checks may delete them meanwhile.)
    const targets = page.items.filter((p) => !isSuiteData(p) || (own !== undefined && p.id === own.id));
    const picks = new Map<string, Json>();
    for (const item of [
      targets[0],
      targets[targets.length - 1],
      targets.find((p) => typeof p.image === 'string'),
      ...targets.slice(1, 5),
    ]) {
      if (item && typeof item.id === 'string') picks.set(item.id, item);
    }
    for (const [id, listed] of picks) {
      const { res, data } = await getProperty(ctx, id);
      expectShape(ctx, data, PROPERTY_FIELDS, `property ${id} (detail)`, res.exchange);
      ctx.expect(data.id === id, `the detail of ${id} to carry that id`, () => describeValue(data.id), res.exchange, {
        rules: ['PROP-9'],
      });
      const same = (one: Json): boolean => keySet(data) === keySet(one) && typeShape(data) === typeShape(one);
      // Another check may have set a nullable field (a renewal date) between the list read and this one: a
      // mismatch is judged against the item as the list shows it now.
      const item = same(listed)
        ? listed
        : ((await getList(ctx, '/properties', LIVE, { limit: 100 }, { rules: ['PROP-1'] })).items.find(
            (p) => p.id === id,
          ) ?? listed);
      ctx.expect(
        same(item),
        `the detail of ${id} to have the identical shape as its list item (${typeShape(item)})`,
        () => typeShape(data),
        res.exchange,
        { rules: ['RES-PROP-1'] },
      );
    }
    ctx.note(`${page.items.length} list items typed; ${picks.size} details with the identical shape`);
  },
});

export const propertyStatusFilterHoldsOnEveryItem = defineCheck({
  id: 'properties.statusFilterHoldsOnEveryItem',
  title: 'GET /properties?status=X answers only properties with status X, for each of Occupied, Vacant and Maintenance',
  group: GROUP,
  rules: ['PROP-2', 'STATE-1'],
  async run(ctx: CheckContext) {
    const all = await getList(ctx, '/properties', LIVE, { limit: 100 });
    const seen: string[] = [];
    for (const status of PROPERTY_STATUSES) {
      const filtered = await getList(ctx, '/properties', LIVE, { status, limit: 100 }, { rules: ['PROP-2'] });
      const wrong = filtered.items.find((p) => p.status !== status);
      ctx.expect(
        wrong === undefined,
        `every item of ?status=${status} to have status "${status}"`,
        () => `property ${String(wrong?.id)} has status ${describeValue(wrong?.status)}`,
        filtered.res.exchange,
        { rules: ['PROP-2'] },
      );
      const expected = all.items.filter((p) => p.status === status && !isSuiteData(p));
      if (expected.length > 0) {
        // The unfiltered page shows properties in this status: the filter must find some (and these ones, when all fit).
        ctx.expect(
          filtered.items.length > 0,
          `?status=${status} to find properties (the unfiltered list has ${expected.length})`,
          'an empty list',
          filtered.res.exchange,
          { rules: ['PROP-2'] },
        );
        const total = filtered.meta?.total;
        if (typeof total === 'number' && total <= 100) {
          const ids = new Set(filtered.items.map((p) => p.id));
          const missing = expected.find((p) => !ids.has(p.id));
          ctx.expect(
            missing === undefined,
            `?status=${status} to include every property the unfiltered list shows in "${status}"`,
            () => `property ${String(missing?.id)} is missing`,
            filtered.res.exchange,
            { rules: ['PROP-2'] },
          );
        }
      }
      seen.push(`${status}: ${filtered.items.length}`);
    }
    ctx.note(`status filter held on every item (${seen.join(', ')})`);
  },
});

export const propertySearchIsCaseInsensitiveContainsOnAddress = defineCheck({
  id: 'properties.searchIsCaseInsensitiveContainsOnAddress',
  title: 'GET /properties?search= matches a case-insensitive substring of the address, 1 to 200 characters',
  group: GROUP,
  rules: ['PROP-3', 'LIMIT-4'],
  async run(ctx: CheckContext) {
    const hasAddress = (p: Json): boolean => typeof p.address === 'string' && p.address.trim().length > 0;
    let properties = (await targetProperties(ctx)).filter(hasAddress);
    // A portfolio without one (an empty one): a property of the check's own, its address as the API shows it.
    if (properties.length === 0) properties = [await createOwnProperty(ctx, LIVE, 'search')].filter(hasAddress);
    if (properties.length === 0)
      ctx.skip('no property with an address to search for: the property the check created shows none in `address`');

    const search = async (term: string, sourceId?: string): Promise<void> => {
      const page = await getList(ctx, '/properties', LIVE, { search: term, limit: 100 }, { rules: ['PROP-3'] });
      const needle = term.toLowerCase();
      const wrong = page.items.find((p) => typeof p.address !== 'string' || !p.address.toLowerCase().includes(needle));
      ctx.expect(
        wrong === undefined,
        `every result of ?search=${JSON.stringify(term)} to contain it in its address (case-insensitive)`,
        () => `property ${String(wrong?.id)}: address ${describeValue(wrong?.address)}`,
        page.res.exchange,
        { rules: ['PROP-3'] },
      );
      if (sourceId !== undefined) {
        const total = typeof page.meta?.total === 'number' ? page.meta.total : page.items.length;
        ctx.expect(
          page.items.some((p) => p.id === sourceId) || total > page.items.length,
          `?search=${JSON.stringify(term)} to find property ${sourceId}, whose address contains it`,
          () => `${page.items.length} results without it`,
          page.res.exchange,
          { rules: ['PROP-3'] },
        );
      }
    };

    // The whole address in swapped case finds its property.
    const first = properties[0];
    await search(swapCase((first.address as string).slice(0, 200)), String(first.id));
    // Random substrings in random case (the run's seed).
    await ctx.property(
      'a case-scrambled substring of an address finds its property',
      fc.record({
        index: fc.nat(),
        start: fc.nat(),
        length: fc.integer({ min: 1, max: 12 }),
        mask: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      }),
      async ({ index, start, length, mask }) => {
        const p = properties[index % properties.length];
        const address = p.address as string;
        const from = start % address.length;
        const raw = address.slice(from, from + length);
        if (raw.trim().length === 0) return true;
        const term = maskCase(raw, mask);
        await search(term, String(p.id));
        return true;
      },
      { numRuns: 8 },
    );
    // "Contains on address", no other field: a term only a property's shortName carries finds nothing.
    const nickname = `${ctx.marker.replace(/[^a-z0-9]/gi, '')}nick`;
    const named = await createOwnProperty(ctx, LIVE, 'search-nickname', {
      [writeName(ctx, 'property', 'shortName')]: `${ctx.marker} ${nickname}`,
    });
    if (String(named.address).toLowerCase().includes(nickname.toLowerCase()))
      ctx.note(`the address of ${String(named.id)} carries its shortName: a shortName-only term not searched`);
    else await search(nickname);
    // LIKE wildcards are matched literally ("contains"): every result must contain them.
    for (const literal of ['%', '_']) await search(literal);
    // Both bounds are accepted: one character, and exactly 200.
    await search(swapCase((first.address as string).trim().slice(0, 1)));
    const longTerm = `${first.address as string} `
      .repeat(Math.ceil(200 / ((first.address as string).length + 1)))
      .slice(0, 200);
    const res = await ctx.http.request({ path: '/properties', key: LIVE, query: { search: longTerm } });
    ctx.expect(
      res.status === 200,
      'a 200-character search to be accepted (200)',
      () => describeResponse(res),
      res.exchange,
      { rules: ['LIMIT-4'] },
    );
    ctx.note(
      'search matched case-insensitive substrings of addresses (% and _ literally), not a term of a shortName only; 1 and 200 characters accepted',
    );
  },
});

export const propertyListRejectsInvalidQueries = defineCheck({
  id: 'properties.listRejectsInvalidQueries',
  title: 'GET /properties answers 400 VALIDATION_ERROR for a search of 0 or 201 characters and an unknown status',
  group: GROUP,
  rules: ['PROP-4', 'LIMIT-4', 'ERR-VALIDATION_ERROR'],
  async run(ctx: CheckContext) {
    const cases: Array<[string, Record<string, string>]> = [
      ['search of 0 characters', { search: '' }],
      ['search of 201 characters', { search: 'a'.repeat(201) }],
      ['search of 250 characters', { search: 'Road '.repeat(50) }],
      ['status=Rented', { status: 'Rented' }],
    ];
    for (const [what, query] of cases) {
      const res = await ctx.http.request({ path: '/properties', key: LIVE, query });
      expect400(
        ctx,
        res,
        `GET /properties with a ${what}`,
        what.startsWith('search') ? ['PROP-4', 'LIMIT-4'] : ['PROP-4'],
      );
    }
    ctx.note('0- and 201-character searches and an unknown status answered 400 VALIDATION_ERROR');
  },
});

export const propertyRoutesAnswer404ForUnknownIds = defineCheck({
  id: 'properties.routesAnswer404ForUnknownIds',
  title: 'Every property route answers 404 NOT_FOUND for an unknown property (or document) id',
  group: GROUP,
  rules: ['PROP-10', 'PROP-15', 'PROP-17', 'PROP-23', 'PROP-26', 'PROP-29', 'PROP-32', 'PROP-37', 'ERR-NOT_FOUND'],
  async run(ctx: CheckContext) {
    const id = unknownId();
    const png = { filename: 'pixel.png', contentType: 'image/png', content: TINY_PNG };
    const pdf = { filename: 'doc.pdf', contentType: 'application/pdf', content: TINY_PDF };
    const probes: Array<[string, string, string, Parameters<CheckContext['http']['request']>[0]]> = [
      ['PROP-10', 'GET', `/properties/${id}`, {}],
      ['PROP-15', 'PATCH', `/properties/${id}`, { json: { bedrooms: 2 } }],
      ['PROP-17', 'DELETE', `/properties/${id}`, {}],
      ['PROP-23', 'POST', `/properties/${id}/image`, { multipart: { file: png } }],
      ['PROP-26', 'GET', `/properties/${id}/handbook`, {}],
      ['PROP-29', 'GET', `/properties/${id}/documents`, {}],
      [
        'PROP-32',
        'POST',
        `/properties/${id}/documents`,
        { multipart: { file: pdf, name: `${ctx.marker} unknown`, type: 'EPC_Certificate' } },
      ],
    ];
    for (const [rule, method, path, extra] of probes) {
      const res = await ctx.http.request({ ...extra, method, path, key: LIVE });
      ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: [rule, 'ERR-NOT_FOUND'] });
    }
    // An unknown document of a known property (PROP-37): any property of the target; nothing is deleted.
    const [property] = await targetProperties(ctx, LIVE, 1);
    if (property) {
      const res = await ctx.http.request({
        method: 'DELETE',
        path: `/properties/${String(property.id)}/documents/${unknownId()}`,
        key: LIVE,
      });
      ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: ['PROP-37', 'ERR-NOT_FOUND'] });
    }
    ctx.note(`${probes.length + (property ? 1 : 0)} property routes answered 404 NOT_FOUND for unknown ids`);
  },
});
