// Endpoints > Properties and States: the writes, always on properties the check creates itself. Only
// Maintenance is settable (on create and patch), `status: null` returns to the contract-derived state,
// rentAmount, tenantName and compliance are read-only, DELETE is soft and refused while a live contract exists.

import { isDeepStrictEqual } from 'node:util';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { addDays, utcDate } from '../shared/dates';
import { createOwnChain, expect400, optionalPart, type OwnChain } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { readName } from '../shared/unnamed';
import { expectShape } from '../shared/shape';
import {
  createOwnProperty,
  deleteIfCreated,
  getList,
  isRecord,
  propertyBody,
  successData,
  type Json,
} from '../shared/util';
import { getProperty, PROPERTY_FIELDS } from './fields';

const GROUP = 'Endpoints > Properties';
const LIVE = 'enterpriseLive';

async function statusOf(ctx: CheckContext, id: string, key = LIVE): Promise<unknown> {
  return (await getProperty(ctx, id, key)).data.status;
}

async function patch(ctx: CheckContext, id: string, json: unknown, key = LIVE) {
  return ctx.http.request({ method: 'PATCH', path: `/properties/${id}`, key, json });
}

export const propertyCreateSetsOnlyMaintenance = defineCheck({
  id: 'properties.createSetsOnlyMaintenance',
  title:
    'POST /properties answers 201 with a Property; status Maintenance is the only settable status (Occupied, Vacant → 400)',
  group: GROUP,
  rules: ['PROP-5', 'PROP-6', 'PROP-7', 'PROP-8', 'STATE-10', 'STATE-30'],
  async run(ctx: CheckContext) {
    // Without status: a new property has no contract, so its derived status is Vacant; no image until uploaded.
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'property-create');
    const plain = await createOwnProperty(ctx, key, 'create-plain');
    expectShape(ctx, plain, PROPERTY_FIELDS, 'the created property', undefined);
    ctx.expect(
      plain.status === 'Vacant',
      'a new property without contracts to be "Vacant"',
      () => describeValue(plain.status),
      undefined,
      { rules: ['PROP-5', 'STATE-30'] },
    );
    ctx.expect(
      plain.image === undefined || plain.image === null,
      'no `image` on a property created without one (images are uploaded separately)',
      () => describeValue(plain.image),
      undefined,
      { rules: ['PROP-7'] },
    );

    const body = { ...propertyBody(ctx, 'create-maintenance'), status: 'Maintenance' };
    const res = await ctx.http.request({ method: 'POST', path: '/properties', key, json: body });
    deleteIfCreated(ctx, res, key);
    const data = successData(ctx, res, [201], { rules: ['PROP-5'] });
    expectShape(ctx, data, PROPERTY_FIELDS, 'the created property', res.exchange);
    ctx.expect(
      isRecord(data) && data.status === 'Maintenance',
      'POST with status "Maintenance" to create a property in Maintenance',
      () => describeValue(isRecord(data) ? data.status : data),
      res.exchange,
      { rules: ['PROP-6', 'STATE-10'] },
    );
    ctx.expect(
      (await statusOf(ctx, String(data.id), key)) === 'Maintenance',
      'GET of the created property to show "Maintenance"',
      'another status',
      undefined,
      { rules: ['STATE-10'] },
    );

    for (const status of ['Occupied', 'Vacant']) {
      const refused = await ctx.http.request({
        method: 'POST',
        path: '/properties',
        key,
        json: { ...propertyBody(ctx, `create-${status}`), status },
      });
      deleteIfCreated(ctx, refused, key);
      expect400(ctx, refused, `POST /properties with status "${status}" (contract-derived, not settable)`, [
        'PROP-6',
        'STATE-30',
      ]);
    }
    const invalid = await ctx.http.request({
      method: 'POST',
      path: '/properties',
      key,
      json: { ...propertyBody(ctx, 'create-invalid'), bedrooms: 'two' },
    });
    deleteIfCreated(ctx, invalid, key);
    expect400(ctx, invalid, 'POST /properties with bedrooms "two"', ['PROP-8']);
    ctx.note('created Vacant and Maintenance properties; Occupied, Vacant and a malformed body answered 400');
  },
});

