// Certificates on file, through the provisioning contract's optional recordCertificate (POST
// /landlords/{landlordId}/certificates, docs/provisioning/): the public API cannot put one on file, so without it
// the severity edges are judged only on the items a target happens to hold.

import type { CheckContext } from '../../runner/check';
import { OPERATION_UNSUPPORTED } from '../shared/provision';

/** The statutory items every property requires, as the contract names their certificates. */
export const EDGE_CERTIFICATE_KINDS = ['gas_safety', 'electrical_inspection', 'energy_performance'] as const;

export interface CertificateOnFile {
  readonly propertyId: string;
  readonly kind: (typeof EDGE_CERTIFICATE_KINDS)[number] | 'landlord_licence';
  readonly expiryDate: string;
}

/**
 * Puts a certificate on file for a property of the landlord's own; false when the target's provisioning does not
 * offer the operation. Any other refusal is the provisioning side's failure, not the API's: it throws (an error).
 */
export async function recordCertificate(
  ctx: CheckContext,
  landlordId: string,
  certificate: CertificateOnFile,
): Promise<boolean> {
  const res = await ctx.dashboard.request({
    method: 'POST',
    path: `/landlords/${landlordId}/certificates`,
    json: certificate,
  });
  if (res.status === 200 || res.status === 201) return true;
  if (OPERATION_UNSUPPORTED.includes(res.status)) return false;
  throw new Error(
    `provisioning recordCertificate (POST /landlords/${landlordId}/certificates) answered ${res.status} ${res.text.slice(0, 200)}`,
  );
}
