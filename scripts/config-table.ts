// `npx tsx scripts/config-table.ts`: rewrites the configuration table of reference-server/README.md from the
// descriptions in the server's configuration schema (test/readme-config.test.ts fails until it is run).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configurationTable } from '../reference-server/src/config-table';
import { withConfigurationTable } from '../test/readme-config';

const path = join(__dirname, '..', 'reference-server', 'README.md');
const before = readFileSync(path, 'utf8');
const after = withConfigurationTable(before, configurationTable());
writeFileSync(path, after);
process.stdout.write(before === after ? 'configuration table already current\n' : `rewrote the table in ${path}\n`);
