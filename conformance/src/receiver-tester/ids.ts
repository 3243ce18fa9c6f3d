/** `truncated-hex` -> `truncatedHex`: variant names in the suite's check-id style. */
export function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
