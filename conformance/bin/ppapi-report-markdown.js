#!/usr/bin/env node
'use strict';
// ppapi-report-markdown REPORT.json [TITLE]: a JSON report of the suite as Markdown (the GitHub Action's job summary).
// The package ships its TypeScript sources; tsx (a dependency) compiles each module as it loads.
require('tsx/cjs');
process.exitCode = require('./report-markdown.ts').reportMarkdownCli(process.argv.slice(2));
