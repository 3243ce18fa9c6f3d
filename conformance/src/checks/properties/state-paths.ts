// States and transitions on every path the spec gives: Occupied and Vacant refused on a property
// in Maintenance too; a property whose only contracts are Ended can be deleted (created straight into Ended by
// past dates); every certificate type's renewal field one day earlier and one day later than its certificate
// refused with CERTIFICATE_DERIVED_FIELD.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { addDays, isIsoDate, utcDate } from '../shared/dates';
import { createOwnChain, expect400 } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { isRecord, propertyBody, successData, type Json } from '../shared/util';
import {
  complianceItems,
  getProperty,
  RENEWAL_FIELDS,
  renewalFieldOf,
  targetProperties,
  type RenewalField,
} from './fields';

const GROUP = 'States and transitions > Rules';
const LIVE = 'enterpriseLive';

export const propertyDerivedStatusRefusedInMaintenance = defineCheck({
  id: 'properties.derivedStatusRefusedInMaintenance',
  title:
    'PATCH status Occupied or Vacant is refused (400) on a property in Maintenance as well, and it stays in Maintenance',
  group: GROUP,
  rules: ['STATE-30', 'PROP-12'],
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'maintenance-derived');
    const res = await ctx.http.request({
      method: 'POST',
      path: '/properties',
      key,
      json: { ...propertyBody(ctx, 'maintenance-derived'), status: 'Maintenance' },
    });
    const created = successData(ctx, res, [201], { rules: ['PROP-4'] });
    ctx.expect(
      isRecord(created) && typeof created.id === 'string' && created.status === 'Maintenance',
      'POST /properties { status: "Maintenance" } to create the property in Maintenance',
      () => describeValue(created),
      res.exchange,
      { rules: ['PROP-4'] },
    );
    const id = created.id;
    ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/properties/${id}`, key }));
    for (const status of ['Vacant', 'Occupied']) {
      const patched = await ctx.http.request({ method: 'PATCH', path: `/properties/${id}`, key, json: { status } });
      expect400(
        ctx,
        patched,
        `PATCH { status: "${status}" } on a property in Maintenance (contract-derived statuses are read-only)`,
        ['STATE-30', 'PROP-12'],
      );
    }
    const after = await getProperty(ctx, id, key);
    ctx.expect(
      after.data.status === 'Maintenance',
      'the property still in Maintenance after the refused PATCHes',
      () => describeValue(after.data.status),
      after.res.exchange,
      { rules: ['STATE-30'] },
    );
    ctx.note('Vacant and Occupied refused on a property in Maintenance; it stays in Maintenance');
  },
});

export const propertyWithOnlyEndedContractsCanBeDeleted = defineCheck({
  id: 'properties.withOnlyEndedContractsCanBeDeleted',
  title:
    'A contract created with dates in the past is Ended; a property whose only contract is Ended can be deleted (200, then 404)',
  group: GROUP,
  rules: ['STATE-13', 'CONTRACT-8', 'STATE-29', 'PROP-16', 'STATE-27'],
  async run(ctx: CheckContext) {
    const today = utcDate();
    const key = await ownWriteKey(ctx, 'ended-delete');
    // Past in every time zone: ended 10 days ago.
    const chain = await createOwnChain(ctx, 'ended-delete', {
      start: addDays(today, -400),
      end: addDays(today, -10),
      key,
    });
    ctx.expect(
      chain.contract.status === 'Ended',
      `a contract created from ${addDays(today, -400)} to ${addDays(today, -10)} to be "Ended"`,
      () => describeValue(chain.contract.status),
      undefined,
      { rules: ['STATE-13', 'CONTRACT-8'] },
    );
    const res = await ctx.http.request({ method: 'DELETE', path: `/properties/${chain.propertyId}`, key });
    const data = successData(ctx, res, [200], { rules: ['STATE-29', 'PROP-16'] });
    ctx.expect(
      isRecord(data) && data.deleted === true && data.id === chain.propertyId,
      `DELETE of a property whose only contract is Ended to answer { deleted: true, id: "${chain.propertyId}" }`,
      () => describeResponse(res),
      res.exchange,
      { rules: ['STATE-29', 'PROP-16'] },
    );
    ctx.expectErrorEnvelope(
      await ctx.http.request({ path: `/properties/${chain.propertyId}`, key }),
      404,
      'NOT_FOUND',
      { rules: ['STATE-27'] },
    );
    ctx.note('a contract with past dates created Ended; its property deleted (200), then 404');
  },
});

interface Held {
  readonly property: Json;
  readonly code: string;
  readonly implied: string;
}

/** For each renewal field, a target property whose compliance item shows a certificate of that type. */
async function certificatesByField(ctx: CheckContext): Promise<Map<RenewalField, Held>> {
  const found = new Map<RenewalField, Held>();
  for (const property of await targetProperties(ctx)) {
    for (const item of complianceItems(property)) {
      const field = renewalFieldOf(item.code);
      if (
        field &&
        !found.has(field) &&
        (item.state === 'valid' || item.state === 'expired') &&
        isIsoDate(item.dueDate)
      ) {
        found.set(field, { property, code: String(item.code), implied: item.dueDate });
      }
    }
  }
  return found;
}

export const propertyEveryRenewalFieldCheckedAgainstItsCertificate = defineCheck({
  id: 'properties.everyRenewalFieldCheckedAgainstItsCertificate',
  title:
    'For every certificate type on file, its renewal field one day earlier and one day later than the certificate answers 409 CERTIFICATE_DERIVED_FIELD',
  group: 'Endpoints > Properties',
  rules: ['PROP-38', 'ERR-CERTIFICATE_DERIVED_FIELD'],
  async run(ctx: CheckContext) {
    // Certificates cannot be created through the API: the target's own properties show which types are on file.
    const held = await certificatesByField(ctx);
    if (held.size === 0)
      ctx.skip(
        'no property of the target shows a certificate on file (a compliance item in state valid or expired with a due date)',
      );
    for (const [field, h] of held) {
      const id = String(h.property.id);
      for (const shift of [-1, 1]) {
        const value = addDays(h.implied, shift);
        const res = await ctx.http.request({
          method: 'PATCH',
          path: `/properties/${id}`,
          key: LIVE,
          json: { [field]: value },
        });
        ctx.expectErrorEnvelope(res, 409, 'CERTIFICATE_DERIVED_FIELD', {
          rules: ['PROP-38', 'ERR-CERTIFICATE_DERIVED_FIELD'],
        });
      }
      const after = await getProperty(ctx, id);
      const item = complianceItems(after.data).find((i) => i.code === h.code);
      ctx.expect(
        item !== undefined && item.dueDate === h.implied,
        `the ${h.code} item of ${id} still due ${h.implied} after the refused PATCHes`,
        () => describeValue(item),
        after.res.exchange,
        { rules: ['PROP-38'] },
      );
    }
    const missing = RENEWAL_FIELDS.filter((f) => !held.has(f));
    ctx.note(
      `${[...held.keys()].join(', ')}: one day earlier and later refused (409)${missing.length > 0 ? `; no certificate on file in the target for ${missing.join(', ')} (certificates cannot be created through the API)` : ''}`,
    );
  },
});

export const STATE_PATH_CHECKS = [
  propertyDerivedStatusRefusedInMaintenance,
  propertyWithOnlyEndedContractsCanBeDeleted,
  propertyEveryRenewalFieldCheckedAgainstItsCertificate,
] as const;
