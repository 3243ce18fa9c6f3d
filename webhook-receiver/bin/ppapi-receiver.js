#!/usr/bin/env node
'use strict';
// ppapi-receiver --port 4000 --secret S: the mock webhook receiver (`npm run receiver`).
// The package ships its TypeScript sources; tsx (a dependency) compiles each module as it loads, so the same
// files run from a clone and from an install (see the package README, "Installing on its own").
// --version (and --help where the program has none of its own) answer here, before any TypeScript loads.
const { name, version } = require('../package.json');
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === '--version') {
  process.stdout.write(`ppapi-receiver ${version} (${name})\n`);
  process.exit(0);
}
require('tsx/cjs');
require('./receiver.ts');
