// The Link header field (RFC 8288 section 3): `Link: <URI-Reference> *( ";" link-param )`, several links separated
// by commas, parameters in any order, values as tokens or quoted strings, targets relative to the request's URL.
// A server may write a target in any of these forms, and percent-encode what RFC 3986 does not allow in a URI (a
// `{id}` template is `%7Bid%7D`), so the suite reads the header the way a client does, never as text.

export interface Link {
  /** The target resolved against the request's URL. */
  readonly target: string;
  /** Parameter names in lower case (RFC 8288 section 3: case-insensitive); the last of a repeated name. */
  readonly params: Readonly<Record<string, string>>;
}

/** The links of a Link header value; undefined when it is not the RFC 8288 syntax. */
export function parseLinks(value: string, base: string): Link[] | undefined {
  const links: Link[] = [];
  let i = 0;
  const skipSpace = (): void => {
    while (i < value.length && /[ \t]/.test(value[i] ?? '')) i++;
  };
  while (i < value.length) {
    skipSpace();
    if (value[i] === ',') {
      i++;
      continue;
    }
    if (value[i] !== '<') return undefined;
    const close = value.indexOf('>', i);
    if (close < 0) return undefined;
    const reference = value.slice(i + 1, close);
    i = close + 1;
    const params: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (value[i] !== ';') break;
      i++;
      skipSpace();
      const name = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/.exec(value.slice(i))?.[0];
      if (!name) return undefined;
      i += name.length;
      skipSpace();
      let param = '';
      if (value[i] === '=') {
        i++;
        skipSpace();
        if (value[i] === '"') {
          i++;
          while (i < value.length && value[i] !== '"') {
            if (value[i] === '\\') i++;
            param += value[i] ?? '';
            i++;
          }
          if (value[i] !== '"') return undefined;
          i++;
        } else {
          param = /^[^;,\s]*/.exec(value.slice(i))?.[0] ?? '';
          i += param.length;
        }
      }
      params[name.toLowerCase()] = param;
    }
    skipSpace();
    if (i < value.length && value[i] !== ',') return undefined;
    let target: string;
    try {
      target = new URL(reference, base).toString();
    } catch {
      return undefined;
    }
    links.push({ target, params });
  }
  return links;
}

/** The decoded path of a link's target (`%7Bid%7D` read as `{id}`). */
export function targetPath(link: Link): string {
  const path = new URL(link.target).pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
