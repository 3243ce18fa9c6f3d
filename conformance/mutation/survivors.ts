// Surviving mutants the suite does not kill, each with why: the report reads this file, so a survivor listed here is
// "survived (class: reason)" and one not listed is "survived (unexplained)", a finding to act on. `mutant` is a glob
// on mutant ids (`<rule>/<kind>/<METHOD path>/<variant>`, `*` any run of characters).

export interface KnownSurvivor {
  readonly mutant: string;
  /**
   * `unobservable`: no black-box client can tell the violation from a correct answer (the reason says why);
   * `weak-check`: a check could see it and does not yet (the reason names the check to strengthen). A listed
   * mutant that gets killed is reported as a stale entry, so the entry is removed once the check is strengthened.
   */
  readonly class: 'unobservable' | 'weak-check';
  readonly reason: string;
}

const WRITE_SHAPE =
  "the resource's shape check (properties.listAndDetailShareTheFullShape, contracts.listAndDetailShape, rent.listShapeAndFilters) holds the spec's field table on GET answers only; a write's `{ data: <resource> }` answer is not held to it";
const META_PAGE =
  'no check compares `meta.page` with the page requested (pagination.pagesPartitionEveryList follows hasNextPage and totals, not the echoed page)';

const MODE_BY_KEY =
  'invariants.serviceModeOnEveryAnswer holds X-Service-Mode to live or sandbox, not to the mode the key implies, and auth.serviceModeHeaderOnEveryResponseFollowsKeyPrefix probes a few routes only (a run-wide invariant keyed by the key closes it)';

export const KNOWN_SURVIVORS: readonly KnownSurvivor[] = [
  { mutant: 'RES-*/field/POST *', class: 'weak-check', reason: WRITE_SHAPE },
  { mutant: 'RES-*/field/PATCH *', class: 'weak-check', reason: WRITE_SHAPE },
  { mutant: 'ENVELOPE-?/field/PATCH *', class: 'weak-check', reason: WRITE_SHAPE },
  { mutant: 'ENVELOPE-?/field/POST *', class: 'weak-check', reason: WRITE_SHAPE },
  {
    mutant: 'ENVELOPE-1/field/DELETE *',
    class: 'weak-check',
    reason:
      'envelope.idsDatesAndTimestampsFollowTheConventions reads GET answers; the id in a delete answer (`{ deleted: true, id }`) is not held to the UUID convention',
  },
  { mutant: 'ENDPOINTS-7/total/*/page+1', class: 'weak-check', reason: META_PAGE },
  {
    mutant: 'ENVELOPE-4/envelope/* *{id}*/data-unwrapped',
    class: 'weak-check',
    reason:
      'envelope.successBodiesAreDataWithMetaOnLists holds `{ data, meta? }` on list and read answers; no run-wide observer holds it on every 2xx, so a write or delete answer without the `data` wrapper passes the checks citing ENVELOPE-4',
  },
  { mutant: 'AUTH-3/header/*/mode-flipped', class: 'weak-check', reason: MODE_BY_KEY },
  { mutant: 'ENDPOINTS-2/header/*/mode-flipped', class: 'weak-check', reason: MODE_BY_KEY },
];
