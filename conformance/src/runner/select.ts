// --only and --profile: which checks run. A pattern matches a check id or any of its rule ids, so
// `--only 'AUTH-*'` and `--only 'auth.*'` both work (globs: * any run of characters, ? one; case-insensitive).

export function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'i');
}

/** Comma-separated or repeated patterns; a check matches when any pattern matches. */
export function splitPatterns(only: string | readonly string[] | undefined): string[] {
  if (only === undefined) return [];
  const list = typeof only === 'string' ? [only] : only;
  return list
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

export function matchesOnly(
  check: { readonly id: string; readonly rules: readonly string[] },
  patterns: readonly string[],
): boolean {
  if (patterns.length === 0) return true;
  return patterns.some((p) => {
    const re = globToRegExp(p);
    return re.test(check.id) || check.rules.some((r) => re.test(r));
  });
}

export function selectChecks<C extends { readonly id: string; readonly rules: readonly string[] }>(
  checks: readonly C[],
  only: string | readonly string[] | undefined,
): C[] {
  const patterns = splitPatterns(only);
  return checks.filter((c) => matchesOnly(c, patterns));
}
