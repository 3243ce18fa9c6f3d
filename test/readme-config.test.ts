// reference-server/README.md's configuration table is the configuration schema's own descriptions and defaults:
// a variable added to the schema without a description, or a README edited by hand, fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configRows, configurationTable } from '../reference-server/src/config-table';
import { configurationTableIn, withConfigurationTable } from './readme-config';

const readme = readFileSync(join(__dirname, '..', 'reference-server', 'README.md'), 'utf8');

describe('the configuration table of reference-server/README.md', () => {
  it('is the one generated from CONFIG_SCHEMA (npx tsx scripts/config-table.ts rewrites it)', () => {
    expect(configurationTableIn(readme)).toBe(configurationTable());
  });

  it('documents every variable with a default and a meaning', () => {
    const rows = configRows();
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'ADMIN_TOKEN']));
    for (const row of rows)
      expect([row.name, row.meaning.length > 0, row.default.length > 0]).toEqual([row.name, true, true]);
  });

  it('is found between its markers and replaced there only', () => {
    const doc = 'a\n<!-- configuration-table:start -->\nold\n<!-- configuration-table:end -->\nb\n';
    const next = withConfigurationTable(doc, '| x |');
    expect(configurationTableIn(next)).toBe('| x |');
    expect(next.startsWith('a\n')).toBe(true);
    expect(next.endsWith('\nb\n')).toBe(true);
    expect(() => configurationTableIn('no block')).toThrow(/configuration-table:start/);
  });
});