async function maintenanceRoundTrip(
  ctx: CheckContext,
  id: string,
  derived: string,
  rules: readonly string[],
  key = LIVE,
): Promise<void> {
  const set = await patch(ctx, id, { status: 'Maintenance' }, key);
  const setData = successData(ctx, set, [200], { rules: ['PROP-11'] });
  expectShape(ctx, setData, PROPERTY_FIELDS, 'the patched property', set.exchange);
  ctx.expect(
    isRecord(setData) && setData.status === 'Maintenance',
    'PATCH { status: "Maintenance" } to answer the property in Maintenance',
    () => describeValue(isRecord(setData) ? setData.status : setData),
    set.exchange,
    { rules: ['PROP-12', 'STATE-11'] },
  );
  ctx.expect(
    (await statusOf(ctx, id, key)) === 'Maintenance',
    'GET after PATCH Maintenance to show "Maintenance"',
    'another status',
    undefined,
    { rules: ['STATE-11'] },
  );

  const cleared = await patch(ctx, id, { status: null }, key);
  const clearedData = successData(ctx, cleared, [200], { rules: ['PROP-11', 'PROP-12'] });
  ctx.expect(
    isRecord(clearedData) && clearedData.status === derived,
    `PATCH { status: null } to return the property to its contract-derived state "${derived}"`,
    () => describeValue(isRecord(clearedData) ? clearedData.status : clearedData),
    cleared.exchange,
    { rules: [...rules] },
  );
  const after = await getProperty(ctx, id, key);
  ctx.expect(
    after.data.status === derived,
    `GET after PATCH { status: null } to show "${derived}"`,
    () => describeValue(after.data.status),
    after.res.exchange,
    { rules: [...rules] },
  );
}

export const propertyMaintenanceIsSetAndClearedToDerivedStatus = defineCheck({
  id: 'properties.maintenanceIsSetAndClearedToDerivedStatus',
  title:
    "PATCH status Maintenance sets it; status null returns to the contract-derived state; Occupied and Vacant are refused; with an Active contract the property is Occupied at the contract's rent",
  group: 'States and transitions > Moves that are shown',
  rules: ['PROP-11', 'PROP-12', 'STATE-11', 'STATE-12', 'STATE-30', 'RES-PROP-13'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'property-maintenance');
    const own = await createOwnProperty(ctx, key, 'maintenance');
    const id = String(own.id);
    await maintenanceRoundTrip(ctx, id, 'Vacant', ['STATE-12'], key);
    for (const status of ['Occupied', 'Vacant']) {
      const res = await patch(ctx, id, { status }, key);
      expect400(ctx, res, `PATCH { status: "${status}" } (contract-derived statuses are read-only)`, [
        'PROP-12',
        'STATE-30',
      ]);
    }
    ctx.expect(
      (await statusOf(ctx, id, key)) === 'Vacant',
      'the property still "Vacant" after the refused PATCHes',
      'another status',
      undefined,
      { rules: ['STATE-30'] },
    );
    // With an Active contract of the suite's own, the derived state is Occupied.
    let heldRent = false;
    const chain = await optionalPart(ctx, 'the Occupied round trip', () =>
      createOwnChain(ctx, 'maintenance-occupied', { key }),
    );
    if (chain) {
      ctx.expect(
        (await statusOf(ctx, chain.propertyId, key)) === 'Occupied',
        'a property with an Active contract to be "Occupied"',
        'another status',
        undefined,
        { rules: ['STATE-12', 'STATE-30'] },
      );
      // rentAmount is derived from contracts: with one Active contract, that contract's rent as it reads back.
      const rentName = readName(ctx, 'contract', 'rentAmount');
      const rent = rentName !== undefined ? chain.contract[rentName] : undefined;
      const occupied = (await getProperty(ctx, chain.propertyId, key)).data;
      heldRent = typeof rent === 'number';
      if (typeof rent === 'number')
        ctx.expect(
          occupied.rentAmount === rent,
          `property ${chain.propertyId}'s rentAmount to be its Active contract's rent ${rent} (derived from contracts)`,
          () => `rentAmount ${describeValue(occupied.rentAmount)}`,
          undefined,
          { rules: ['RES-PROP-13'] },
        );
      else ctx.note("the contract's rent field was not shown back (fields.contract.rentAmount): rentAmount not held");
      await maintenanceRoundTrip(ctx, chain.propertyId, 'Occupied', ['STATE-12'], key);
    }
    ctx.note(
      `Maintenance set and cleared back to Vacant${chain ? ' and to Occupied' : ''}${heldRent ? " (rentAmount the contract's rent)" : ''}; Occupied and Vacant refused`,
    );
  },
});

