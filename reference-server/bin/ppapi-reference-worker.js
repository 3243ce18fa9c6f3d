#!/usr/bin/env node
'use strict';
// ppapi-reference-worker: a webhook worker process beside the reference server (dispatcher, delivery worker, scheduler).
// The package ships its TypeScript sources; tsx (a dependency) compiles each module as it loads, so the same
// files run from a clone and from an install (see the package README, "Installing on its own").
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
require('tsx/cjs');
require('./worker.ts');
