// Self-test faults of edges.ts: each moves one limit by one (or counts it in the wrong unit).

import type { FaultTable } from '../../support/self-test';
import { apiPath, errorResponse } from '../../support/faults';
import { redTeamFault } from '../../red-team/deployments';

const ANY_DOCS = /^\/(properties|contracts)\/[0-9a-f-]{36}\/documents$/i;
/** The text of the multipart part `name` (UTF-8). */
function partText(body: Buffer, name: string): string | undefined {
  return new RegExp(`name="${name}"\\r\\n\\r\\n([\\s\\S]*?)\\r\\n--`).exec(body.toString('utf8'))?.[1];
}

const SEARCHED = new Set(['/properties', '/contracts']);
const DOCS = /^\/properties\/[0-9a-f-]{36}\/documents$/i;

export const faults: FaultTable = {
  'limits.searchLengthCountsCharacters': [
    {
      fault: () => ({
        description: 'search length counted in UTF-8 bytes (100 characters outside the BMP, 400 bytes, refused)',
        request: (req) => {
          const search = req.query.get('search');
          return req.method === 'GET' &&
            SEARCHED.has(apiPath(req) ?? '') &&
            search !== null &&
            Buffer.byteLength(search, 'utf8') > 200
            ? errorResponse(
                400,
                'VALIDATION_ERROR',
                '"search" length must be less than or equal to 200 characters long',
              )
            : undefined;
        },
      }),
    },
    {
      fault: () => ({
        description: 'a search of 201 characters is accepted (cut to 200)',
        request: (req) => {
          const search = req.query.get('search');
          if (
            req.method !== 'GET' ||
            !SEARCHED.has(apiPath(req) ?? '') ||
            search === null ||
            Array.from(search).length !== 201
          )
            return undefined;
          const query = new URLSearchParams(req.query);
          query.set('search', Array.from(search).slice(0, 200).join(''));
          return { ...req, query };
        },
      }),
    },
  ],
  'documents.nameEdgeOnPropertyAndContractDocuments': [
    redTeamFault('document-name-of-one-character-refused'),
    {
      fault: () => ({
        description: 'document names counted in UTF-8 bytes (250 characters outside the BMP, 1000 bytes, refused)',
        request: (req) => {
          const name =
            req.method === 'POST' && ANY_DOCS.test(apiPath(req) ?? '') ? partText(req.body, 'name') : undefined;
          return name !== undefined && Buffer.byteLength(name, 'utf8') > 500
            ? errorResponse(400, 'VALIDATION_ERROR', '"name" length must be less than or equal to 500 characters long')
            : undefined;
        },
      }),
    },
    {
      fault: () => ({
        description: 'contract documents take names of 501 characters',
        request: (req) => {
          const path = apiPath(req) ?? '';
          const name =
            req.method === 'POST' && path.startsWith('/contracts/') && ANY_DOCS.test(path)
              ? partText(req.body, 'name')
              : undefined;
          if (name === undefined || name.length !== 501) return undefined;
          const cut = Array.from(name).slice(0, 500).join('');
          // Edited as latin1 (byte for byte), so the file part's bytes pass unchanged.
          const part = (value: string): string =>
            Buffer.from(`name="name"\r\n\r\n${value}\r\n`, 'utf8').toString('latin1');
          return { ...req, body: Buffer.from(req.body.toString('latin1').replace(part(name), part(cut)), 'latin1') };
        },
      }),
    },
  ],
  'documents.expiringWithinDaysEdgeDay': [
    {
      fault: () => ({
        description: 'expiringWithinDays=N also lists documents expiring today + N + 1',
        request: (req) => {
          const n = req.query.get('expiringWithinDays');
          if (
            req.method !== 'GET' ||
            !DOCS.test(apiPath(req) ?? '') ||
            n === null ||
            !/^\d+$/.test(n) ||
            Number(n) >= 3650
          )
            return undefined;
          const query = new URLSearchParams(req.query);
          query.set('expiringWithinDays', String(Number(n) + 1));
          return { ...req, query };
        },
      }),
    },
    {
      fault: () => ({
        description: 'expiringWithinDays=N stops before today + N (documents of the last day left out)',
        request: (req) => {
          const n = req.query.get('expiringWithinDays');
          if (
            req.method !== 'GET' ||
            !DOCS.test(apiPath(req) ?? '') ||
            n === null ||
            !/^\d+$/.test(n) ||
            Number(n) === 0
          )
            return undefined;
          const query = new URLSearchParams(req.query);
          query.set('expiringWithinDays', String(Number(n) - 1));
          return { ...req, query };
        },
      }),
    },
  ],
};
