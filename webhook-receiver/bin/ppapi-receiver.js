#!/usr/bin/env node
'use strict';
// ppapi-receiver --port 4000 --secret S: the mock webhook receiver (`npm run receiver`).
// --version (and --help where the program has none of its own) answer here, before any TypeScript loads.
const { name, version } = require('../package.json');
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === '--version') {
  process.stdout.write(`ppapi-receiver ${version} (${name})\n`);
  process.exit(0);
}
// From a clone, with the TypeScript sources beside this file, tsx (a development dependency of the repository)
// runs them with the repository's tsconfig (its paths point @ppapi/* at their sources); an installed package has
// only the compiled dist/ and needs no compiler.
const source = require('node:path').join(__dirname, 'receiver.ts');
if (require('node:fs').existsSync(source)) {
  process.env.TSX_TSCONFIG_PATH ??= require('node:path').join(__dirname, '..', '..', 'tsconfig.json');
  require('tsx/cjs');
  require(source);
} else {
  require('../dist/bin/receiver.js');
}
