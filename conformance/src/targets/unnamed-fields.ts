// Fields the suite writes or reads whose names the spec does not give ("Contract: fields beyond those listed: not
// shown", "Contract POST and PATCH body field names: not shown", "Rent payment: … a due date", tenant field lists
// "not shown", "Request body field names for POST /properties … beyond those named: not shown"). A target file may
// name them (`fields`); without it the suite writes the names below, the reference server's (docs/api-notes), as a
// guess, and reads a field only under a name the target gave or the deployment showed back (checks/shared/unnamed.ts).

import { FIXTURE_FIELDS } from '@ppapi/spec';

/**
 * Each resource's unnamed fields: the suite's name for the field, and the spelling it guesses when not told, which
 * is the fixture deployment's (the names its target file declares, kept once in @ppapi/spec). For property, the
 * body names of POST /properties (the answer's names are the spec's Property fields).
 */
export const UNNAMED_FIELDS = FIXTURE_FIELDS;

export type UnnamedResource = keyof typeof UNNAMED_FIELDS;
export type UnnamedField<R extends UnnamedResource> = keyof (typeof UNNAMED_FIELDS)[R] & string;

/** A target file's `fields`: for a resource, the deployment's spelling of each field it names. */
export type FieldNames = { readonly [R in UnnamedResource]?: { readonly [F in UnnamedField<R>]?: string } };
