// Putting a compliance certificate on file for a landlord's property (the provisioning contract's optional
// recordCertificate): the public API cannot, so a conformance check records certificates expiring on the severity
// edges for a landlord of its own. The row is an ordinary certificate: the database keeps `superseded` and the
// property's latest-certificate facts on insert (migration 20261126000000), and from those the compliance summary,
// the property views, the calendar and the renewal-field check follow it like a fixture certificate.
import { randomUUID } from 'node:crypto';
import { Certificate, Property, type EPC_RATINGS } from '../persistence/models';
import { runWrite, type UnitOfWorkDeps } from '../platform/sandbox/unit-of-work';
import { getLandlord } from './service';

/** The contract's names of the spec's statutory items, and the certificate type each is on file as. */
export const CERTIFICATE_KINDS = {
  gas_safety: 'GSC',
  electrical_inspection: 'EICR',
  energy_performance: 'EPC',
  landlord_licence: 'LANDLORD_LICENCE',
} as const satisfies Record<string, Certificate['type']>;
export type CertificateKind = keyof typeof CERTIFICATE_KINDS;

/** The kind that may carry a rating and a score. */
export const RATED_KIND: CertificateKind = 'energy_performance';

export interface CertificateInput {
  propertyId: string;
  kind: CertificateKind;
  expiryDate: string;
  issuedDate?: string;
  epcRating?: (typeof EPC_RATINGS)[number];
  epcScore?: number;
}

/** One calendar year before a date (the input's schema keeps dates from 1900): 29 February goes to 28 February. */
export function yearBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return new Date(Date.UTC(year - 1, month - 1, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

const rows = {
  certificates: Certificate.byId('Certificate'),
  properties: Property.byId('Property'),
};

/**
 * Records the certificate in one transaction scoped to the landlord, and bumps the landlord's data version after
 * the commit (runWrite), so cached reads miss at once. 404 NOT_FOUND for an unknown landlord, and for a property
 * that is not the landlord's or is deleted.
 */
export async function recordCertificate(
  deps: UnitOfWorkDeps,
  landlordId: string,
  input: CertificateInput,
): Promise<{ id: string }> {
  return runWrite(deps, landlordId, false, async (ctx) => {
    await getLandlord(ctx.db, landlordId);
    // Locked: a property deleted meanwhile (or its landlord, whose deletion cascades to it) is a 404, not a
    // certificate on a deleted property.
    await rows.properties.lock(ctx, input.propertyId);
    const now = ctx.clock.now();
    const certificate = await rows.certificates.insert(ctx, {
      id: randomUUID(),
      property_id: input.propertyId,
      type: CERTIFICATE_KINDS[input.kind],
      issued_date: input.issuedDate ?? yearBefore(input.expiryDate),
      expiry_date: input.expiryDate,
      epc_rating: input.epcRating ?? null,
      epc_score: input.epcScore ?? null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    return { id: certificate.id };
  });
}
