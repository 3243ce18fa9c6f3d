// The email a tenant gets when added to a contract (on create, or when a PATCH adds them).
import type { Contract, Property, Tenant } from '../../persistence/models';
import type { MailMessage } from '../../platform/mail/mailer';
import { fullAddress } from '../properties/presenter';

export function assignmentMail(
  tenant: Tenant & { email: string },
  contract: Contract,
  property: Property,
): MailMessage {
  const role = tenant.id === contract.main_tenant_id ? 'the main tenant' : 'a tenant';
  const address = fullAddress(property);
  const term = contract.end_date
    ? `from ${contract.start_date} to ${contract.end_date}`
    : `from ${contract.start_date} (no fixed end date)`;
  const text = [
    `Hello ${tenant.first_name},`,
    '',
    `You have been added as ${role} on tenancy ${contract.tenancy_reference} at ${address}, ${term}.`,
    `Rent: ${Number(contract.rent_amount).toFixed(2)} (${contract.rent_frequency.replace('_', '-')}).`,
    '',
    'If you think this is a mistake, please contact your landlord.',
  ].join('\n');
  return { to: tenant.email, subject: `You have been added to tenancy ${contract.tenancy_reference}`, text };
}