export const propertyReadOnlyFieldsCannotBePatched = defineCheck({
  id: 'properties.readOnlyFieldsCannotBePatched',
  title: 'PATCH cannot change rentAmount, tenantName or compliance (400, or ignored and unchanged)',
  group: GROUP,
  rules: ['PROP-13', 'RES-PROP-13', 'RES-PROP-15', 'RES-PROP-17'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'property-read-only');
    const own = await createOwnProperty(ctx, key, 'read-only');
    const id = String(own.id);
    const before = (await getProperty(ctx, id, key)).data;
    const attempts: Array<[string, Json, string]> = [
      ['rentAmount', { rentAmount: 4321.5 }, 'RES-PROP-13'],
      ['tenantName', { tenantName: `${ctx.marker} Somebody` }, 'RES-PROP-15'],
      ['compliance', { compliance: { items: [] } }, 'RES-PROP-17'],
    ];
    for (const [field, body, rule] of attempts) {
      const res = await patch(ctx, id, body, key);
      const rules = field === 'rentAmount' ? ['PROP-13', rule] : [rule];
      ctx.expect(
        res.status === 400 || res.status === 200,
        `PATCH { ${field} } to be refused (400) or ignored (200)`,
        () => describeResponse(res),
        res.exchange,
        { rules },
      );
      if (res.status === 200) {
        const data = successData(ctx, res, [200]);
        ctx.expect(
          isRecord(data) && isDeepStrictEqual(data[field], before[field]),
          `the answer to PATCH { ${field} } to show ${field} unchanged (${describeValue(before[field])})`,
          () => describeValue(isRecord(data) ? data[field] : data),
          res.exchange,
          { rules },
        );
      }
      const after = await getProperty(ctx, id, key);
      ctx.expect(
        isDeepStrictEqual(after.data[field], before[field]),
        `${field} unchanged after PATCH { ${field} } (${describeValue(before[field])})`,
        () => describeValue(after.data[field]),
        after.res.exchange,
        { rules },
      );
    }
    ctx.note('rentAmount, tenantName and compliance stayed unchanged');
  },
});

export const propertyDeleteIsSoft = defineCheck({
  id: 'properties.deleteIsSoftAndThenNotFound',
  title:
    'DELETE /properties/{id} answers { deleted: true, id }; the property is then gone (404) from reads and the list',
  group: GROUP,
  rules: ['PROP-16', 'PROP-17', 'STATE-27'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'property-delete-soft');
    const own = await createOwnProperty(ctx, key, 'delete');
    const id = String(own.id);
    const res = await ctx.http.request({ method: 'DELETE', path: `/properties/${id}`, key });
    const data = successData(ctx, res, [200], { rules: ['PROP-16'] });
    ctx.expect(
      isRecord(data) &&
        data.deleted === true &&
        data.id === id &&
        (data.sandbox === undefined || data.sandbox === false),
      `{ deleted: true, id: "${id}" } (no sandbox: true on a live delete)`,
      () => describeValue(data),
      res.exchange,
      { rules: ['PROP-16'] },
    );
    const get = await ctx.http.request({ path: `/properties/${id}`, key });
    ctx.expectErrorEnvelope(get, 404, 'NOT_FOUND', { rules: ['STATE-27', 'PROP-10'] });
    const list = await getList(ctx, '/properties', key, {
      search: String(own.addressLine1 ?? own.address),
      limit: 100,
    });
    ctx.expect(
      !list.items.some((p) => p.id === id),
      'the deleted property gone from GET /properties',
      'it is still listed',
      list.res.exchange,
      { rules: ['STATE-27'] },
    );
    const again = await ctx.http.request({ method: 'DELETE', path: `/properties/${id}`, key });
    ctx.expectErrorEnvelope(again, 404, 'NOT_FOUND', { rules: ['PROP-17'] });
    ctx.note('deleted; then 404 on GET and on a second DELETE, and gone from the list');
  },
});

