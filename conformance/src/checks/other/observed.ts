// Rules once classed untestable that a run can observe on data of its own: the tenant portal
// invitation on POST /tenants for a tenant without an account (mail capture), and a fresh invoice PDF after a
// PATCH of its rent payment (the PDF cache key includes `updated_at`, so a changed payment is never served the
// bytes of before).

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse } from '../../runner/describe';
import { invoiceRequest } from '../shared/invoice-budget';
import { mailCapture, mailTo } from '../shared/mail-capture';
import { addressOf, createOwnChain, createOwnRent, createOwnTenant, suitePeriod } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { createOwnProperty, successData } from '../shared/util';
import { invoiceKey, isPdf } from '../invoices/helpers';

export const tenantCreationSendsPortalInvitation = defineCheck({
  id: 'tenants.creationSendsPortalInvitation',
  title:
    'POST /tenants for a tenant without an account (a new address of the run) sends a portal invitation to that address (mail capture)',
  group: 'Endpoints > Endpoints named but not detailed',
  rules: ['OTHER-7'],
  needs: ['mail'],
  async run(ctx: CheckContext) {
    const capture = mailCapture(ctx);
    const key = await ownWriteKey(ctx, 'tenant-invitation');
    const property = await createOwnProperty(ctx, key, 'tenant-invitation');
    // The address is new to the deployment (unique to this run and check): no account can exist for it.
    const tenant = await createOwnTenant(ctx, String(property.id), 'invitation', key);
    const address = addressOf(ctx, tenant, 'mailing a new tenant');
    const mail = await mailTo(ctx, capture, address, (m) => m.length > 0);
    ctx.expect(
      mail.length > 0,
      `a portal invitation mailed to ${address} after POST /tenants (a tenant without an account)`,
      () => 'no email to that address',
      undefined,
      { rules: ['OTHER-7'] },
    );
    ctx.note(`the new tenant ${tenant.id} was mailed at ${address} (${mail.map((m) => `"${m.subject}"`).join(', ')})`);
  },
});

export const invoicePdfFollowsRentPatch = defineCheck({
  id: 'invoices.pdfFollowsRentPatch',
  title:
    'After a PATCH of a rent payment (Pending → Paid), GET /rent/{id}/invoice/pdf answers new bytes, not the PDF cached before the change',
  group: 'Endpoints > Rent',
  rules: ['RENT-PDF-7', 'RENT-PDF-1'],
  async run(ctx: CheckContext) {
    const key = await invoiceKey(ctx, 'pdf-after-patch');
    const chain = await createOwnChain(ctx, 'pdf-after-patch', { key });
    const rent = await createOwnRent(ctx, chain, { period: suitePeriod(ctx, 'pdf after patch'), status: 'Pending' });
    const id = String(rent.id);
    const before = await invoiceRequest(ctx, 'pdf', { path: `/rent/${id}/invoice/pdf`, key });
    ctx.expect(
      isPdf(before),
      'the invoice PDF of the new payment (200 application/pdf)',
      () => describeResponse(before),
      before.exchange,
      { rules: ['RENT-PDF-1'] },
    );
    const patched = await ctx.http.request({
      method: 'PATCH',
      path: `/rent/${id}`,
      key,
      json: { status: 'Paid', amountReceived: 875 },
    });
    successData(ctx, patched, [200], { rules: ['RENT-PATCH-1'] });
    const after = await invoiceRequest(ctx, 'pdf', { path: `/rent/${id}/invoice/pdf`, key });
    ctx.expect(
      isPdf(after),
      'the invoice PDF after the PATCH (200 application/pdf)',
      () => describeResponse(after),
      after.exchange,
      { rules: ['RENT-PDF-1'] },
    );
    const same = Buffer.from(before.bytes).equals(Buffer.from(after.bytes));
    ctx.expect(
      !same,
      'the PDF after the payment changed (Pending → Paid, 875 received) to differ from the one before (the cache is keyed by updated_at)',
      () => `the same ${after.bytes.byteLength} bytes as before the PATCH`,
      after.exchange,
      { rules: ['RENT-PDF-7'] },
    );
    ctx.note(
      `payment ${id}: ${before.bytes.byteLength} bytes before the PATCH, ${after.bytes.byteLength} different bytes after`,
    );
  },
});

export const OBSERVED_CHECKS = [tenantCreationSendsPortalInvitation, invoicePdfFollowsRentPatch] as const;
