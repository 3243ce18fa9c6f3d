// The tenant's fields, once: column, kind, nullability and request rule (see ../field-table.ts).
import Joi from 'joi';
import type { Tenant } from '../../persistence/models';
import { email, isoDate, uuid } from '../../platform/http/schemas';
import { fieldTable, type CreateInputOf, type InputOf, type ViewOf } from '../field-table';

/** Tenant status: INVITED until the tenant accepts the portal invitation, then ACTIVE (read-only in the API). */
export const TENANT_STATUSES = ['INVITED', 'ACTIVE'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

const name = Joi.string().trim().min(1).max(120);

// email is required: the portal invitation goes to it. propertyId is required: a tenant record is created for
// a property (its occupancy still comes from contracts). Both may be null on stored rows, never in a request.
export const tenantFields = fieldTable<Tenant>()({
  id: { column: 'id', kind: 'uuid' },
  firstName: { column: 'first_name', kind: 'string', input: name, required: true },
  lastName: { column: 'last_name', kind: 'string', input: name, required: true },
  email: { column: 'email', kind: 'string', nullable: 'response', input: email.trim(), required: true },
  phone: { column: 'phone', kind: 'string', nullable: true, input: Joi.string().trim().min(1).max(50) },
  propertyId: { column: 'property_id', kind: 'uuid', nullable: 'response', input: uuid, required: true },
  status: {
    column: 'status',
    kind: 'string',
    values: TENANT_STATUSES,
    readOnly: 'it follows the tenant portal account (INVITED until the invitation is accepted)',
  },
  hasAccount: { column: 'has_account', kind: 'boolean', readOnly: 'it is known from the tenant portal' },
  rightToRentExpiry: { column: 'right_to_rent_expiry', kind: 'date', nullable: true, input: isoDate },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});

export type TenantView = ViewOf<typeof tenantFields.fields>;
export type TenantInput = InputOf<typeof tenantFields.fields>;
/** A create body: the table's required fields present. */
export type TenantCreateInput = CreateInputOf<typeof tenantFields.fields>;
