// Operations every deployment must support, each with the check that fails when it fails (checks/required). A
// check that needs one of them to set up and sees it refused is reported `blocked` by that check, never skipped:
// a deployment that breaks a required write is the one QA most needs to hear about.

/** Check ids of the required operations (defined in checks/required/operations.ts). */
export const REQUIRED = {
  /** POST /properties with a body of the spec's Property fields, as an Enterprise read_write live key (PROP-5). */
  createProperty: 'required.propertyCreateAnswers201',
  /** POST /contracts between a property and a tenant of the landlord's (CONTRACT-7). */
  createContract: 'required.contractCreateAnswers201',
  /** POST /rent for a contract of the landlord's (RENT-POST-6). */
  createRent: 'required.rentCreateAnswers201',
} as const;

export type RequiredOperation = keyof typeof REQUIRED;
