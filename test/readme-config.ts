// The configuration table's place in reference-server/README.md: between two HTML comments, so a script can
// rewrite it and a test can compare it.

const START = '<!-- configuration-table:start -->';
const END = '<!-- configuration-table:end -->';

function bounds(readme: string): { start: number; end: number } {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README: no ${START} … ${END} block`);
  return { start: start + START.length, end };
}

/** The table as the README has it. */
export function configurationTableIn(readme: string): string {
  const { start, end } = bounds(readme);
  return readme.slice(start, end).trim();
}

/** The README with the block replaced by `table`. */
export function withConfigurationTable(readme: string, table: string): string {
  const { start, end } = bounds(readme);
  return `${readme.slice(0, start)}\n${table}\n${readme.slice(end)}`;
}
