// The tenant portal invitation, sent after a live create (or an email change) when the tenant has no account.
import type { MailMessage } from '../../platform/mail/mailer';
import type { Property } from '../../persistence/models';
import { fullAddress } from '../properties/presenter';

/** The tenant portal is a separate product; the link names the tenant record the invitation is for. */
export const PORTAL_INVITE_BASE = 'https://portal.portfolio.example/invitations';

export interface Invitee {
  readonly id: string;
  readonly firstName: string;
  readonly email: string;
}

export function invitationMail(tenant: Invitee, property: Property, landlordName: string): MailMessage {
  const link = `${PORTAL_INVITE_BASE}/${tenant.id}`;
  const text = [
    `Hello ${tenant.firstName},`,
    '',
    `${landlordName} has added you as a tenant at ${fullAddress(property)}.`,
    'Create your tenant portal account to message your landlord, report repairs and see your documents:',
    link,
    '',
    'If you were not expecting this email, you can ignore it.',
  ].join('\n');
  return { to: tenant.email, subject: `${landlordName} invites you to the tenant portal`, text };
}
