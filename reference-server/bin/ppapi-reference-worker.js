#!/usr/bin/env node
'use strict';
// ppapi-reference-worker: a webhook worker process beside the reference server (dispatcher, delivery worker, scheduler).
// --version (and --help where the program has none of its own) answer here, before any TypeScript loads.
const { name, version } = require('../package.json');
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    [
      'Usage: ppapi-reference-worker (from a clone of the repository: tsx scripts/worker.ts)',
      'A webhook worker beside the reference server (dispatcher, delivery worker, scheduler; no HTTP), configured by',
      'the same environment as ppapi-reference (DATABASE_URL, REDIS_URL, ...): see the package README.',
      '  --version   print the name and version',
      '',
    ].join('\n'),
  );
  process.exit(0);
}
if (args.length === 1 && args[0] === '--version') {
  process.stdout.write(`ppapi-reference-worker ${version} (${name})\n`);
  process.exit(0);
}
// From a clone, with the TypeScript sources beside this file, tsx (a development dependency of the repository)
// runs them with the repository's tsconfig (its paths point @ppapi/* at their sources); an installed package has
// only the compiled dist/ and needs no compiler.
const source = require('node:path').join(__dirname, 'worker.ts');
if (require('node:fs').existsSync(source)) {
  process.env.TSX_TSCONFIG_PATH ??= require('node:path').join(__dirname, '..', '..', 'tsconfig.json');
  require('tsx/cjs');
  require(source);
} else {
  require('../dist/bin/worker.js');
}
