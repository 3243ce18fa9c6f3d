// Choices the spec's loose numbers leave: a page size it does not show, "10 MB" read as 10,000,000 bytes, "at most
// 400 days" counted with both ends, "characters" counted as UTF-16 code units.

import { apiPath, isRec } from '../support/faults';
import { multipartParts } from '../support/resource-fault-helpers';
import { envelope, modeOf, rateHeaders, type Tolerance } from './tolerance';

const IMAGE_PATH = /^\/properties\/[^/]+\/image$/;
const DOCUMENTS_PATH = /^\/(properties|contracts)\/[^/]+\/documents$/;
const DAY_MS = 86_400_000;

export const NUMBER_CHOICES: readonly Tolerance[] = [
  {
    id: 'page-defaults',
    choice: 'lists default to 20 items a page (the reference server: 50)',
    request: (req) => {
      const path = apiPath(req);
      if (
        req.method !== 'GET' ||
        path === undefined ||
        req.query.has('limit') ||
        !/^\/(properties|contracts|rent|events)$|^\/properties\/[^/]+\/documents$/.test(path)
      )
        return undefined;
      const query = new URLSearchParams(req.query);
      query.set('limit', '20');
      return { ...req, query };
    },
    // The client did not send `limit`: a deployment with a default of 20 reports 20, whatever the reference echoes.
    json: (body, _res, original) =>
      isRec(body) && isRec(body.meta) && !original.query.has('limit') && apiPath(original) !== undefined
        ? { ...body, meta: { ...body.meta, limit: 20 } }
        : body,
  },
  {
    id: 'upload-limit-decimal-megabytes',
    choice:
      'property images over 10,000,000 bytes (10 MB in SI units) refused with 413 (the reference server: over 10,485,760)',
    request: (req) => {
      const path = apiPath(req);
      if (req.method !== 'POST' || path === undefined || !IMAGE_PATH.test(path)) return undefined;
      const file = multipartParts(req).find((p) => p.name === 'file' && p.filename !== undefined);
      return file && file.content.length > 10_000_000
        ? envelope(413, 'FILE_TOO_LARGE', 'The image is larger than 10 MB (10,000,000 bytes)', modeOf(req))
        : undefined;
    },
  },
  {
    id: 'calendar-range-counted-inclusively',
    choice:
      '`from` and `to` counted with both days: 400 days apart is 401 days, refused (the reference server: accepted)',
    response: (res, original) => {
      const from = original.query.get('from');
      const to = original.query.get('to');
      if (original.method !== 'GET' || apiPath(original) !== '/events' || !from || !to || res.status !== 200)
        return undefined;
      const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
      return days > 400
        ? envelope(
            400,
            'VALIDATION_ERROR',
            `query.to: from ${from} to ${to} is ${days} days, counting both; at most 400`,
            res.headers['x-service-mode'],
            rateHeaders(res),
          )
        : undefined;
    },
  },
  {
    id: 'characters-as-utf16-units',
    choice:
      '`search` and document names counted in UTF-16 code units: 200 characters outside the BMP are 400 units, refused (the reference server counts code points)',
    request: (req) => {
      const path = apiPath(req);
      if (req.method !== 'POST' || path === undefined || !DOCUMENTS_PATH.test(path)) return undefined;
      const name = multipartParts(req).find((p) => p.name === 'name' && p.filename === undefined);
      return name && name.content.toString('utf8').length > 500
        ? envelope(400, 'VALIDATION_ERROR', 'name: at most 500 characters', modeOf(req))
        : undefined;
    },
    response: (res, original) => {
      const search = original.query.get('search');
      // Only what the reference server accepted: a request it refused (no key, no such resource) stays refused so.
      if (
        original.method !== 'GET' ||
        apiPath(original) === undefined ||
        search === null ||
        search.length <= 200 ||
        res.status >= 300
      )
        return undefined;
      return envelope(
        400,
        'VALIDATION_ERROR',
        'query.search: at most 200 characters',
        res.headers['x-service-mode'],
        rateHeaders(res),
      );
    },
  },
];
