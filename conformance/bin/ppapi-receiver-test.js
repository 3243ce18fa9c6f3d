#!/usr/bin/env node
'use strict';
// ppapi-receiver-test --url URL --secret SECRET [--report FORMAT:PATH]: the receiver tester (`npm run receiver-test`).
// From a clone, with the TypeScript sources beside this file, tsx (a development dependency of the repository)
// runs them with the repository's tsconfig (its paths point @ppapi/* at their sources); an installed package has
// only the compiled dist/ and needs no compiler.
const source = require('node:path').join(__dirname, 'receiver-test.ts');
if (require('node:fs').existsSync(source)) {
  process.env.TSX_TSCONFIG_PATH ??= require('node:path').join(__dirname, '..', '..', 'tsconfig.json');
  require('tsx/cjs');
  require(source);
} else {
  require('../dist/bin/receiver-test.js');
}
