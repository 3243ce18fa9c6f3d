// Dates at the ends of the calendar a `YYYY-MM-DD` date can write: the first day of year 0000 (ISO 8601's year
// before 1; some stores have no year zero), the first day of year 1, the last day of 9999. Each goes into every date
// the spec lets a client send (the calendar's from and to, a property's renewal dates, a document's expiryDate, a
// rent payment's datePaid), on data of the check's own, and then every read that derives from it is asked for. A
// deployment may accept such a date or refuse it (400); every refusal comes in the error envelope, and a 5xx, on
// the write or on any read after it, is reported (a warning: 500 is among the statuses "any endpoint may return";
// a failure under --strict). The fuzzer's rules, on the requests no random draw reaches, since writes to existing
// resources are what store the date.

import type { HttpResponse, RequestOptions } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse } from '../../runner/describe';
import { invoiceRequest } from '../shared/invoice-budget';
import { createOwnChain, createOwnRent, suitePeriod } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { isErrorEnvelope } from '../shared/util';
import { uploadForm } from '../documents/helpers';
import { RENEWAL_FIELDS } from '../properties/fields';

const CALENDAR_ENDS = ['0000-01-01', '0001-01-01', '9999-12-31'] as const;

const RULES = ['ENDPOINTS-13', 'ERR-1'];

export const calendarEndDatesNeverAnswer5xx = defineCheck({
  id: 'errors.calendarEndDatesNeverAnswer5xx',
  title:
    'Dates at the ends of the calendar (0000-01-01, 0001-01-01, 9999-12-31) in every date a client sends (calendar from/to, renewal dates, document expiryDate, datePaid) are accepted or refused in the error envelope, and so is every read after them; a 5xx is a warning',
  group: 'Errors',
  rules: RULES,
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'calendar-ends');
    const chain = await createOwnChain(ctx, 'calendar-ends', { key });
    const rent = await createOwnRent(ctx, chain, { period: suitePeriod(ctx, 'calendar-ends'), status: 'Pending' });
    const rentId = String(rent.id);
    const answered: string[] = [];

    const send = async (
      what: string,
      options: RequestOptions,
      request = (o: RequestOptions) => ctx.http.request(o),
    ): Promise<HttpResponse> => {
      const res = await request({ key, ...options });
      // Every error answer in the envelope (a MUST), 5xx included; a 5xx itself is one of the statuses "any endpoint
      // may return" (ENDPOINTS-13, a MAY): reported as a warning, a failure under --strict.
      if (res.status >= 400)
        ctx.expect(
          isErrorEnvelope(res.json),
          `${what}: an error answer in the envelope { error, code }`,
          () => describeResponse(res),
          res.exchange,
          { rules: ['ERR-1'] },
        );
      ctx.expect(
        res.status < 500,
        `${what}: an answer, not a 5xx (accepted, or refused with a 4xx)`,
        () => describeResponse(res),
        res.exchange,
        { rules: ['ENDPOINTS-13'] },
      );
      answered.push(`${what} ${res.status}`);
      return res;
    };
    /** Every read that derives from what was written: the property, its documents, the summary, the calendar, rent. */
    const readsAfter = async (after: string): Promise<void> => {
      await send(`GET /properties/{id} after ${after}`, { path: `/properties/${chain.propertyId}` });
      await send(`GET /properties after ${after}`, { path: '/properties', query: { limit: 500 } });
      await send(`GET /properties/{id}/documents after ${after}`, {
        path: `/properties/${chain.propertyId}/documents`,
        query: { expiringWithinDays: 3650 },
      });
      await send(`GET /compliance/summary after ${after}`, { path: '/compliance/summary' });
      await send(`GET /events after ${after}`, { path: '/events', query: { propertyId: chain.propertyId } });
      await send(`GET /rent after ${after}`, { path: '/rent', query: { contractId: chain.contractId } });
    };

    for (const date of CALENDAR_ENDS) {
      await send(`GET /events?from=${date}&to=${date}`, { path: '/events', query: { from: date, to: date } });
      for (const field of RENEWAL_FIELDS)
        await send(`PATCH /properties/{id} { ${field}: ${date} }`, {
          method: 'PATCH',
          path: `/properties/${chain.propertyId}`,
          json: { [field]: date },
        });
      await send(`POST /properties/{id}/documents with expiryDate ${date}`, {
        method: 'POST',
        path: `/properties/${chain.propertyId}/documents`,
        multipart: uploadForm({ name: `${ctx.marker} calendar end ${date}`, expiryDate: date }),
      });
      await send(`PATCH /rent/{id} { datePaid: ${date} }`, {
        method: 'PATCH',
        path: `/rent/${rentId}`,
        json: { datePaid: date },
      });
      await readsAfter(date);
      await send(`GET /rent/{id}/invoice/pdf after datePaid ${date}`, { path: `/rent/${rentId}/invoice/pdf` }, (o) =>
        invoiceRequest(ctx, 'pdf', o),
      );
    }
    ctx.note(`${answered.length} requests answered: ${answered.filter((a) => !/ 2\d\d$/.test(a)).length} refused`);
  },
});
