// The spec's paths as a deployment routes them: the methods the spec lists on each, and where ids sit in them.

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec paths (relative to the base URL) and the methods the spec lists on them. */
const SPEC_PATHS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/properties$/, ['GET', 'POST']],
  [/^\/properties\/[^/]+$/, ['GET', 'PATCH', 'DELETE']],
  [/^\/properties\/[^/]+\/image$/, ['POST']],
  [/^\/properties\/[^/]+\/handbook$/, ['GET']],
  [/^\/properties\/[^/]+\/documents$/, ['GET', 'POST']],
  [/^\/properties\/[^/]+\/documents\/[^/]+$/, ['DELETE']],
  [/^\/contracts$/, ['GET', 'POST']],
  [/^\/contracts\/[^/]+$/, ['GET', 'PATCH', 'DELETE']],
  [/^\/contracts\/[^/]+\/documents$/, ['GET', 'POST']],
  [/^\/contracts\/[^/]+\/documents\/[^/]+$/, ['DELETE']],
  [/^\/rent$/, ['GET', 'POST']],
  [/^\/rent\/[^/]+$/, ['PATCH']],
  [/^\/rent\/[^/]+\/invoice\/pdf$/, ['GET']],
  [/^\/rent\/[^/]+\/invoice\/email$/, ['POST']],
  [/^\/events$/, ['GET']],
  [/^\/team$/, ['GET']],
  [/^\/compliance\/summary$/, ['GET']],
];

/** The methods the spec lists on a spec path (relative to the base URL), or undefined off the spec's paths. */
export function listedOn(path: string | undefined): readonly string[] | undefined {
  return path !== undefined ? SPEC_PATHS.find(([pattern]) => pattern.test(path))?.[1] : undefined;
}

/** The methods the spec lists on the path of a request, when the request's method is not one of them. */
export function unlistedOn(path: string | undefined, method: string): readonly string[] | undefined {
  const listed = listedOn(path);
  return listed && !listed.includes(method) ? listed : undefined;
}

/** Where an id sits in a spec path: the segment after a collection, and the document id. */
const ID_SEGMENT = /^\/(properties|contracts|rent)\/([^/]+)(?:\/(?:documents)\/([^/]+))?/;

/** The id segments of a spec path when one of them is not a UUID: [collection, id, docId]; otherwise undefined. */
export function nonUuidIds(
  path: string | undefined,
): [string | undefined, string | undefined, string | undefined] | undefined {
  const m = path !== undefined ? ID_SEGMENT.exec(path) : null;
  if (!m) return undefined;
  const [, collection, id, docId] = m;
  return UUID.test(id ?? '') && (docId === undefined || UUID.test(docId)) ? undefined : [collection, id, docId];
}
