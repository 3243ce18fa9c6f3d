// The shape of one route of the spec as the suite knows it: every generated check (access matrix, invalid values,
// paging, foreign ids, deletes, run-wide invariants) and the mutation engine iterate these records, so a fact
// about a route is written once, here, and read everywhere.

import type { UnnamedResource } from '../targets/unnamed-fields';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Where in the spec a route is given. `named`: "Endpoints named but not detailed" (shape and parameters not shown). */
export type Detail = 'full' | 'named';

/** The resource a 404 on a route is about (ERR-3: "the 404 message names the missing resource kind"). */
export type ResourceKind = 'property' | 'contract' | 'rent payment' | 'tenant' | 'document';

/** A resource group; the named ones may not be served by a deployment (their paths are not shown). */
export type RouteGroup =
  | 'properties'
  | 'documents'
  | 'contracts'
  | 'rent'
  | 'invoices'
  | 'calendar'
  | 'team'
  | 'compliance'
  | 'subscription'
  | 'mortgages'
  | 'tenants'
  | 'contacts'
  | 'chat'
  | 'maintenance issues'
  | 'inspections';

/** A value set of a parameter, as the spec states it. */
export type ParamType =
  | { readonly kind: 'integer'; readonly min?: number; readonly max?: number }
  | { readonly kind: 'string'; readonly minLength?: number; readonly maxLength?: number }
  /** `list`: comma-separated values from the set (GET /events `type`). */
  | {
      readonly kind: 'enum';
      readonly values: readonly string[];
      readonly list?: boolean;
      /** The whole value's length limit (GET /events `type`: "string max 500 chars"). */
      readonly maxLength?: number;
    }
  | { readonly kind: 'uuid' }
  | { readonly kind: 'date' };

/** How a list filter is checked from outside. */
export interface FilterSpec {
  /** Item field the filter is about; undefined when the spec does not give its name. */
  readonly field?: string;
  /**
   * For a filter whose field name the spec does not give (the tenancy reference: "its field name is not given"):
   * the unnamed field it is about; its name is the target's, or the one the deployment showed back, else unknown.
   */
  readonly unnamed?: { readonly resource: UnnamedResource; readonly field: string };
  /**
   * `equals` (enum, id), `contains` (case-insensitive, search), `carries` (the id appears somewhere in the item),
   * `oneOf` (comma-separated values: the item's field is one of them), `expiresWithin` (non-null date on or before
   * today plus N days).
   */
  readonly match: 'equals' | 'contains' | 'carries' | 'oneOf' | 'expiresWithin';
  /** "Checked only for acceptance" (OTHER-11): no item-level assertion. */
  readonly acceptanceOnly?: boolean;
}

export interface QueryParam {
  readonly name: string;
  readonly type: ParamType;
  /** The rules that state this parameter's meaning and value set (the route's invalidQueryRules state the 400). */
  readonly rules: readonly string[];
  readonly filter?: FilterSpec;
  /** Parameters that must be sent together with this one (CAL-4: `from` and `to`). */
  readonly with?: readonly string[];
  /**
   * Set when the spec states the value set but not the answer to a value outside it (CAL-9): the invalid values
   * are then sent and judged only by the rule that is stated, never as "must be 400".
   */
  readonly outsideAnswerNotShown?: string;
}

/** `{id}` and `{docId}`: UUIDs (ENDPOINTS-10), filled from the owner's list. */
export interface PathIds {
  /** The owner's list whose items' `id` fill `{id}`. */
  readonly id: string;
  /** The list (with `{id}` filled) whose items fill `{docId}`. */
  readonly docId?: string;
}

/** An id a write takes in its body: another of the landlord's resources, found in `from`. */
export interface BodyId {
  readonly field: string;
  /** The list whose items' ids are valid values. */
  readonly from: string;
  /** An array of ids (additionalTenantIds). */
  readonly array?: boolean;
  /** Where the spec names the field (field names of write bodies are mostly not shown). */
  readonly rules: readonly string[];
}

/** A list (or total) a write changes: where a created item appears and a deleted one disappears. */
export interface ListEffect {
  /** The list path; `{id}` is the written resource's owner id (documents). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number>>;
  /** Where the items are: `data` (a list), or an array inside a summary (the compliance summary's `properties`). */
  readonly itemsAt?: 'data' | 'data.properties';
  /** Where the list's count is: `meta.total` on paged lists, or a field of a summary object. */
  readonly total?: 'meta.total' | 'data.portfolio.propertyCount';
  /** The rules that make the item appear in or leave this list. */
  readonly rules: readonly string[];
}

