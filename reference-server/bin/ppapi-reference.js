#!/usr/bin/env node
'use strict';
// ppapi-reference: the reference server (`npm run reference`; configured by the environment, see the README).
// --version (and --help where the program has none of its own) answer here, before any TypeScript loads.
const { name, version } = require('../package.json');
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    [
      'Usage: ppapi-reference        (from a clone of the repository: npm run reference)',
      'The reference server of the Property Portfolio Public API, configured by the environment:',
      '  PORT (3000), HOST (127.0.0.1), DATABASE_URL (unset: PGlite in memory; DATA_DIR keeps it on disk),',
      '  REDIS_URL (unset: in-process store), SMTP_URL (unset: in-process mail capture), ADMIN_TOKEN (dashboard and',
      '  provisioning API), WEBHOOK_URL + WEBHOOK_SECRET, WEBHOOK_RETRY_DELAYS. Every variable: the package README.',
      'Prints "listening on http://HOST:PORT" when ready; ends on SIGTERM or SIGINT.',
      '  --version   print the name and version',
      '',
    ].join('\n'),
  );
  process.exit(0);
}
if (args.length === 1 && args[0] === '--version') {
  process.stdout.write(`ppapi-reference ${version} (${name})\n`);
  process.exit(0);
}
// From a clone, with the TypeScript sources beside this file, tsx (a development dependency of the repository)
// runs them with the repository's tsconfig (its paths point @ppapi/* at their sources); an installed package has
// only the compiled dist/ and needs no compiler.
const source = require('node:path').join(__dirname, 'reference.ts');
if (require('node:fs').existsSync(source)) {
  process.env.TSX_TSCONFIG_PATH ??= require('node:path').join(__dirname, '..', '..', 'tsconfig.json');
  require('tsx/cjs');
  require(source);
} else {
  require('../dist/bin/reference.js');
}
