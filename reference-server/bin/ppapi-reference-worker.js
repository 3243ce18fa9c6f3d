#!/usr/bin/env node
'use strict';
// ppapi-reference-worker: a webhook worker process beside the reference server (dispatcher, delivery worker, scheduler).
// The package ships its TypeScript sources; tsx (a dependency) compiles each module as it loads, so the same
// files run from a clone and from an install (see the package README, "Installing on its own").
require('tsx/cjs');
require('./worker.ts');
