/** `--only PATTERN`: a glob (`*`, `?`) matched against a check's id and each of its rule ids. */
export function selector(pattern: string | undefined): (check: { readonly id: string; readonly rules: readonly string[] }) => boolean {
  if (pattern === undefined) return () => true;
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  const glob = new RegExp(`^${source}$`);
  return (check) => glob.test(check.id) || check.rules.some((rule) => glob.test(rule));
}