export interface WriteEffects {
  /** Lists a successful create adds the item to. */
  readonly adds?: readonly ListEffect[];
  /** Lists (and totals) a successful delete removes the item from. */
  readonly removes?: readonly ListEffect[];
  /** An update: the item read back changes. */
  readonly updates?: boolean;
}

/** What answers a success on the route. */
export type ResponseShape =
  /** `{ data: [...], meta }` with meta.page/limit/total (ENDPOINTS-7). */
  | 'list'
  /** `{ data: [...] }` without paging (team roster, document lists). */
  | 'array'
  | 'item'
  | 'deleted'
  | 'pdf'
  | 'invoiceEmail';

/** The body a write carries: enough to pass validation, so the rule under test is what answers. */
export type BodyKind =
  | 'none'
  | 'property'
  | 'propertyPatch'
  | 'image'
  | 'document'
  | 'contract'
  | 'contractPatch'
  | 'rent'
  | 'rentPatch'
  | 'invoiceEmail'
  | 'tenant'
  | 'issuePatch'
  | 'chat';

/**
 * How the resource a write is about is read back (with a key of its landlord):
 * - `item`: `GET path` answers it (`{id}` filled);
 * - `inList`: the item whose id is `{docId}` (or `{id}`) in the list `GET path`;
 * - `created`: a create; the list `GET path` must hold no item carrying the request's marker;
 * - `none`: nothing to read back through the API (the invoice email: the mail capture says whether it was sent).
 */
export type ReadBack =
  | { readonly kind: 'item'; readonly path: string }
  | {
      readonly kind: 'inList';
      readonly path: string;
      readonly idParam: 'id' | 'docId';
      readonly query?: Readonly<Record<string, string | number>>;
    }
  | { readonly kind: 'created'; readonly path: string; readonly query?: Readonly<Record<string, string | number>> }
  | { readonly kind: 'none' };

/** What a sandbox key gets on the route (AUTH-2, Rent rules). */
export type SandboxBehaviour =
  /** Real data, as live. */
  | 'realRead'
  /** Nothing written; `data` is a mock carrying `sandbox: true`. */
  | 'mockWrite'
  /** The invoice email: PDF generated, no email, no webhook; `sent: false`, `sandbox: true`. */
  | 'noSend'
  /** The invoice PDF: the real pipeline on deterministic sandbox data. */
  | 'sandboxPipeline';

export interface SpecRoute {
  readonly method: Method;
  /** Relative to the base URL; `{id}` and `{docId}` are UUIDs (ENDPOINTS-10). */
  readonly path: string;
  readonly detail: Detail;
  /**
   * For a route whose path the spec does not show (it names "tenant writes"): the spec's words it stands for. The
   * path is the one the suite uses; a deployment serving it elsewhere is told apart by a 404 on the collection.
   */
  readonly standsFor?: string;
  readonly group: RouteGroup;
  /** GET: read (Portfolio or Enterprise, any scope); anything else: write (Enterprise, read_write). */
  readonly access: 'read' | 'write';
  readonly sandbox: SandboxBehaviour;
  readonly response: ResponseShape;
  readonly successStatus: number;
  /** Paged with `page` and `limit`, answering `meta` (ENDPOINTS-5..8). */
  readonly paged: boolean;
  /** Contract lists: `meta.hasNextPage` (ENDPOINTS-8). */
  readonly hasNextPage?: boolean;
  /** Query parameters besides `page` and `limit`. */
  readonly query: readonly QueryParam[];
  readonly kind?: ResourceKind;
  readonly ids?: PathIds;
  readonly bodyIds?: readonly BodyId[];
  readonly effects?: WriteEffects;
  readonly body: BodyKind;
  readonly readBack: ReadBack;
  readonly multipart?: boolean;
  /** The invoice routes: a per-landlord limit of their own (invoice PDF 20/min, invoice email 10/min). */
  readonly invoice?: 'pdf' | 'email';
  /** "Responses of GET endpoints and of rent and invoice endpoints also carry X-RateLimit-*" (ENDPOINTS-3). */
  readonly rateLimitHeaders: boolean;
  /** Rules of "answers 200 { data: [...], meta }" for a list, and of "answers 400 on an invalid query". */
  readonly listRules?: readonly string[];
  readonly invalidQueryRules?: readonly string[];
  /** The rule of "answers 404 for an unknown id" on this route, when one names it. */
  readonly notFoundRules?: readonly string[];
}

/** A removed route (DEPRECATED-1..3): answers 410 ENDPOINT_DEPRECATED naming its successor. */
export interface DeprecatedRoute {
  readonly method: Method;
  readonly path: string;
  /** The successor's path as the message and Link header give it. */
  readonly successor: string;
  readonly successorRoute: string;
  readonly rules: readonly string[];
}
