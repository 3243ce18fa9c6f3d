// Endpoints > Properties, CERTIFICATE_DERIVED_FIELD: a renewal date on PATCH that contradicts the certificate
// on file is refused with 409, every time; the date the certificate implies is accepted. Certificates cannot be
// created through the API, so the check looks for a property of the target whose compliance items show one
// (state valid or expired, with a due date): that due date is the date the certificate implies.
//
// The refused PATCHes change nothing. The accepted one sets the renewal field to the value the certificate
// already implies, which leaves the compliance view as it was.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { addDays, isIsoDate } from '../shared/dates';
import { isRecord, successData, type Json } from '../shared/util';
import { complianceItems, getProperty, renewalFieldOf, targetProperties, type RenewalField } from './fields';

const LIVE = 'enterpriseLive';

interface Candidate {
  readonly property: Json;
  readonly field: RenewalField;
  readonly implied: string;
  readonly code: string;
}

async function findCertificate(ctx: CheckContext): Promise<Candidate | undefined> {
  for (const property of await targetProperties(ctx)) {
    for (const item of complianceItems(property)) {
      const field = renewalFieldOf(item.code);
      if (field && (item.state === 'valid' || item.state === 'expired') && isIsoDate(item.dueDate)) {
        return { property, field, implied: item.dueDate, code: String(item.code) };
      }
    }
  }
  return undefined;
}

export const propertyRenewalContradictingCertificateIsRefused = defineCheck({
  id: 'properties.renewalContradictingCertificateIsRefused',
  title:
    'PATCH with a renewal date contradicting the certificate on file answers 409 CERTIFICATE_DERIVED_FIELD, again on retry; the implied date is accepted',
  group: 'Endpoints > Properties',
  rules: ['PROP-38', 'PROP-39', 'PROP-41', 'ERR-CERTIFICATE_DERIVED_FIELD'],
  async run(ctx: CheckContext) {
    const found = await findCertificate(ctx);
    if (!found)
      ctx.skip(
        'no property of the target shows a certificate on file (a compliance item in state valid or expired with a due date)',
      );
    const id = String(found.property.id);
    const other = addDays(found.implied, 17);
    const body = { [found.field]: other };
    for (const attempt of ['first', 'identical retry']) {
      const res = await ctx.http.request({ method: 'PATCH', path: `/properties/${id}`, key: LIVE, json: body });
      ctx.expectErrorEnvelope(res, 409, 'CERTIFICATE_DERIVED_FIELD', {
        rules: attempt === 'first' ? ['PROP-38', 'ERR-CERTIFICATE_DERIVED_FIELD'] : ['PROP-41'],
      });
    }
    const after = await getProperty(ctx, id);
    const item = complianceItems(after.data).find((i) => i.code === found.code);
    ctx.expect(
      item !== undefined && item.dueDate === found.implied,
      `the ${found.code} item still due ${found.implied} after the refused PATCHes`,
      () => describeValue(item),
      after.res.exchange,
      { rules: ['PROP-38'] },
    );

    const same = await ctx.http.request({
      method: 'PATCH',
      path: `/properties/${id}`,
      key: LIVE,
      json: { [found.field]: found.implied },
    });
    ctx.expect(
      same.status === 200,
      `PATCH { ${found.field}: "${found.implied}" } (the date the ${found.code} certificate implies) to be accepted (200)`,
      () => describeResponse(same),
      same.exchange,
      { rules: ['PROP-39'] },
    );
    const data = successData(ctx, same, [200], { rules: ['PROP-39'] });
    ctx.expect(
      isRecord(data) && data.id === id,
      'the answer to be the property',
      () => describeValue(data),
      same.exchange,
      { rules: ['PROP-39'] },
    );
    ctx.note(
      `property ${id}: ${found.field} ${other} refused twice (409 CERTIFICATE_DERIVED_FIELD); ${found.implied} accepted`,
    );
  },
});