export const propertyDeleteRefusedWhileContractIsLive = defineCheck({
  id: 'properties.deleteRefusedWhileContractIsLive',
  title: 'DELETE /properties/{id} answers 409 CONFLICT while an Active, Pending or Notice Served contract is linked',
  group: 'States and transitions > Rules on states',
  rules: ['PROP-18', 'STATE-29', 'ERR-CONFLICT', 'PROP-16'],
  async run(ctx: CheckContext) {
    const today = utcDate();
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'property-delete');
    const chains: Array<[string, OwnChain]> = [];
    chains.push(['Active', await createOwnChain(ctx, 'delete-active', { key })]);
    chains.push([
      'Pending',
      await createOwnChain(ctx, 'delete-pending', { start: addDays(today, 40), end: addDays(today, 400), key }),
    ]);
    const notice = await optionalPart(ctx, 'the Notice Served case', () =>
      createOwnChain(ctx, 'delete-notice', { end: addDays(today, 60), status: 'Notice Served', key }),
    );
    if (notice) chains.push(['Notice Served', notice]);
    for (const [status, chain] of chains) {
      const contract = await ctx.http.request({ path: `/contracts/${chain.contractId}`, key });
      const contractData = successData(ctx, contract, [200]);
      ctx.expect(
        isRecord(contractData) && contractData.status === status,
        `the suite's contract to be "${status}" before the DELETE`,
        () => describeValue(isRecord(contractData) ? contractData.status : contractData),
        contract.exchange,
        { rules: ['STATE-29'] },
      );
      const res = await ctx.http.request({ method: 'DELETE', path: `/properties/${chain.propertyId}`, key });
      ctx.expectErrorEnvelope(res, 409, 'CONFLICT', { rules: ['PROP-18', 'STATE-29', 'ERR-CONFLICT'] });
      const still = await ctx.http.request({ path: `/properties/${chain.propertyId}`, key });
      ctx.expect(
        still.status === 200,
        'the property still there after the refused DELETE',
        () => describeResponse(still),
        still.exchange,
        { rules: ['STATE-29'] },
      );
    }
    // Once its contract is gone, the property can be deleted.
    const [, first] = chains[0];
    const removed = await ctx.http.request({ method: 'DELETE', path: `/contracts/${first.contractId}`, key });
    ctx.expectStatus(removed, 200);
    const res = await ctx.http.request({ method: 'DELETE', path: `/properties/${first.propertyId}`, key });
    const data = successData(ctx, res, [200], { rules: ['PROP-16', 'STATE-29'] });
    ctx.expect(
      isRecord(data) && data.deleted === true,
      'the property deletable once its contract is deleted',
      () => describeValue(data),
      res.exchange,
      { rules: ['STATE-29'] },
    );
    ctx.note(`409 CONFLICT for ${chains.map(([s]) => s).join(', ')} contracts; deletable once the contract is gone`);
  },
});

export const propertyRenewalWithoutCertificateIsAccepted = defineCheck({
  id: 'properties.renewalWithoutCertificateIsAccepted',
  title:
    'PATCH may carry gscRenewal, eicrRenewal, epcRenewal and landlordLicenceRenewal; without a certificate on file any date is accepted',
  group: GROUP,
  rules: ['PROP-14', 'PROP-40', 'RES-PROP-19', 'PROP-15'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own when the dashboard allows (its writes are not paced against enterpriseLive's).
    const key = await ownWriteKey(ctx, 'property-renewals');
    const own = await createOwnProperty(ctx, key, 'renewals');
    const id = String(own.id);
    const today = utcDate();
    const body = {
      gscRenewal: addDays(today, 200),
      eicrRenewal: addDays(today, 300),
      epcRenewal: addDays(today, 400),
      landlordLicenceRenewal: addDays(today, 500),
    };
    const res = await patch(ctx, id, body, key);
    const data = successData(ctx, res, [200], { rules: ['PROP-14', 'PROP-40'] });
    expectShape(ctx, data, PROPERTY_FIELDS, 'the patched property', res.exchange);
    // One field at a time too (a date for one type only).
    const single = await patch(ctx, id, { epcRenewal: addDays(today, 123) }, key);
    successData(ctx, single, [200], { rules: ['PROP-40'] });
    // Renewal fields are dates: anything else is a 400.
    const invalid = await patch(ctx, id, { gscRenewal: 'next spring' }, key);
    expect400(ctx, invalid, 'PATCH { gscRenewal: "next spring" }', ['PROP-15', 'RES-PROP-19']);
    ctx.note('renewal dates accepted on a property with no certificate on file; a non-date refused');
  },
});
