#!/usr/bin/env node
'use strict';
// ppapi-report-markdown REPORT.json [TITLE]: a JSON report of the suite as Markdown (the GitHub Action's job summary).
// From a clone, tsx runs the TypeScript source beside this file; an installed package runs its compiled dist/.
const source = require('node:path').join(__dirname, 'report-markdown.ts');
let cli;
if (require('node:fs').existsSync(source)) {
  process.env.TSX_TSCONFIG_PATH ??= require('node:path').join(__dirname, '..', '..', 'tsconfig.json');
  require('tsx/cjs');
  cli = require(source);
} else {
  cli = require('../dist/bin/report-markdown.js');
}
process.exitCode = cli.reportMarkdownCli(process.argv.slice(2));
