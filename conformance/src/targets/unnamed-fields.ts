// Fields the suite writes or reads whose names the spec does not give ("Contract: fields beyond those listed: not
// shown", "Contract POST and PATCH body field names: not shown", "Rent payment: … a due date", tenant field lists
// "not shown", "Request body field names for POST /properties … beyond those named: not shown"). A target file may
// name them (`fields`); without it the suite writes the names below, the reference server's (docs/api-notes), as a
// guess, and reads a field only under a name the target gave or the deployment showed back (checks/shared/unnamed.ts).

/** Each resource's unnamed fields: the suite's name for the field, and the spelling it guesses when not told. */
export const UNNAMED_FIELDS = {
  /** The body names of POST /properties (the answer's names are the spec's Property fields). */
  property: {
    shortName: 'shortName',
    addressLine1: 'addressLine1',
    city: 'city',
    postcode: 'postcode',
    propertyType: 'propertyType',
    bedrooms: 'bedrooms',
    bathrooms: 'bathrooms',
  },
  contract: {
    tenancyReference: 'tenancyReference',
    startDate: 'startDate',
    endDate: 'endDate',
    rentAmount: 'rentAmount',
  },
  rentPayment: { dueDate: 'dueDate' },
  tenant: { firstName: 'firstName', lastName: 'lastName', email: 'email' },
} as const;

export type UnnamedResource = keyof typeof UNNAMED_FIELDS;
export type UnnamedField<R extends UnnamedResource> = keyof (typeof UNNAMED_FIELDS)[R] & string;

/** A target file's `fields`: for a resource, the deployment's spelling of each field it names. */
export type FieldNames = { readonly [R in UnnamedResource]?: { readonly [F in UnnamedField<R>]?: string } };
