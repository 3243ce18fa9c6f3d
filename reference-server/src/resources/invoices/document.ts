// Everything an invoice or receipt shows, loaded once through the landlord scope. The document is a pure
// function of the stored rows and the derived status, so its PDF can be cached and rendered byte-for-byte
// the same: the issue date is the (landlord-local) date of the payment's last change, not "today".
import { Contract, Landlord, Property, RentPayment, Tenant, type Scope } from '../../persistence/models';
import { notFound } from '../../platform/errors/api-error';
import { localDate } from '../../platform/time/dates';
import { fullAddress } from '../properties/presenter';
import { documentTypeOf, rentStatus, type RentStatus } from '../rent/status';

export type DocumentType = 'invoice' | 'receipt';

export interface InvoiceDocument extends DocumentIdentity {
  readonly contractId: string;
  readonly propertyId: string;
  readonly tenantId: string;
  readonly landlord: {
    readonly name: string;
    readonly email: string;
    readonly address: string | null;
    readonly timezone: string;
  };
  /** Null when the tenant row is gone (soft-deleted). */
  readonly tenant: { readonly fullName: string; readonly firstName: string; readonly email: string | null } | null;
  readonly property: { readonly shortName: string; readonly address: string } | null;
  readonly tenancyReference: string | null;
  readonly period: string;
  readonly periodStart: string | null;
  readonly periodEnd: string | null;
  readonly dueDate: string;
  readonly amount: number;
  readonly amountReceived: number;
  readonly balanceDue: number;
  readonly datePaid: string | null;
  /** The landlord-local date of the payment's last change. */
  readonly issueDate: string;
}

export const referenceOf = (rentPaymentId: string): string =>
  `INV-${rentPaymentId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

const cents = (n: number): number => Math.round(n * 100) / 100;

/** What identifies a rendering: the cache key's parts (the payment row alone answers them, one query). */
export interface DocumentIdentity {
  readonly rentPaymentId: string;
  readonly updatedAt: Date;
  readonly status: RentStatus;
  readonly documentType: DocumentType;
  /** INV-<first 8 hex digits of the payment id>, upper case: short, stable, and printed on both documents. */
  readonly reference: string;
  /** Sandbox renderings carry a SANDBOX watermark. */
  readonly sandbox: boolean;
}

export interface LoadedPayment {
  readonly identity: DocumentIdentity;
  readonly rent: RentPayment;
}

export async function loadPayment(
  scope: Scope,
  rentPaymentId: string,
  today: string,
  sandbox: boolean,
): Promise<LoadedPayment> {
  const rent = await RentPayment.scoped(scope).findById(rentPaymentId);
  if (!rent) throw notFound('Rent payment');
  const status = rentStatus(rent, today);
  return {
    rent,
    identity: {
      rentPaymentId: rent.id,
      updatedAt: new Date(rent.updated_at),
      status,
      documentType: documentTypeOf(status),
      reference: referenceOf(rent.id),
      sandbox,
    },
  };
}

/** The rest of the document: landlord, tenant, property and contract, read only when rendering is needed. */
export async function completeDocument(scope: Scope, { rent, identity }: LoadedPayment): Promise<InvoiceDocument> {
  const [landlord, tenant, property, contract] = await Promise.all([
    Landlord.query(scope.db).findById(scope.landlordId),
    Tenant.scoped(scope).findById(rent.tenant_id),
    Property.scoped(scope).findById(rent.property_id),
    Contract.scoped(scope).findById(rent.contract_id),
  ]);
  if (!landlord) throw notFound('Rent payment');
  const amount = Number(rent.amount);
  const amountReceived = rent.amount_received === null ? 0 : Number(rent.amount_received);
  return {
    ...identity,
    contractId: rent.contract_id,
    propertyId: rent.property_id,
    tenantId: rent.tenant_id,
    landlord: { name: landlord.name, email: landlord.email, address: landlord.address, timezone: landlord.timezone },
    tenant: tenant
      ? { fullName: `${tenant.first_name} ${tenant.last_name}`, firstName: tenant.first_name, email: tenant.email }
      : null,
    property: property ? { shortName: property.short_name, address: fullAddress(property) } : null,
    tenancyReference: contract?.tenancy_reference ?? null,
    period: rent.period,
    periodStart: rent.period_start,
    periodEnd: rent.period_end,
    dueDate: rent.due_date,
    amount,
    amountReceived,
    balanceDue: Math.max(0, cents(amount - amountReceived)),
    datePaid: rent.date_paid,
    issueDate: localDate({ now: () => identity.updatedAt }, landlord.timezone),
  };
}

export async function loadInvoiceDocument(
  scope: Scope,
  rentPaymentId: string,
  today: string,
  sandbox: boolean,
): Promise<InvoiceDocument> {
  return completeDocument(scope, await loadPayment(scope, rentPaymentId, today, sandbox));
}
